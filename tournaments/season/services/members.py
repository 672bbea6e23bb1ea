"""A club's member list: imported whole (players found or created, their numbers and emails
kept), or one member's details changed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.season.duplicates import federation_key
from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Club, Player
from tournaments.core.selectors.club_players import check_director_may_act
from tournaments.core.services.players import check_name
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


@dataclass(frozen=True)
class MemberDetails:
    """One member's details as the director's form gives them (issue 45, item 8)."""

    name: str
    federation_number: str
    email: str
    holdings: Decimal | None


@write()
def member_update(*, member: ClubMember, details: MemberDetails, user: User | None) -> ClubMember:
    """Change one member's details, without importing the whole list again.

    The email and the master points held are the club's, so its director changes them.
    The name and the federation number are the player's, on every club's pages: the
    director changes them only for a player of his clubs alone, as he merges and erases
    (``check_director_may_act``); a number another player holds is refused without
    naming him (issue 46: a number tells no name).
    """
    member = locked_row(member, ClubMember.objects.select_related("player", "club"))
    player = locked_row(member.player)
    try:
        name = check_name(details.name)
    except ValidationError as error:
        raise ValidationError({"name": error.messages}) from None
    number = details.federation_number.strip()
    if (name, number) != (player.name, player.federation_number):
        check_director_may_act(user, [player], "changes his name or federation number")
        _check_number_free(player, number)
        player.name, player.federation_number = name, number
        player.full_clean()
        player.save(update_fields=["name", "federation_number"])
    member.email, member.holdings = details.email.strip(), details.holdings
    member.full_clean()
    member.save(update_fields=["email", "holdings"])
    return member


def _check_number_free(player: Player, number: str) -> None:
    if not number:
        return
    key = federation_key(number)
    holders = Player.objects.exclude(pk=player.pk).exclude(federation_number="")
    if any(federation_key(held) == key for held in holders.values_list("federation_number", flat=True)):
        raise ValidationError(
            {
                "federation_number": _(
                    "Federation number %(number)s is another player's: a number is one member's. If "
                    "they are one person, the site's administrator merges them."
                )
                % {"number": number}
            }
        )
