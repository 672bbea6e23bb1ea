"""Reads about players as people: the entries that look like one member entered twice."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_noop

from tournaments.bridge.season.duplicates import Likeness, likely_duplicates
from tournaments.core.models import Club, Player
from tournaments.core.selectors.club_players import players_for_administrator
from tournaments.night.models import Pair, Session
from tournaments.season.models import PlayerMerge
from tournaments.teams.models import TeamMember

# The pure ``Likeness`` reasons, marked here for makemessages (``bridge/`` has no Django);
# the duplicates page translates each as it shows it.
LIKENESS_WORDS = (
    gettext_noop("same federation number"),
    gettext_noop("same name but for case, accents or spacing"),
    gettext_noop("looks the same: letters of another alphabet, or text turned right to left"),
    gettext_noop("same name but for an initial"),
    gettext_noop("same name but for a letter added, dropped or swapped"),
)


@dataclass(frozen=True)
class DuplicateSuggestion:
    """Two players the director may want to merge, and why they look like one member.

    ``for_administrator``: one of them belongs to a club the director does not direct, so
    the site's administrator merges them (issue 28).
    """

    first: Player
    second: Player
    likeness: Likeness
    for_administrator: bool = False


def players_of_clubs(clubs: QuerySet[Club]) -> QuerySet[Player]:
    """Return the players on these clubs' member lists, in their sessions or in their teams.

    Players are shared by clubs, but a director answers only for his own clubs' players:
    a director of another club sees none of them on his pages.
    """
    pairs = Pair.objects.filter(session__club__in=clubs)
    return Player.objects.filter(
        Q(pk__in=pairs.values("player1"))
        | Q(pk__in=pairs.values("player2"))
        | Q(memberships__club__in=clubs)
        | Q(pk__in=TeamMember.objects.filter(team__event__club__in=clubs).values("player"))
    ).distinct()


def player_duplicates(players: QuerySet[Player] | None = None) -> list[DuplicateSuggestion]:
    """Return every pair of ``players`` (all by default) that looks like one member, oldest first."""
    # Keyed as ``likely_duplicates`` names them back: by the ids it is given, any hashable.
    by_pk: dict[Hashable, Player] = {
        player.pk: player for player in (players if players is not None else Player.objects).order_by("pk")
    }
    entries = ((pk, player.name, player.federation_number) for pk, player in by_pk.items())
    return [
        DuplicateSuggestion(by_pk[found.first], by_pk[found.second], found.likeness)
        for found in likely_duplicates(entries)
    ]


def director_duplicates(user: User, players: QuerySet[Player]) -> list[DuplicateSuggestion]:
    """Return the likely duplicates among the director's ``players``, each marked when one of
    the two belongs to a club he does not direct (then the site's administrator merges)."""
    suggestions = player_duplicates(players)
    elsewhere = players_for_administrator(user, [p for s in suggestions for p in (s.first, s.second)])
    return [
        replace(suggestion, for_administrator=bool({suggestion.first.pk, suggestion.second.pk} & elsewhere))
        for suggestion in suggestions
    ]


@dataclass(frozen=True)
class MergeCandidate:
    """A player as the merge's confirmation shows him: his sessions, first and last."""

    player: Player
    sessions: list[Session]


def merge_candidate(pk: int, players: QuerySet[Player] | None = None) -> MergeCandidate:
    """Return the player and the sessions he sat in, oldest first (404 when he is gone, or is
    not among ``players``: a director sees only his own clubs' players)."""
    player = get_object_or_404(players if players is not None else Player.objects.all(), pk=pk)
    pairs = Pair.objects.filter(Q(player1=player) | Q(player2=player))
    sessions = Session.objects.filter(pk__in=pairs.values("session")).select_related("club")
    return MergeCandidate(player, list(sessions.order_by("date", "id")))


def merge_of(duplicate_pk: int, players: QuerySet[Player] | None = None) -> PlayerMerge | None:
    """Return the merge that deleted this player, if the player he was merged into is among
    ``players`` (a director is told only of his own clubs' merges), else None."""
    merge = PlayerMerge.objects.filter(duplicate_pk=duplicate_pk).order_by("-at", "-id").first()
    if merge is None:
        return None
    if players is not None and (merge.kept_id is None or not players.filter(pk=merge.kept_id).exists()):
        return None
    return merge
