"""Reading the books: an account's balance and lines, and the club's trial balance.

A balance is an account's credits less its debits: a player's account below zero owes
the club; the club's cash and bank, debited as money comes in, stand below zero by what
they hold, and its incomes above it. Every line adds as much to one account as it takes
from another, so the balances of a club's accounts sum to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Q, QuerySet, Sum

from tournaments.core.models import Club, Player
from tournaments.money.models import Account, AccountKind, ClubBooks, Posting, PostingLine

ZERO = Decimal("0.00")


def currency_of(club: Club) -> str:
    """The club's currency code (EUR until its books are set up)."""
    books = ClubBooks.objects.filter(club=club).first()
    return books.currency if books is not None else "EUR"


def _lines_of(
    account: Account, until: date | None = None, since: date | None = None
) -> QuerySet[PostingLine]:
    lines = PostingLine.objects.filter(Q(debit=account) | Q(credit=account))
    if until is not None:
        lines = lines.filter(posting__on__lte=until)
    if since is not None:
        lines = lines.filter(posting__on__gte=since)
    return lines


def account_balance(account: Account, until: date | None = None) -> Decimal:
    """The account's credits less its debits, up to ``until`` (a day, included) or all."""
    lines = _lines_of(account, until=until)
    credits = lines.filter(credit=account).aggregate(total=Sum("amount"))["total"] or ZERO
    debits = lines.filter(debit=account).aggregate(total=Sum("amount"))["total"] or ZERO
    return credits - debits


def player_balance(club: Club, player: Player) -> Decimal:
    """The player's balance at the club: zero if he has no account yet."""
    account = Account.objects.filter(club=club, kind=AccountKind.PLAYER, player=player).first()
    return account_balance(account) if account is not None else ZERO


@dataclass(frozen=True)
class AccountLine:
    """One line of an account as its statement shows it: signed (a charge below zero)."""

    posting: Posting
    amount: Decimal
    memo: str


def account_lines(
    account: Account, since: date | None = None, until: date | None = None
) -> list[AccountLine]:
    """The account's lines in the order they were posted, each signed for this account."""
    lines = (
        _lines_of(account, until=until, since=since)
        .select_related("posting")
        .order_by("posting__on", "posting_id", "id")
    )
    return [
        AccountLine(
            posting=line.posting,
            amount=line.amount if line.credit_id == account.pk else -line.amount,
            memo=line.memo or line.posting.memo,
        )
        for line in lines
    ]


def balances(club: Club) -> dict[int, Decimal]:
    """Every account's balance at the club, by the account's id (two queries, whatever the books' size)."""
    result: dict[int, Decimal] = dict.fromkeys(
        Account.objects.filter(club=club).values_list("id", flat=True), ZERO
    )
    lines = PostingLine.objects.filter(posting__club=club)
    for credited in lines.values("credit_id").annotate(total=Sum("amount")):
        result[credited["credit_id"]] = result.get(credited["credit_id"], ZERO) + credited["total"]
    for debited in lines.values("debit_id").annotate(total=Sum("amount")):
        result[debited["debit_id"]] = result.get(debited["debit_id"], ZERO) - debited["total"]
    return result


@dataclass(frozen=True)
class TrialBalanceRow:
    account: Account
    debit: Decimal  # a balance below zero, shown as a positive debit
    credit: Decimal


def trial_balance(club: Club) -> list[TrialBalanceRow]:
    """Each account with a balance, as a debit or a credit: the debits' total equals the credits'."""
    by_id = balances(club)
    accounts = (
        Account.objects.filter(club=club).select_related("player").order_by("kind", "player__name", "id")
    )
    rows = []
    for account in accounts:
        balance = by_id.get(account.pk, ZERO)
        if balance:
            rows.append(
                TrialBalanceRow(
                    account, debit=-balance if balance < 0 else ZERO, credit=balance if balance > 0 else ZERO
                )
            )
    return rows


def postings_of(club: Club) -> QuerySet[Posting]:
    """The club's postings, newest first, their lines to be read with them."""
    return (
        Posting.objects.filter(club=club)
        .order_by("-on", "-id")
        .prefetch_related("lines__debit__player", "lines__credit__player")
    )
