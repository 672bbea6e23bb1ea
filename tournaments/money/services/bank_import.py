"""Booking a bank statement: upload, then book every new line matched to a member, once.

Two steps, as every import of the site: the upload is read whole (refused whole, naming
the line, before anything is kept) and kept with its preview; the treasurer's Confirm
reads it again and books in one transaction: each line new to the club's books becomes a
``BankEntry``, and one matched to a member a posting from the bank to his account (money
out, matched by hand, from his account to the bank: a refund). Nothing is half-booked:
a refusal, or any error, rolls the whole file back.

Once: the import's row is locked and booked once (a double click books nothing more); a
line whose key the books hold (the same file again, or two statements overlapping) is
counted as repeated and booked nothing; the club's row is locked while a file is booked,
so two treasurers booking overlapping files on PostgreSQL take turns rather than collide
on a key; and the posting of a line carries the line's key (``post``'s own once).

A line booked to the wrong member (or left by mistake) is undone (``bank_entry_undo``):
its posting is reversed by another, naming who and when, and the line waits again to be
matched by hand or left; its next posting is keyed ``bank:<key>:<n>``, once too.
"""

from __future__ import annotations

import hashlib
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bridge.text import gettext_noop
from tournaments.core.models import Club, Player
from tournaments.core.services.writes import locked, locked_row, write
from tournaments.money.bankfiles import BankFileError, Statement, read_bank_file
from tournaments.money.models import (
    AccountKind,
    BankEntry,
    BankImport,
    BankImportState,
    Cause,
    EntryState,
    MatchedBy,
    Posting,
)
from tournaments.money.selectors.bank import bank_plan, bank_statement, member_or_holder
from tournaments.money.services.ledger import (
    Transfer,
    books_of,
    club_account,
    player_account,
    post,
    post_reversal,
)

MAX_BANK_FILE_BYTES = 5_000_000


def check_currency(statement: Statement, currency: str) -> None:
    """Refuse a statement with a line in another currency than the club's books, naming the line."""
    for line in statement.lines:
        if line.currency and line.currency != currency:
            raise BankFileError(
                gettext_noop("Line %(line)d is in %(found)s; the club's books are in %(currency)s."),
                line=line.line,
                found=line.currency,
                currency=currency,
            )


def bank_file_upload(*, club: Club, data: bytes, filename: str, by: User | None) -> BankImport:
    """Read ``data`` and keep it for its preview; ``BankFileError`` (nothing kept) if it is no statement."""
    if len(data) > MAX_BANK_FILE_BYTES:
        raise BankFileError(
            gettext_noop("The file is %(size)s bytes; a bank statement is at most 5 MB."),
            size=f"{len(data):,}",
        )
    statement = read_bank_file(data)
    with write():
        check_currency(statement, books_of(club).currency)
        return BankImport.objects.create(
            club=club,
            filename=filename[:200],
            format=statement.format,
            data=data,
            digest=hashlib.sha256(data).hexdigest(),
            uploaded_by=by,
        )


def _posting_key(entry: BankEntry) -> str:
    """The key of the line's next posting: ``bank:<key>`` the first time, ``bank:<key>:<n>`` after
    ``n - 1`` wrong matches undone (each undone by a reversal of the same cause, not counted)."""
    posted = Posting.objects.filter(
        club_id=entry.club_id, cause=Cause.BANK_LINE, cause_id=entry.pk, reverses__isnull=True
    ).count()
    return f"bank:{entry.key}" if posted == 0 else f"bank:{entry.key}:{posted + 1}"


def _posting_for(entry: BankEntry, player: Player, by: User | None) -> None:
    club = entry.club
    account = player_account(club, player)
    bank = club_account(club, AccountKind.BANK)
    amount: Decimal = entry.amount
    transfer = (
        Transfer(debit=bank, credit=account, amount=amount)
        if amount > 0
        else Transfer(debit=account, credit=bank, amount=-amount)
    )
    entry.posting = post(
        club=club,
        transfers=[transfer],
        cause=Cause.BANK_LINE,
        cause_id=entry.pk,
        on=entry.on,
        memo=(entry.name or entry.reference or entry.description)[:200],
        by=by,
        key=_posting_key(entry),
    )
    entry.account = account
    entry.state = EntryState.BOOKED


def bank_import_book(*, bank_import: BankImport, by: User | None) -> BankImport:
    """Book the import's new lines; an import already booked books nothing more. Return it, counted."""
    with write():
        locked(Club.objects.filter(pk=bank_import.club_id)).get()
        imported = locked_row(bank_import)
        if imported.state == BankImportState.BOOKED:
            return imported
        club = imported.club
        statement = bank_statement(imported)
        check_currency(statement, books_of(club).currency)
        now = timezone.now()
        for planned in bank_plan(club, statement):
            if planned.repeated:
                imported.repeated += 1
                continue
            line = planned.line
            entry = BankEntry.objects.create(
                club=club,
                bank_import=imported,
                key=planned.key,
                line=line.line,
                on=line.date,
                amount=line.amount,
                currency=line.currency,
                reference=line.reference,
                name=line.name,
                description=line.description,
                account_number=line.account,
                state=EntryState.UNMATCHED,
            )
            payer = planned.match.payer
            if payer is None:
                imported.unmatched += 1
                continue
            _posting_for(entry, Player.objects.get(pk=payer.key), by)
            entry.matched_by = MatchedBy(planned.match.by.value)
            entry.decided_by, entry.decided_at = by, now
            entry.save(
                update_fields=["posting", "account", "state", "matched_by", "decided_by", "decided_at"]
            )
            imported.booked += 1
        imported.state = BankImportState.BOOKED
        imported.booked_at = now
        imported.save(update_fields=["state", "booked_at", "booked", "unmatched", "repeated"])
        return imported


def _entry_to_decide(entry: BankEntry) -> BankEntry:
    current = locked_row(entry)
    if current.state != EntryState.UNMATCHED:
        raise ValidationError(
            {
                "entry": _("Line %(line)d is already %(state)s.")
                % {"line": current.line, "state": current.get_state_display()}
            }
        )
    return current


def bank_entry_match(*, entry: BankEntry, player_id: int, by: User | None) -> BankEntry:
    """Book a line matched to nobody to the player the treasurer chose (a member or an account holder)."""
    with write():
        current = _entry_to_decide(entry)
        player = member_or_holder(current.club, player_id)
        if player is None:
            raise ValidationError({"player": _("Choose a member of the club.")})
        _posting_for(current, player, by)
        current.matched_by = MatchedBy.HAND
        current.decided_by, current.decided_at = by, timezone.now()
        current.save(update_fields=["posting", "account", "state", "matched_by", "decided_by", "decided_at"])
        return current


def bank_entry_leave(*, entry: BankEntry, by: User | None) -> BankEntry:
    """Leave a line matched to nobody out of the members' accounts (the club's own money, a gift)."""
    with write():
        current = _entry_to_decide(entry)
        current.state = EntryState.LEFT
        current.decided_by, current.decided_at = by, timezone.now()
        current.save(update_fields=["state", "decided_by", "decided_at"])
        return current


def bank_entry_undo(*, entry: BankEntry, by: User | None) -> BankEntry:
    """Put a line booked to the wrong member (or left by mistake) back among the lines matched to nobody.

    A booked line's posting is reversed (a posting of its own, saying who and when; the
    wrong member's account is as before the line), and the line waits to be matched again
    or left. A line matched to nobody is refused: there is nothing to undo.
    """
    with write():
        current = locked_row(entry)
        if current.state == EntryState.UNMATCHED:
            raise ValidationError(
                {
                    "entry": _("Line %(line)d is matched to nobody: there is nothing to undo.")
                    % {"line": current.line}
                }
            )
        if current.posting_id is not None:
            post_reversal(posting=Posting.objects.get(pk=current.posting_id), by=by, on=current.on)
        current.state = EntryState.UNMATCHED
        current.posting = None
        current.account = None
        current.matched_by = MatchedBy.NONE
        current.decided_by, current.decided_at = by, timezone.now()
        current.save(update_fields=["posting", "account", "state", "matched_by", "decided_by", "decided_at"])
        return current
