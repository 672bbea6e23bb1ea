"""The treasurer's reports, each a table for its page and its CSV/XLSX for the club's accountant.

- takings per session by payment method: each session's table money and extras as the
  desk took them (to accounts, cash, card, bank transfer, IOU), from the fees themselves;
- income by kind and month: what the income accounts (table money, subscriptions,
  extras) gained each month, net of reversals, from the books;
- every member's balance: each player's account at the club;
- IOUs outstanding: the fees and extras left as an IOU and not yet paid;
- the trial balance: each account's balance as a debit or a credit, the two totals equal,
  so the difference (shown) is zero.
Amounts are ``Decimal``; a report's period is ``since``/``until``, either end open.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Sum
from django.db.models.functions import TruncMonth
from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.money.models import Account, AccountKind, DeskExtra, PayMethod, PostingLine, TableFee
from tournaments.money.selectors.ledger import ZERO, balances, trial_balance

INCOMES = (AccountKind.TABLE_MONEY, AccountKind.SUBSCRIPTIONS, AccountKind.EXTRAS)
ReportCell = str | int | Decimal | None


@dataclass(frozen=True)
class Report:
    """A report as a table: its title, header, rows and a last row of totals (or none)."""

    title: str
    header: Sequence[str]
    rows: Sequence[Sequence[ReportCell]]
    totals: Sequence[ReportCell] = ()


def _dated(rows, field: str, since: datetime.date | None, until: datetime.date | None):  # type: ignore[no-untyped-def]
    if since is not None:
        rows = rows.filter(**{f"{field}__gte": since})
    if until is not None:
        rows = rows.filter(**{f"{field}__lte": until})
    return rows


def _standing(extras):  # type: ignore[no-untyped-def]
    """The extras not undone (an extra undone at the desk has its charge reversed)."""
    return extras.filter(charge__reversal__isnull=True)


def takings(club: Club, since: datetime.date | None = None, until: datetime.date | None = None) -> Report:
    """Each session's table money and extras by the way they were paid, with the night's total."""
    methods = list(PayMethod)
    by_session: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(lambda: ZERO))
    names: dict[int, tuple[datetime.date, str]] = {}
    for rows in (
        TableFee.objects.filter(session__club=club),
        _standing(DeskExtra.objects.filter(session__club=club)),
    ):
        rows = _dated(rows, "session__date", since, until)
        for row in rows.values("session_id", "session__date", "session__name", "method").annotate(
            total=Sum("amount")
        ):
            by_session[row["session_id"]][row["method"]] += row["total"]
            names[row["session_id"]] = (row["session__date"], row["session__name"])
    ordered = sorted(by_session, key=lambda pk: (names[pk][0], pk))
    night_totals = {pk: sum(by_session[pk].values(), ZERO) for pk in ordered}
    table: list[list[ReportCell]] = [
        [names[pk][0].isoformat(), names[pk][1], *(by_session[pk][m] for m in methods), night_totals[pk]]
        for pk in ordered
    ]
    totals: list[ReportCell] = ["", _("Total")]
    totals += [sum((by_session[pk][m] for pk in ordered), ZERO) for m in methods]
    totals.append(sum(night_totals.values(), ZERO))
    return Report(
        _("Takings per session"),
        [_("Date"), _("Session"), *(str(m.label) for m in methods), _("Total")],
        table,
        totals,
    )


def income(club: Club, since: datetime.date | None = None, until: datetime.date | None = None) -> Report:
    """What each income account gained each month, net of reversals."""
    lines = _dated(PostingLine.objects.filter(posting__club=club), "posting__on", since, until)
    months: dict[datetime.date, dict[str, Decimal]] = defaultdict(lambda: defaultdict(lambda: ZERO))
    for side, sign in (("credit", 1), ("debit", -1)):
        rows = (
            lines.filter(**{f"{side}__kind__in": INCOMES})
            .annotate(month=TruncMonth("posting__on"))
            .values("month", f"{side}__kind")
            .annotate(total=Sum("amount"))
        )
        for row in rows:
            month = row["month"].date() if isinstance(row["month"], datetime.datetime) else row["month"]
            months[month][row[f"{side}__kind"]] += sign * row["total"]
    month_totals = {month: sum(months[month].values(), ZERO) for month in months}
    table: list[list[ReportCell]] = [
        [month.strftime("%Y-%m"), *(months[month][kind] for kind in INCOMES), month_totals[month]]
        for month in sorted(months)
    ]
    totals: list[ReportCell] = [_("Total")]
    totals += [sum((months[m][kind] for m in months), ZERO) for kind in INCOMES]
    totals.append(sum(month_totals.values(), ZERO))
    return Report(
        _("Income by kind and month"),
        [_("Month"), *(str(AccountKind(kind).label) for kind in INCOMES), _("Total")],
        table,
        totals,
    )


def member_balances(
    club: Club, since: datetime.date | None = None, until: datetime.date | None = None
) -> Report:
    """Every player's account at the club and its balance now (below zero: he owes the club)."""
    by_id = balances(club)
    accounts = Account.objects.filter(club=club, kind=AccountKind.PLAYER).select_related("player")
    held = sorted(
        ((account.player.name, account.player.federation_number, by_id.get(account.pk, ZERO))
         for account in accounts if account.player),
        key=lambda row: row[0],
    )  # fmt: skip
    owed = sum((balance for _name, _number, balance in held if balance < 0), ZERO)
    table: list[list[ReportCell]] = [list(row) for row in held]
    return Report(
        _("Every member's balance"),
        [_("Name"), _("Federation number"), _("Balance")],
        table,
        [_("Owed to the club"), "", owed],
    )


def ious(club: Club, since: datetime.date | None = None, until: datetime.date | None = None) -> Report:
    """The fees and extras left as an IOU at the desk and not paid there since, each with the
    balance now of the account it was charged to (at zero or above, paid some other way: by
    the bank, say; the desk marks it paid by setting the night's fee to cash and taking it)."""
    table: list[list[ReportCell]] = []
    total = ZERO
    by_id = balances(club)
    accounts = {
        account.player_id: by_id.get(account.pk, ZERO)
        for account in Account.objects.filter(club=club, kind=AccountKind.PLAYER)
    }
    for found in (TableFee.objects, _standing(DeskExtra.objects.all())):
        rows = _dated(
            found.filter(session__club=club, method=PayMethod.IOU, payment__isnull=True),
            "session__date",
            since,
            until,
        ).select_related("session", "player")
        for row in rows:
            what = row.what if isinstance(row, DeskExtra) else str(row.get_kind_display())
            payer_id = row.payer_id if isinstance(row, TableFee) and row.payer_id else row.player_id
            table.append(
                [
                    row.session.date.isoformat(),
                    row.session.name,
                    row.player.name,
                    what,
                    row.amount,
                    accounts.get(payer_id, ZERO),
                ]
            )
            total += row.amount
    table.sort(key=lambda row: (str(row[0]), str(row[2])))
    return Report(
        _("IOUs outstanding"),
        [_("Date"), _("Session"), _("Player"), _("What"), _("Amount"), _("Balance now")],
        table,
        ["", "", "", _("Total"), total, ""],
    )


def trial(club: Club, since: datetime.date | None = None, until: datetime.date | None = None) -> Report:
    """Each account with a balance as a debit or a credit; the difference of the totals is zero."""
    rows = trial_balance(club)
    table: list[list[ReportCell]] = [
        [str(row.account), str(row.account.get_kind_display()), row.debit, row.credit] for row in rows
    ]
    debits = sum((row.debit for row in rows), ZERO)
    credits = sum((row.credit for row in rows), ZERO)
    return Report(
        _("Trial balance"),
        [_("Account"), _("Kind"), _("Debit"), _("Credit")],
        table,
        [_("Total (difference %(difference)s)") % {"difference": credits - debits}, "", debits, credits],
    )


def trial_balance_difference(club: Club) -> Decimal:
    """The credits' total less the debits' of the trial balance: zero in books that balance."""
    rows = trial_balance(club)
    return sum((row.credit - row.debit for row in rows), ZERO)


REPORTS: dict[str, Callable[..., Report]] = {
    "takings": takings,
    "income": income,
    "balances": member_balances,
    "ious": ious,
    "trial-balance": trial,
}
