"""Import a club's member list: players found or created, their numbers and emails kept."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Club, Player
from tournaments.core.services.writes import locked_row, write
from tournaments.season.models import ClubMember
from tournaments.season.selectors.members import members_plan


@dataclass(frozen=True)
class MembersImported:
    created: int  # new players
    found: int  # players the club's sessions or another list already knew
    joined: int  # members new to this club's list


@write()
def members_import(*, club: Club, lines: Sequence[MemberLine]) -> MembersImported:
    """Add every line to the club's member list, all or nothing, as ``members_plan`` previews it.

    A found player keeps his name (the club's sessions show it); found by name, he takes
    the line's federation number if he had none and belongs to no other club. A member
    already on the list has his email and master points updated when the line gives them;
    another club's membership, email and holdings are never touched.
    """
    locked_row(club)  # one import at a time per club
    created = found = joined = 0
    for plan in members_plan(club, lines):
        line = plan.line
        player = plan.player
        if player is None:
            player = Player(name=line.name, federation_number=plan.new_number)
            player.full_clean()
            player.save()
            created += 1
        else:
            found += 1
            if plan.gives_number:
                player.federation_number = line.federation_number
                player.full_clean()
                player.save(update_fields=["federation_number"])
        member, new = ClubMember.objects.get_or_create(
            club=club, player=player, defaults={"email": line.email, "holdings": line.holdings}
        )
        joined += new
        changed = []
        if not new and line.email and member.email != line.email:
            member.email = line.email
            changed.append("email")
        if not new and line.holdings is not None and member.holdings != line.holdings:
            member.holdings = line.holdings  # this month's holdings: a stratum follows them
            changed.append("holdings")
        if changed:
            member.save(update_fields=changed)
    return MembersImported(created, found, joined)
