"""The desk's takings for the night: each player's fee, who pays it and how, and the money in.

Each change is one POST (a fee, a payment taken or undone, an extra charged or undone,
the night's fees' kind) answered by a redirect, so a reload never posts twice; a refused one shows the
page again with the reason beside the player and the field (status 400).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.models import Player
from tournaments.core.views.access import SignedInRequest
from tournaments.money.forms import ExtraForm, FeeForm, SessionScheduleForm
from tournaments.money.models import DeskExtra, FeeRate, TableFee
from tournaments.money.selectors.fees import (
    DeskRow,
    desk_rows,
    fees_elsewhere,
    schedule_of,
    session_takings,
    standing_extras,
)
from tournaments.money.selectors.ledger import currency_of
from tournaments.money.services.charges import extra_add, extra_undo, fee_payment_undo, fee_receive, fee_set
from tournaments.money.services.fees import session_schedule_set
from tournaments.night.models import Session
from tournaments.night.selectors.director import session_for_director

TEMPLATE = "tournaments/money/desk.html"


def _refusal(error: ValidationError, labels: dict[str, str]) -> list[str]:
    if not hasattr(error, "error_dict"):
        return list(error.messages)
    return [
        f"{labels.get(field, field)}: {message}"
        for field, found in error.message_dict.items()
        for message in found
    ]


def _rates(session: Session) -> list[FeeRate]:
    schedule = schedule_of(session)
    return list(schedule.rates.all()) if schedule is not None else []


def _payers(rows: list[DeskRow]) -> dict[int, Player]:
    """Who may pay a fee tonight: a player of the night, or a member who pays for one (a couple's account)."""
    payers = {row.player.pk: row.player for row in rows}
    for row in rows:
        for payer in (row.payer, row.standing_payer):
            if payer is not None:
                payers.setdefault(payer.pk, payer)
    return payers


def _post(
    request: SignedInRequest, session: Session, players: dict[int, Player], payers: dict[int, Player]
) -> list[str] | None:
    """Carry out the POSTed change; return the refusals to show, or ``None`` when it was done."""
    action = request.POST.get("action", "")
    if action == "fee":
        rates = _rates(session)
        form = FeeForm(request.POST, players=payers.values(), rates=rates)
        if not form.is_valid():
            return [
                f"{form.fields[name].label}: {' '.join(str(each) for each in found)}"
                for name, found in form.errors.items()
            ]
        player = players.get(form.cleaned_data["player"])
        if player is None:
            return [_("That player did not play this session.")]
        payer_id = form.cleaned_data["payer"]
        payer = payers.get(int(payer_id)) if payer_id else None
        labels = {name: str(field.label) for name, field in form.fields.items()}
        try:
            fee_set(
                session=session,
                player=player,
                amount=form.cleaned_data["amount"],
                payer=payer,
                method=form.cleaned_data["method"],
                rate=next((rate for rate in rates if str(rate.pk) == form.cleaned_data["rate"]), None),
                by=request.user,
            )
        except ValidationError as error:
            return [f"{player.name}: {line}" for line in _refusal(error, labels)]
        messages.success(request, _("%(player)s's fee is saved.") % {"player": player.name})
        return None
    if action in ("receive", "undo"):
        fee = get_object_or_404(TableFee, session=session, pk=request.POST.get("fee") or 0)
        try:
            if action == "receive":
                fee_receive(fee=fee, by=request.user)
            else:
                fee_payment_undo(fee=fee, by=request.user)
        except ValidationError as error:
            return _refusal(error, {"amount": str(_("Fee")), "method": str(_("How"))})
        return None
    if action == "extra":
        extra = ExtraForm(request.POST, players=players.values())
        if not extra.is_valid():
            return [
                f"{extra.fields[name].label}: {' '.join(str(each) for each in found)}"
                for name, found in extra.errors.items()
            ]
        labels = {name: str(field.label) for name, field in extra.fields.items()}
        try:
            extra_add(
                session=session,
                player=players[int(extra.cleaned_data["player"])],
                what=extra.cleaned_data["what"],
                amount=extra.cleaned_data["amount"],
                method=extra.cleaned_data["method"],
                by=request.user,
            )
        except ValidationError as error:
            return _refusal(error, labels)
        return None
    if action == "extra_undo":
        found = get_object_or_404(DeskExtra, session=session, pk=request.POST.get("extra") or 0)
        extra_undo(extra=found, by=request.user)
        messages.success(
            request,
            _("%(what)s for %(player)s is undone.") % {"what": found.what, "player": found.player.name},
        )
        return None
    if action == "schedule":
        chosen = SessionScheduleForm(request.POST, club_id=session.club_id)
        if not chosen.is_valid():
            return [
                f"{chosen.fields[name].label}: {' '.join(str(each) for each in found)}"
                for name, found in chosen.errors.items()
            ]
        session_schedule_set(session=session, schedule=chosen.cleaned_data["schedule"])
        return None
    return [_("Nothing was asked for.")]


@login_required
@require_http_methods(["GET", "POST"])
def desk(request: SignedInRequest, session_id: int) -> HttpResponse:
    """The night's takings: every player's fee and how it is paid, the cash to count."""
    session = session_for_director(request.user, session_id)
    rows = desk_rows(session)
    players = {row.player.pk: row.player for row in rows}
    payers = _payers(rows)
    refusals: list[str] = []
    if request.method == "POST":
        refused = _post(request, session, players, payers)
        if refused is None:
            return redirect(reverse("director:money_desk", args=[session.pk]))
        refusals = refused
        rows = desk_rows(session)
    schedule = schedule_of(session)
    rates = _rates(session)
    context = {
        "session": session,
        "club": session.club,
        "rows": [(row, FeeForm(players=payers.values(), rates=rates, initial=_initial(row))) for row in rows],
        "extra_form": ExtraForm(players=players.values()),
        "schedule": schedule,
        "schedule_form": SessionScheduleForm(club_id=session.club_id, initial={"schedule": schedule}),
        "takings": session_takings(session),
        "extras": standing_extras(session).select_related("player"),
        "currency": currency_of(session.club),
        "refusals": refusals,
        "fees_at": fees_elsewhere(session),
    }
    return render(request, TEMPLATE, context, status=400 if refusals else 200)


def _initial(row: DeskRow) -> dict[str, object]:
    return {
        "player": row.player.pk,
        "amount": row.amount,
        "payer": row.payer.pk if row.payer is not None else "",
        "method": row.method,
    }
