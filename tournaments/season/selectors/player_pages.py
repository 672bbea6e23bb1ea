"""Reads of a player's public page and the player search: the sessions he sat in, and his results.

A player shown by initials is not found by name, since finding him would name him.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from tournaments.core.models import Player
from tournaments.night.models import Pair, Session, Standing
from tournaments.night.selectors.individual import individual_places
from tournaments.night.selectors.publication import standings_published_of

SEARCH_LIMIT = 50


def player_get(pk: int) -> Player:
    return get_object_or_404(Player, pk=pk)


@dataclass(frozen=True)
class IndividualStanding:
    """A player's own standing in an individual, read as a pair's ``Standing`` is."""

    rank: int
    tied: bool
    percentage: float | None
    boards_played: int

    @property
    def rank_text(self) -> str:
        return f"{self.rank}{'=' if self.tied else ''}"


@dataclass(frozen=True)
class HistoryRow:
    """One session a player played: the pair they sat in and its standing (None before any result).

    In an individual, his own standing among the players and his ``number``: ``pair`` is
    the partnership he sat in first (each played one round)."""

    pair: Pair
    standing: Standing | IndividualStanding | None
    number: int | None = None

    @property
    def session(self) -> Session:
        return self.pair.session


def player_history(player: Player) -> list[HistoryRow]:
    """Return every session the player sat in, oldest first, with its club, pair and standing
    (an individual once, with his own standing, not once a partnership).

    The standing is the one the public may see (``standings_published_of``): a barometer's
    or a Swiss pairs' in play counts its published rounds only.
    """
    pairs = list(
        Pair.objects.filter(Q(player1=player) | Q(player2=player))
        .select_related("session__club", "player1", "player2", "standing")
        .order_by("session__date", "session__id", "number")
    )
    published = standings_published_of(pairs)
    rows: list[HistoryRow] = []
    individuals: set[int] = set()
    for pair in pairs:
        if not pair.session.is_individual:
            rows.append(HistoryRow(pair, published.get(pair.pk, getattr(pair, "standing", None))))
        elif pair.session_id not in individuals:
            individuals.add(pair.session_id)
            rows.append(_individual_row(player, pair))
    return rows


def _individual_row(player: Player, first: Pair) -> HistoryRow:
    """The player's line of an individual: his place among its players, from its results."""
    mine = [place for place in individual_places(first.session) if place.player.pk == player.pk]
    if not mine:
        return HistoryRow(first, None)
    place = mine[0]
    standing = IndividualStanding(place.place, place.tied, place.percentage, place.boards)
    return HistoryRow(first, standing if place.boards else None, place.number)


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
    query = " ".join(query.split())
    if not query:
        return Player.objects.none()
    return Player.objects.filter(name__icontains=query, shown_by_initials=False).order_by("name", "id")
