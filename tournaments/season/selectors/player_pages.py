"""Reads of a player's public page and the player search: the sessions he sat in, and his results.

A player shown by initials is not found by name, since finding him would name him.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from tournaments.bridge.names import clean_name
from tournaments.core.models import Player
from tournaments.night.models import Pair, Session, Standing

SEARCH_LIMIT = 50


def player_get(pk: int) -> Player:
    return get_object_or_404(Player, pk=pk)


@dataclass(frozen=True)
class HistoryRow:
    """One session a player played: the pair they sat in and its standing (None before any result)."""

    pair: Pair
    standing: Standing | None

    @property
    def session(self) -> Session:
        return self.pair.session


def player_history(player: Player) -> list[HistoryRow]:
    """Return every session the player sat in, oldest first, with its club, pair and standing."""
    pairs = (
        Pair.objects.filter(Q(player1=player) | Q(player2=player))
        .select_related("session__club", "player1", "player2", "standing")
        .order_by("session__date", "session__id")
    )
    return [HistoryRow(pair, getattr(pair, "standing", None)) for pair in pairs]


def history_chart_points(history: list[HistoryRow]) -> list[tuple]:
    """Return (date, session, percentage) for each session where the player has a result."""
    return [
        (row.session.date, f"{row.session.club} {row.session.name}", row.standing.percentage)
        for row in history
        if row.standing is not None and row.standing.boards_played
    ]


def players_search(query: str, *, limit: int = SEARCH_LIMIT) -> list[Player]:
    """Return the first ``limit`` players ``players_matching`` finds."""
    return list(players_matching(query)[:limit])


def players_matching(query: str) -> QuerySet[Player]:
    """Return players whose name contains ``query`` (case-insensitive), by name; not a player
    shown by initials, whom finding would name. The public search and the API's."""
    query = clean_name(query)  # as names are stored: a pasted look-alike finds the player
    if not query:
        return Player.objects.none()
    return Player.objects.filter(name__icontains=query, shown_by_initials=False).order_by("name", "id")
