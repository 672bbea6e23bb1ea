"""Reads about players as people: the entries that look like one member entered twice."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.shortcuts import get_object_or_404

from tournaments.bridge.duplicates import Likeness, likely_duplicates
from tournaments.models import Pair, Player, Session


@dataclass(frozen=True)
class DuplicateSuggestion:
    """Two players the director may want to merge, and why they look like one member."""

    first: Player
    second: Player
    likeness: Likeness


def player_duplicates() -> list[DuplicateSuggestion]:
    """Return every pair of players that looks like one member, oldest entry first (one query)."""
    players = {player.pk: player for player in Player.objects.order_by("pk")}
    entries = ((pk, player.name, player.federation_number) for pk, player in players.items())
    return [
        DuplicateSuggestion(players[found.first], players[found.second], found.likeness)
        for found in likely_duplicates(entries)
    ]


@dataclass(frozen=True)
class MergeCandidate:
    """A player as the merge's confirmation shows him: his sessions, first and last."""

    player: Player
    sessions: list[Session]


def merge_candidate(pk: int) -> MergeCandidate:
    """Return the player and the sessions he sat in, oldest first (404 when he is gone)."""
    player = get_object_or_404(Player, pk=pk)
    pairs = Pair.objects.filter(Q(player1=player) | Q(player2=player))
    sessions = Session.objects.filter(pk__in=pairs.values("session")).select_related("club")
    return MergeCandidate(player, list(sessions.order_by("date", "id")))
