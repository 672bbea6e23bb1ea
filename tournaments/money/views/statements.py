"""A member's statement: the treasurer's page (with the payments entered on it) and the member's own.

Both read ``selectors.statements.member_statement`` for a period (``?since=&until=``, either
open), as a page that prints on its own (the print stylesheet leaves the forms out), a CSV
and an XLSX. The treasurer opens any member's or account holder's of his club (another is
a 404); the member, signed in, only his own at a club holding his address (another
player's, or a club that does not hold him, is a 404, as a page that is not there).
"""

from __future__ import annotations

import uuid
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.forms import form_add_service_error
from tournaments.core.models import Club, Player
from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.members.models import MemberAccount
from tournaments.members.selectors import accounts
from tournaments.members.views.my_club import member_required
from tournaments.money.downloads import MoneyTable, download
from tournaments.money.forms_bank import AccountPaymentForm, PeriodForm, ThresholdForm
from tournaments.money.models import StatementNotice, StatementSettings
from tournaments.money.selectors.bank import member_or_holder
from tournaments.money.selectors.ledger import currency_of
from tournaments.money.selectors.statements import MemberStatement, member_statement
from tournaments.money.selectors.statements_mail import members_below
from tournaments.money.services.account_payments import (
    account_payment,
    account_payment_reverse,
    reversible_payments,
)
from tournaments.money.services.statement_mail import statement_mail_ask

TEMPLATES = "money/"
FORMATS = ("csv", "xlsx")


def statement_table(statement: MemberStatement) -> MoneyTable:
    """The statement as a table: brought forward, each line with its running balance, carried forward."""
    rows: list[list[object]] = [
        [
            statement.since.isoformat() if statement.since else "",
            _("Balance brought forward"),
            None,
            None,
            statement.brought_forward,
        ]
    ]
    for line in statement.lines:
        rows.append([line.on.isoformat(), line.what, line.charge, line.payment, line.balance])
    rows.append(
        [
            statement.until.isoformat(),
            _("Balance carried forward"),
            statement.charges,
            statement.payments,
            statement.carried_forward,
        ]
    )
    return MoneyTable(
        title=statement.player.name,
        header=[_("Date"), _("What"), _("Charge"), _("Payment"), _("Balance")],
        rows=rows,  # type: ignore[arg-type]
    )


def _period(request: HttpRequest) -> tuple[PeriodForm, dict[str, object]]:
    form = PeriodForm(request.GET or None)
    if form.is_bound and form.is_valid():
        return form, {"since": form.cleaned_data["since"], "until": form.cleaned_data["until"]}
    return form, {}


def _statement_response(
    request: HttpRequest, club: Club, player: Player, fmt: str | None, context: dict[str, object]
) -> HttpResponse:
    form, period = _period(request)
    if fmt is not None and fmt not in FORMATS:
        raise Http404
    statement = member_statement(club, player, **period)  # type: ignore[arg-type]
    if fmt is not None:
        return download(statement_table(statement), f"statement-{club.slug}-{player.pk}", fmt)
    context.update(statement=statement, period=form, club=club, player=player)
    status = 400 if form.is_bound and not form.is_valid() else 200
    return render(request, TEMPLATES + "statement.html", context, status=status)


def _number(value: str | None) -> int:
    return int(value) if value and value.isdigit() and len(value) < 19 else 0


@login_required
@require_http_methods(["GET", "POST"])
def account(request: SignedInRequest, slug: str, player: int, fmt: str | None = None) -> HttpResponse:
    """The treasurer's page of a member's account: his statement, and a payment entered on it."""
    club = club_for_director(request.user, slug)
    found = member_or_holder(club, player)
    if found is None:
        raise Http404
    payment = AccountPaymentForm(
        request.POST or None,
        initial={"on": timezone.localdate(), "token": uuid.uuid4().hex, "method": "cash"},
    )
    if request.method == "POST" and request.POST.get("action") == "reverse":
        try:
            account_payment_reverse(
                club=club, player=found, posting_id=_number(request.POST.get("posting")), by=request.user
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("The payment is reversed."))
        return redirect("director:money_account", club.slug, found.pk)
    if request.method == "POST" and payment.is_valid():
        data = payment.cleaned_data
        try:
            account_payment(
                club=club, player=found, amount=data["amount"], method=data["method"], on=data["on"],
                memo=data["memo"], token=data["token"], by=request.user,
            )  # fmt: skip
        except ValidationError as error:
            form_add_service_error(payment, error)
        else:
            messages.success(request, _("Payment of %(amount)s booked.") % {"amount": data["amount"]})
            return redirect("director:money_account", club.slug, found.pk)
    context = {"payment": payment, "treasurer": True, "reversible": reversible_payments(club, found)}
    response = _statement_response(request, club, found, fmt, context)
    if request.method == "POST" and response.status_code == 200:
        response.status_code = 400
    return response


@member_required
def my_statement(
    request: HttpRequest, member: MemberAccount, pk: int, slug: str, fmt: str | None = None
) -> HttpResponse:
    """The member's own statement at one of his clubs."""
    player = accounts.member_player(member, pk)
    club = get_object_or_404(accounts.member_player_clubs(member, player), slug=slug)
    return _statement_response(request, club, player, fmt, {"treasurer": False})


@login_required
@require_http_methods(["GET", "POST"])
def statement_mail(request: SignedInRequest, slug: str) -> HttpResponse:
    """The members below the club's threshold, and the button that emails them their statements."""
    club = club_for_director(request.user, slug)
    settings = StatementSettings.objects.filter(club=club).first()
    current = settings.threshold if settings is not None else Decimal("0.00")
    form = ThresholdForm(request.POST or None, initial={"threshold": current})
    if request.method == "POST" and form.is_valid():
        try:
            due = statement_mail_ask(club=club, threshold=form.cleaned_data["threshold"], by=request.user)
        except ValidationError as error:
            form_add_service_error(form, error)
        else:
            messages.success(
                request, _("Statements are being emailed to %(count)d members.") % {"count": due}
            )
            return redirect("director:money_statement_mail", club.slug)
    threshold = form.cleaned_data["threshold"] if form.is_bound and form.is_valid() else current
    context = {
        "club": club,
        "form": form,
        "below": members_below(club, threshold),
        "notices": list(StatementNotice.objects.filter(club=club).select_related("player")[:50]),
        "currency": currency_of(club),
    }
    return render(request, TEMPLATES + "statement_mail.html", context, status=400 if form.is_bound else 200)
