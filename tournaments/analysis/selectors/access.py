"""Who may read a player's analysis: the player himself, signed in, and the public only if he
allows it (decision 0080). An erased player's analysis is nobody's to read in public.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournaments.analysis.models import AnalysisSharing
from tournaments.core.models import Player
from tournaments.members.selectors.accounts import account_of, memberships_of


def shared_in_public(player: Player) -> bool:
    """Whether the player lets the public read his analysis."""
    if player.erased_at is not None:
        return False
    return AnalysisSharing.objects.filter(player=player, public=True).exists()


def shared_players(players: list[Player]) -> set[int]:
    """The ids of those of ``players`` who let the public read their analysis (one query)."""
    ids = [p.pk for p in players if p.erased_at is None]
    return set(
        AnalysisSharing.objects.filter(player_id__in=ids, public=True).values_list("player_id", flat=True)
    )


def is_own(user: AbstractBaseUser | AnonymousUser, player: Player) -> bool:
    """Whether the signed-in member is ``player`` (a club's list holds his address for him)."""
    account = account_of(user)
    return account is not None and memberships_of(account.email).filter(player=player).exists()


def may_read(user: AbstractBaseUser | AnonymousUser, player: Player) -> bool:
    return is_own(user, player) or shared_in_public(player)
