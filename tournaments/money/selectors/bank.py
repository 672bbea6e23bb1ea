"""What a bank file would book: each line's key, whether it came before, and whom it is from.

The payers are the club's members and every player with an account at the club (a
visitor who owes), each with his references: his payment reference (``CS-`` and his
player number, shown on his statement for him to write on a transfer) and his
federation number. An erased player pays nobody's debts: he is no payer.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from tournaments.core.models import Club, Player
from tournaments.money.bankfiles import BankLine, Statement, line_keys, read_bank_file
from tournaments.money.bankfiles.matching import Match, Payer, match_line
from tournaments.money.models import Account, AccountKind, BankEntry, BankImport, EntryState
from tournaments.season.models import ClubMember

REFERENCE_PREFIX = "CS-"


def payment_reference(player: Player | int) -> str:
    """The reference a member writes on a bank transfer to the club: ``CS-`` and his player number."""
    return f"{REFERENCE_PREFIX}{player if isinstance(player, int) else player.pk}"


def payers(club: Club) -> list[Payer]:
    """Everyone a bank line at the club may be from, keyed by player id, by name."""
    members = Player.objects.filter(memberships__club=club, erased_at__isnull=True)
    holders = Player.objects.filter(
        accounts__club=club, accounts__kind=AccountKind.PLAYER, erased_at__isnull=True
    )
    players = {player.pk: player for player in [*members, *holders]}
    return [
        Payer(player.pk, player.name, (payment_reference(player), player.federation_number))
        for player in sorted(players.values(), key=lambda p: (p.name, p.pk))
    ]


def member_or_holder(club: Club, player_id: int) -> Player | None:
    """The player if he is a payer at the club (a member, or holding an account there), else None."""
    for payer in payers(club):
        if payer.key == player_id:
            return Player.objects.get(pk=player_id)
    return None


@dataclass(frozen=True)
class PlannedLine:
    """One line of a file and what booking it would do: nothing if ``repeated``."""

    line: BankLine
    key: str
    match: Match
    repeated: bool


def bank_statement(bank_import: BankImport) -> Statement:
    """The uploaded file read again (it was read when uploaded: this cannot fail but by a bug)."""
    return read_bank_file(bytes(bank_import.data))


def bank_plan(club: Club, statement: Statement) -> list[PlannedLine]:
    """Each line of ``statement``: its key, whether the club's books hold it, whom it matches."""
    keys = line_keys(statement.lines)
    known = set(BankEntry.objects.filter(club=club, key__in=keys).values_list("key", flat=True))
    everyone = payers(club)
    return [
        PlannedLine(line, key, match_line(line, everyone), key in known)
        for line, key in zip(statement.lines, keys, strict=True)
    ]


def club_bank_imports(club: Club, limit: int = 20) -> list[BankImport]:
    """The club's latest bank files, newest first (their bytes left unread)."""
    return list(BankImport.objects.filter(club=club).defer("data").select_related("uploaded_by")[:limit])


def unmatched_entries(club: Club) -> QuerySet[BankEntry]:
    """The club's bank lines matched to nobody, waiting for the treasurer, oldest first."""
    return BankEntry.objects.filter(club=club, state=EntryState.UNMATCHED).order_by("on", "id")


def import_entries(bank_import: BankImport) -> QuerySet[BankEntry]:
    return bank_import.entries.select_related("account__player").order_by("line", "id")


def player_accounts(club: Club) -> QuerySet[Account]:
    return Account.objects.filter(club=club, kind=AccountKind.PLAYER).select_related("player")


def club_members(club: Club) -> QuerySet[ClubMember]:
    """The club's members not erased, by name: whom a line may be matched to by hand."""
    return ClubMember.objects.filter(club=club, player__erased_at__isnull=True).select_related("player")
