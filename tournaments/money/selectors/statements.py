"""A member's statement for any period: balance brought forward, each charge and payment, carried forward.

Read from the books (``selectors.ledger``): the balance brought forward is his balance at
the end of the day before the period, each line of his account in the period is a charge
(below zero) or a payment, and the balance carried forward is the last running balance,
so brought forward plus the lines is carried forward by construction.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone

from tournaments.core.models import Club, Player
from tournaments.money.models import Account, AccountKind, Cause
from tournaments.money.selectors.bank import payment_reference
from tournaments.money.selectors.ledger import ZERO, account_balance, account_lines, currency_of


@dataclass(frozen=True)
class StatementLine:
    on: datetime.date
    what: str
    posting_id: int
    charge: Decimal | None  # what he owes more, shown positive
    payment: Decimal | None  # what he paid (or was credited)
    balance: Decimal


@dataclass(frozen=True)
class MemberStatement:
    club: Club
    player: Player
    since: datetime.date | None
    until: datetime.date
    currency: str
    reference: str
    brought_forward: Decimal
    lines: tuple[StatementLine, ...]
    carried_forward: Decimal

    @property
    def charges(self) -> Decimal:
        return sum((line.charge or ZERO for line in self.lines), ZERO)

    @property
    def payments(self) -> Decimal:
        return sum((line.payment or ZERO for line in self.lines), ZERO)


def _what(cause: str, memo: str) -> str:
    label = Cause(cause).label if cause in Cause.values else cause
    return f"{label}: {memo}" if memo else str(label)


def member_statement(
    club: Club, player: Player, since: datetime.date | None = None, until: datetime.date | None = None
) -> MemberStatement:
    """The player's statement at the club from ``since`` (or his first line) to ``until`` (or today)."""
    until = until or timezone.localdate()
    account = Account.objects.filter(club=club, kind=AccountKind.PLAYER, player=player).first()
    brought = ZERO
    lines: list[StatementLine] = []
    if account is not None:
        if since is not None:
            brought = account_balance(account, until=since - datetime.timedelta(days=1))
        running = brought
        for line in account_lines(account, since=since, until=until):
            running += line.amount
            lines.append(
                StatementLine(
                    on=line.posting.on,
                    what=_what(line.posting.cause, line.memo),
                    posting_id=line.posting.pk,
                    charge=-line.amount if line.amount < 0 else None,
                    payment=line.amount if line.amount > 0 else None,
                    balance=running,
                )
            )
    carried = lines[-1].balance if lines else brought
    return MemberStatement(
        club,
        player,
        since,
        until,
        currency_of(club),
        payment_reference(player),
        brought,
        tuple(lines),
        carried,
    )
