"""A player's privacy: shown by initials on request, and erased while his results stay.

Erasing replaces the name by ``Erased player <id>``, clears the federation number and
deletes the club memberships (and so the emails); the player row, his pairs, results,
standings and ratings stay, so every standing and every opponent's percentage stays
true. The merges recorded into him lose the names and numbers they copied.

Both are a director's only for a player who belongs to no club but his (issue 28); for a
player of two clubs the site's administrator does them.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.core import changes
from tournaments.core.models import Player
from tournaments.core.selectors.club_players import check_director_may_act
from tournaments.core.services.writes import locked_row, write
from tournaments.season import hooks
from tournaments.season.models import ClubMember, PlayerMerge


def erased_name(player: Player) -> str:
    return f"Erased player {player.pk}"


@write()
def player_initials_set(*, player: Player, shown_by_initials: bool, user: User | None) -> Player:
    """Show the player by initials on public pages (or by name again); refused for another club's player."""
    check_director_may_act(user, [player], "shows him by initials")
    return player_initials_chosen(player=player, shown_by_initials=shown_by_initials)


@write()
def player_initials_chosen(*, player: Player, shown_by_initials: bool) -> Player:
    """Show the player by initials (or by name again) as he chose himself: the caller (the
    members' own page) has made sure the signed-in member is this player."""
    player.shown_by_initials = shown_by_initials
    player.save(update_fields=["shown_by_initials"])
    # Shown by initials hides his name: refused unless the pages' cache forgets it (night.live).
    changes.players_shown_changed([player.pk], shown_by_initials)
    return player


@write()
def player_erase(*, player: Player, user: User | None) -> Player:
    """Replace the player's name and numbers, delete his memberships; keep his results.

    Refused for a player who belongs to a club ``user`` does not direct: that club's pages
    and list would lose him too.
    """
    player = locked_row(player)
    check_director_may_act(user, [player], "erases him")
    player.name = erased_name(player)
    player.federation_number = ""
    player.erased_at = timezone.now()
    player.save(update_fields=["name", "federation_number", "erased_at"])
    changes.players_shown_changed([player.pk], True)  # refused unless the pages' cache forgets his name
    ClubMember.objects.filter(player=player).delete()
    hooks.player_erased(player)  # the addresses his results were emailed to (mail.ready)
    PlayerMerge.objects.filter(kept=player).update(
        kept_name=player.name, duplicate_name=player.name, duplicate_federation_number=""
    )
    return player
