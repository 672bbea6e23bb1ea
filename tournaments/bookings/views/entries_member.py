"""A signed-in member's entries: enter an event, confirm his place, pay from his account, cancel.

The member is read from the signed-in user and his players from the member lists holding
his address (``members.selectors.accounts``); an entry or a place not his is a 404, as a
page that is not there (a member guessing ids learns nothing).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bookings.entry_forms import EntryForm
from tournaments.bookings.models import Entry, EntryEvent
from tournaments.bookings.selectors import entries as selectors
from tournaments.bookings.services.entries import entry_cancel, entry_confirm, entry_make
from tournaments.bookings.services.entry_payments import entry_pay_from_account
from tournaments.core.forms import form_add_service_error
from tournaments.core.models import Player
from tournaments.members.models import MemberAccount
from tournaments.members.selectors import accounts
from tournaments.members.views.my_club import member_required

TEMPLATES = "tournaments/bookings/entries/"


def _players(account: MemberAccount) -> list[Player]:
    return list({club.player.pk: club.player for club in accounts.member_clubs(account)}.values())


@member_required
def my_entries(request: HttpRequest, account: MemberAccount) -> HttpResponse:
    clubs = accounts.member_clubs(account)
    players = _players(account)
    context = {
        "rows": selectors.member_entries(players),
        "players": {player.pk for player in players},
        "open_events": selectors.entry_events_open(list({c.club.pk: c.club for c in clubs}.values())),
    }
    return render(request, TEMPLATES + "mine.html", context)


def _his_player_at(account: MemberAccount, event: EntryEvent) -> Player:
    """The player the event's club's list names him by: a 404 at a club that does not hold his address."""
    for club in accounts.member_clubs(account):
        if club.club.pk == event.club_id:
            return club.player
    raise Http404


@member_required
@require_http_methods(["GET", "POST"])
def my_entry_new(request: HttpRequest, account: MemberAccount, event_id: int) -> HttpResponse:
    event = get_object_or_404(EntryEvent.objects.select_related("club"), pk=event_id)
    player = _his_player_at(account, event)
    form = EntryForm(request.POST or None, event=event, entrant=player)
    if request.method == "POST" and form.is_valid():
        try:
            entry = entry_make(
                event=event,
                players=form.players(),
                team_name=form.cleaned_data.get("team_name", ""),
                user=request.user,
                confirmed=[player],
                throttled=True,
            )
        except ValidationError as error:
            form_add_service_error(form, error)
        else:
            if entry.waiting:
                messages.warning(
                    request,
                    _(
                        "%(event)s is full: your entry (%(number)d) is on its waiting list. You will be "
                        "told by email when a place frees."
                    )
                    % {"event": event.name, "number": entry.number},
                )
            else:
                messages.success(
                    request,
                    _(
                        "You are entered in %(event)s (entry %(number)d): it stands once every player "
                        "has confirmed."
                    )
                    % {"event": event.name, "number": entry.number},
                )
            return redirect("my_entries")
    status = 400 if form.is_bound else 200
    return render(request, TEMPLATES + "enter.html", {"event": event, "form": form}, status=status)


@member_required
@require_http_methods(["GET", "POST"])
def my_entry_confirm(request: HttpRequest, account: MemberAccount, place_id: int) -> HttpResponse:
    """The mailed link's page: one button (a mail scanner's GET confirms nothing)."""
    place = selectors.entry_player_of(_players(account), place_id)
    if request.method == "POST":
        try:
            entry_confirm(entry_player=place)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            messages.success(
                request, _("Your place in %(event)s is confirmed.") % {"event": place.entry.event.name}
            )
        return redirect("my_entries")
    return render(request, TEMPLATES + "confirm.html", {"place": place})


def _his_entry(account: MemberAccount, entry_id: int) -> tuple[Entry, Player]:
    players = _players(account)
    place = (
        Entry.objects.filter(pk=entry_id, players__player__in=players)
        .select_related("event", "event__club")
        .first()
    )
    if place is None:
        raise Http404
    player = next(p for p in players if place.players.filter(player=p).exists())
    return place, player


@require_POST
@member_required
def my_entry_pay(request: HttpRequest, account: MemberAccount, entry_id: int) -> HttpResponse:
    entry, player = _his_entry(account, entry_id)
    try:
        payment = entry_pay_from_account(entry=entry, payer=player, user=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("%(amount)s for %(event)s is charged to your account.")
            % {"amount": payment.amount, "event": entry.event.name},
        )
    return redirect("my_entries")


@require_POST
@member_required
def my_entry_cancel(request: HttpRequest, account: MemberAccount, entry_id: int) -> HttpResponse:
    entry, _player = _his_entry(account, entry_id)
    try:
        entry = entry_cancel(entry=entry, user=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        refunded = hasattr(entry, "payment") and entry.payment.refunded_at is not None
        said = (
            _("Your entry to %(event)s is cancelled and its fee refunded to the account.")
            if refunded
            else _("Your entry to %(event)s is cancelled.")
        )
        messages.success(request, said % {"event": entry.event.name})
    return redirect("my_entries")
