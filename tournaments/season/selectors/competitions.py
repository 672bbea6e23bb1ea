"""Reads for the competition pages: the table, computed on read from the stored standings.

Computed, not stored: a season of 40 sessions of 15 pairs is 600 standings, read in one
query and ranked in milliseconds by ``bridge.competition``. Only finished sessions count,
so the table changes exactly when a session finishes (or a finished session's result is
corrected), with no second copy of the figures to keep in step.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from tournaments.bridge.season.competition import (
    MASTER_POINTS,
    Entry,
    PlayerLine,
    Rules,
    SessionScore,
    competition_table,
)
from tournaments.core.models import Club, Player
from tournaments.night.models import Session, SessionState, Standing
from tournaments.night.selectors.individual import individual_places
from tournaments.season import hooks
from tournaments.season.models import Competition


@dataclass(frozen=True)
class CompetitionRow:
    """A player's line with the player and each session as the page shows them."""

    line: PlayerLine
    player: Player
    counted: list[tuple[Session, float]]
    dropped: list[tuple[Session, float]]


@dataclass(frozen=True)
class CompetitionTable:
    competition: Competition
    sessions: list[Session]  # every chosen session, oldest first
    finished: list[Session]  # those that count so far
    rows: list[CompetitionRow]


def competition_get(pk: int) -> Competition:
    return get_object_or_404(Competition.objects.select_related("club"), pk=pk)


def competitions_of(club: Club) -> QuerySet[Competition]:
    return Competition.objects.filter(club=club).order_by("-created_at", "-id")


def competition_rules(competition: Competition) -> Rules:
    return Rules(
        competition.method,
        competition.best_of,
        competition.minimum_sessions,
        tuple(competition.scale or ()),
    )


def competition_standings(competition: Competition) -> CompetitionTable:
    """Return the competition's table from its finished sessions' standings (three queries, and an
    individual's results: its players are ranked by their own places)."""
    sessions = list(competition.sessions.order_by("date", "id"))
    finished = [session for session in sessions if session.state == SessionState.FINISHED]
    standings = (
        Standing.objects.filter(session__in=finished, boards_played__gt=0)
        .select_related("pair__player1", "pair__player2")
        .order_by("session_id", "pair__direction", "rank")
    )
    by_session: dict[int, list[Entry]] = {session.pk: [] for session in finished}
    # Keyed as ``competition_table`` names players and sessions back: by the ids it is given.
    players: dict[Hashable, Player] = {}
    one_field = _one_field(finished)
    awarded = _master_points(finished) if competition.method == MASTER_POINTS else {}
    individuals = {session.pk: session for session in finished if session.is_individual}
    if individuals:
        points = (
            _players_master_points(list(individuals.values())) if competition.method == MASTER_POINTS else {}
        )
        for session in individuals.values():
            by_session[session.pk] = _individual_entries(session, players, points)
    for standing in standings:
        if standing.session_id in individuals:
            continue
        pair = standing.pair
        members = [player for player in (pair.player1, pair.player2) if player is not None]
        players.update((player.pk, player) for player in members)
        field = "" if standing.session_id in one_field else pair.direction
        by_session[standing.session_id].append(
            Entry(
                tuple(p.pk for p in members),
                standing.percentage,
                standing.matchpoints,
                standing.rank,
                field,
                float(awarded.get(pair.pk, 0)),
            )
        )
    lines = competition_table(
        [(pk, entries) for pk, entries in by_session.items()], competition_rules(competition)
    )
    named: dict[Hashable, Session] = {session.pk: session for session in finished}

    def shown(scores: tuple[SessionScore, ...]) -> list[tuple[Session, float]]:
        return [(named[score.session], score.score) for score in scores]

    rows = [
        CompetitionRow(line, players[line.player], shown(line.counted), shown(line.dropped)) for line in lines
    ]
    return CompetitionTable(competition, sessions, finished, rows)


def _master_points(sessions: list[Session]) -> dict[int, Decimal]:
    """Each pair's master points, as the capability that keeps them answers (none without one)."""
    found: dict[int, Decimal] = {}
    for answer in hooks.pairs_master_points(sessions):
        found.update(answer)
    return found


def _individual_entries(
    session: Session, players: dict[Hashable, Player], points: dict[tuple[int, int], Decimal]
) -> list[Entry]:
    """An individual's entries: each player who played alone, with his own place and figures
    (its pairs are one-round partnerships, which would enter him once a round)."""
    entries = []
    for place in individual_places(session):
        if not place.boards or place.percentage is None:
            continue
        players[place.player.pk] = place.player
        awarded = float(points.get((session.pk, place.player.pk), 0))
        entries.append(
            Entry((place.player.pk,), place.percentage, place.matchpoints, place.place, "", awarded)
        )
    return entries


def _players_master_points(sessions: list[Session]) -> dict[tuple[int, int], Decimal]:
    """Each individual's player's master points, as the capability that keeps them answers."""
    found: dict[tuple[int, int], Decimal] = {}
    for answer in hooks.players_master_points(sessions):
        found.update(answer)
    return found


def _one_field(sessions: list[Session]) -> set[int]:
    return {session.pk for session in sessions if session.ranks_one_field}


def club_sessions_for_choice(club: Club) -> QuerySet[Session]:
    """The sessions a director may put in a club's competition, newest first."""
    return Session.objects.filter(club=club).order_by("-date", "-id")
