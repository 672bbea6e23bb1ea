"""Writing the books: a posting of transfers between a club's accounts, and a posting's reversal.

``post`` is the one way a posting is made; every other service of the money (a session's
charges, a subscription, a payment at the desk, a bank line) calls it. Its ``key`` makes
a posting once: posting again under a key the club's books already hold returns that
posting and books nothing (the database refuses the key twice, so two writers at once
cannot both book it either).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.core.models import Club, Player
from tournaments.core.services.writes import write
from tournaments.money.models import Account, AccountKind, Cause, ClubBooks, Posting, PostingLine
from tournaments.money.models.ledger import AMOUNT_PLACES, CENT

# No line of a club's books is this large: an amount past it is a typing error.
MAX_AMOUNT = Decimal("1000000.00")
# The currency a new club's books start in, by its federation (a treasurer may change it
# until the first posting).
FEDERATION_CURRENCY = {"ebu": "GBP", "abf": "AUD", "acbl": "USD", "nzb": "NZD", "sbu": "GBP"}


@dataclass(frozen=True)
class Transfer:
    """``amount`` moved from ``debit`` to ``credit`` (a charge debits the player's account)."""

    debit: Account
    credit: Account
    amount: Decimal
    memo: str = ""


_TYPED = re.compile(r"[+-]?(?:\d+|\d{1,3}(?:[.,\u00a0 ']\d{3})+)(?:[.,]\d+)?")


def typed_amount(value: object, field: str = "amount") -> Decimal:
    """An amount as a person types it, in any of the club's languages: ``12.50``, ``12,50``,
    ``1.234,50``, ``1,234.50``, ``1 234,50``.

    The last mark followed by digits to the end is the decimal mark; the marks before it
    group thousands, in threes. A lone mark is the decimal mark (``1.234`` is refused by the
    caller as three decimals, not read as a thousand: a person means one or the other).
    """
    if isinstance(value, Decimal):
        return value
    text = str(value).strip()
    match = _TYPED.fullmatch(text)
    if match is None:
        raise ValidationError({field: _("%(value)s is not an amount.") % {"value": value}})
    head, mark, tail = text, "", ""
    for position in range(len(text) - 1, -1, -1):
        if text[position] in ".,":
            head, mark, tail = text[:position], text[position], text[position + 1 :]
            break
    if mark and any(char in ".," for char in head):
        grouping = {char for char in head if char in ".,"}
        if mark in grouping:  # 1.234.50: one mark cannot group thousands and be the decimal mark
            raise ValidationError({field: _("%(value)s is not an amount.") % {"value": value}})
    digits = re.sub(r"[.,\u00a0 ']", "", head)
    try:
        return Decimal(f"{digits}.{tail}" if mark else digits)
    except InvalidOperation:
        raise ValidationError({field: _("%(value)s is not an amount.") % {"value": value}}) from None


def check_amount(value: object, field: str = "amount") -> Decimal:
    """``value`` as an amount of the books: a Decimal of at most two places, above zero, not absurd.

    Text is read as a person types it (``typed_amount``: ``12,50``, ``1.234,50``). Refused
    with a ``ValidationError`` naming ``field``.
    """
    amount = typed_amount(value, field)
    if not amount.is_finite():
        raise ValidationError({field: _("%(value)s is not an amount.") % {"value": value}})
    if amount != amount.quantize(CENT):
        raise ValidationError(
            {
                field: _("%(value)s has more than %(places)d decimal places.")
                % {"value": value, "places": AMOUNT_PLACES}
            }
        )
    if amount <= 0:
        raise ValidationError(
            {field: _("An amount must be above zero; %(value)s is not.") % {"value": value}}
        )
    if amount > MAX_AMOUNT:
        raise ValidationError(
            {
                field: _("%(value)s is more than the books take in one line (%(max)s).")
                % {"value": value, "max": MAX_AMOUNT}
            }
        )
    return amount.quantize(CENT)


def books_of(club: Club) -> ClubBooks:
    """The club's books' settings, made with its federation's currency the first time."""
    books, _created = ClubBooks.objects.get_or_create(
        club=club, defaults={"currency": FEDERATION_CURRENCY.get(club.federation, "EUR")}
    )
    return books


@write()
def books_currency_set(*, club: Club, currency: str) -> ClubBooks:
    """Set the club's currency; refused once the books hold a posting (its amounts are in the old one)."""
    code = currency.strip().upper()
    books = books_of(club)
    if code == books.currency:
        return books
    if Posting.objects.filter(club=club).exists():
        raise ValidationError(
            {
                "currency": _("The books already hold postings in %(currency)s: the currency cannot change.")
                % {"currency": books.currency}
            }
        )
    books.currency = code
    books.full_clean()
    books.save(update_fields=["currency"])
    return books


def club_account(club: Club, kind: AccountKind | str) -> Account:
    """The club's own account of ``kind`` (cash, bank, an income), made the first time it is used."""
    if kind == AccountKind.PLAYER:
        raise ValueError("A player's account is found by player_account.")
    with write():
        account, _created = Account.objects.get_or_create(club=club, kind=kind, player=None)
    return account


def player_account(club: Club, player: Player) -> Account:
    """The player's account at the club, made the first time it is used (a visitor's too)."""
    with write():
        account, _created = Account.objects.get_or_create(club=club, kind=AccountKind.PLAYER, player=player)
    return account


def _by_name(by: User | None) -> str:
    if by is None:
        return ""
    return (by.get_full_name() or by.get_username())[:150]


@write()
def post(
    *,
    club: Club,
    transfers: Sequence[Transfer],
    cause: Cause | str,
    cause_id: int | None = None,
    on: date | None = None,
    memo: str = "",
    by: User | None = None,
    key: str | None = None,
    reverses: Posting | None = None,
) -> Posting:
    """Post ``transfers`` as one posting of the club's books, all or nothing; return it.

    Under a ``key`` the club's books already hold, return that posting and post nothing.
    Refused (``ValidationError``) with no transfer, an amount that is not one (see
    ``check_amount``), or an account of another club or moved to itself.
    """
    if key:
        existing = Posting.objects.filter(club=club, key=key).first()
        if existing is not None:
            return existing
    if not transfers:
        raise ValidationError({"transfers": _("A posting moves at least one amount.")})
    lines = []
    for number, transfer in enumerate(transfers, start=1):
        amount = check_amount(transfer.amount, "amount")
        if transfer.debit.club_id != club.pk or transfer.credit.club_id != club.pk:
            raise ValidationError(
                {"account": _("Line %(line)d names an account of another club.") % {"line": number}}
            )
        if transfer.debit.pk == transfer.credit.pk:
            raise ValidationError(
                {"account": _("Line %(line)d moves an amount from an account to itself.") % {"line": number}}
            )
        lines.append((transfer, amount))
    posting = Posting(
        club=club,
        on=on or timezone.localdate(),
        by=by,
        by_name=_by_name(by),
        cause=cause,
        cause_id=cause_id,
        memo=memo[:200],
        key=key or "",
        reverses=reverses,
    )
    try:
        with write():
            posting.save()
    except IntegrityError:
        if not key:
            raise
        # Another writer posted the same key between our look and our insert.
        return Posting.objects.get(club=club, key=key)
    PostingLine.objects.bulk_create(
        PostingLine(posting=posting, debit=t.debit, credit=t.credit, amount=amount, memo=t.memo[:200])
        for t, amount in lines
    )
    return posting


@write()
def post_reversal(
    *, posting: Posting, by: User | None = None, memo: str = "", on: date | None = None
) -> Posting:
    """Post the reversal of ``posting``: each of its lines moved back; a posting is reversed once.

    Reversing it again returns the reversal already posted.
    """
    existing = Posting.objects.filter(reverses=posting).first()
    if existing is not None:
        return existing
    if posting.reverses_id is not None:
        raise ValidationError({"posting": _("A reversal is not reversed: post the entry again.")})
    transfers = [
        Transfer(debit=line.credit, credit=line.debit, amount=line.amount, memo=line.memo)
        for line in posting.lines.select_related("debit", "credit")
    ]
    return post(
        club=posting.club,
        transfers=transfers,
        cause=posting.cause,
        cause_id=posting.cause_id,
        on=on,
        memo=memo or posting.memo,  # the books are read in every language: ``reverses`` says what it is
        by=by,
        key=f"reversal:{posting.pk}",
        reverses=posting,
    )
