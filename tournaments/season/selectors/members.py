"""Reads for the member list: the club's members, and what an import of a list would do.

The plan is the import's preview and the import itself (``services.members``) follows
it, so what a director confirms is what the preview showed. A line finds its player by
federation number first, else by the exact name, case aside, of one of the club's own
players without a number; failing both, it is a new player. Both look only among the
club's own players (its list, its sessions, its teams: issue 28 for names, issue 46 for
numbers): a number another club's player holds is not taken, and the preview names
nobody for it, since a list of numbers would otherwise read out another club's names;
linking the two is the site's administrator's (docs/decisions/0065). A player found by
name takes the line's number only if he belongs to no other club and nobody else holds
it: a player of two clubs is the site's administrator's to change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import QuerySet
from django.db.models.functions import Lower
from django.utils.translation import gettext_noop

from tournaments.bridge.season.duplicates import federation_key
from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Club, Player
from tournaments.core.selectors.club_players import own_players, players_elsewhere
from tournaments.season.models import ClubMember

# Marked for makemessages only: the preview page translates ``how`` as it shows it.
NEW_PLAYER = gettext_noop("new player")
FOUND_BY_NUMBER = gettext_noop("found by federation number")
FOUND_BY_NAME = gettext_noop("found by name")


@dataclass(frozen=True)
class MemberPlan:
    """What one line of the list does: the player it finds (None: a new one) and whether he is a member."""

    line: MemberLine
    player: Player | None
    how: str
    already_member: bool
    elsewhere: bool = False  # the player found belongs to another club too
    number_taken: bool = False  # the line's number is a player's who is not the club's own

    @property
    def gives_number(self) -> bool:
        """The line gives a number to a player found by name who had none (and is the club's alone)."""
        return self._number_missing and not self.elsewhere and not self.number_taken

    @property
    def new_number(self) -> str:
        """The number a new player of this line keeps: none when someone else holds it."""
        return "" if self.number_taken else self.line.federation_number

    @property
    def number_for_administrator(self) -> bool:
        """The line's number would go to a player of another club too: the administrator gives it."""
        return self._number_missing and self.elsewhere and not self.number_taken

    @property
    def _number_missing(self) -> bool:
        return (
            self.player is not None
            and bool(self.line.federation_number)
            and not self.player.federation_number
        )


def club_members(club: Club) -> QuerySet[ClubMember]:
    return ClubMember.objects.filter(club=club).select_related("player").order_by("player__name", "player_id")


def members_plan(club: Club, lines: Sequence[MemberLine]) -> list[MemberPlan]:
    """Return what importing ``lines`` into the club would do, line by line (five queries, and one
    more for every 500 players found by name or by number)."""
    numbered = {
        federation_key(player.federation_number): player
        for player in Player.objects.exclude(federation_number="")
    }
    wanted = {federation_key(line.federation_number) for line in lines if line.federation_number}
    matched = [player for key, player in numbered.items() if key in wanted]
    own_numbered = {federation_key(player.federation_number) for player in own_players(club, matched)}
    names = {line.name.casefold() for line in lines}
    by_name: dict[str, Player] = {}
    unnumbered = Player.objects.filter(federation_number="").annotate(lower=Lower("name"))
    for named in own_players(club, unnumbered.filter(lower__in=names).order_by("id")):
        by_name.setdefault(named.name.casefold(), named)
    members = set(ClubMember.objects.filter(club=club).values_list("player_id", flat=True))
    elsewhere = players_elsewhere(by_name.values(), Club.objects.filter(pk=club.pk))
    plans = []
    taken: set[int] = set()
    for line in lines:
        player: Player | None = None
        how = NEW_PLAYER
        key = federation_key(line.federation_number) if line.federation_number else ""
        number_taken = bool(key) and key in numbered and key not in own_numbered
        if key in own_numbered:
            player, how = numbered[key], FOUND_BY_NUMBER
        elif line.name.casefold() in by_name and by_name[line.name.casefold()].pk not in taken:
            player, how = by_name[line.name.casefold()], FOUND_BY_NAME
        if player is not None:
            taken.add(player.pk)
        plans.append(
            MemberPlan(
                line,
                player,
                how,
                already_member=player is not None and player.pk in members,
                elsewhere=player is not None and player.pk in elsewhere,
                number_taken=number_taken,
            )
        )
    return plans
