"""Refit the players' ratings from the finished sessions' standings, and keep each session's snapshot.

Every finished matchpoint pair session counts (IMP pairs are on another scale). The fit
(``bridge.rating``) takes every session at once, so a finished session changes everyone's
current rating a little, as it should: a partner or an opponent found stronger lifts the
results played against him. A session's snapshot is the fit over the sessions up to it,
so the chart's points are what the rating was on that night and do not move later.
Refitting costs well under a second for a season of 5,000 results (bench/bench_rating.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from tournaments.bridge.season.rating import PlayerRating as PlayerRatingValue
from tournaments.bridge.season.rating import rate_players
from tournaments.core.models import Player
from tournaments.core.services.writes import write
from tournaments.night.models import ScoringMethod, Session, SessionState, Standing
from tournaments.season.models import PlayerRating, RatingSnapshot

RatedSession = tuple[Session, list[tuple]]


def rated_sessions() -> list[RatedSession]:
    """Every finished matchpoint session with its results as ``bridge.rating`` reads them, oldest first."""
    sessions = list(
        Session.objects.filter(state=SessionState.FINISHED, scoring=ScoringMethod.MATCHPOINTS).order_by(
            "date", "id"
        )
    )
    results: dict[int, list[tuple]] = {session.pk: [] for session in sessions}
    standings = Standing.objects.filter(session__in=sessions, boards_played__gt=0).values_list(
        "session_id", "pair__player1_id", "pair__player2_id", "pair__direction", "percentage", "boards_played"
    )
    one_field = {session.pk for session in sessions if session.ranks_one_field}
    for session_id, first, second, direction, percentage, boards in standings:
        players = (first,) if second is None else (first, second)
        field = "" if session_id in one_field else direction
        results[session_id].append((players, percentage, field, boards))
    return [(session, results[session.pk]) for session in sessions]


@write()
def ratings_after_session(*, session: Session) -> None:
    """Refit the current ratings and store this session's snapshot for the players who sat in it."""
    season = rated_sessions()
    position = next((index for index, (rated, _) in enumerate(season) if rated.pk == session.pk), None)
    current = _rated(season)
    if position is not None:
        # The usual case, the newest session, is the whole season: one fit serves both.
        latest = position == len(season) - 1
        _store_snapshot(season[: position + 1], current if latest else None)
    _store_current(current)


@write()
def ratings_refit() -> None:
    """Refit the current ratings only (after a merge: the snapshots already hold their nights)."""
    _store_current(_rated(rated_sessions()))


@write()
def ratings_rebuild() -> int:
    """Refit every session's snapshot in order and the current ratings; return the sessions rated."""
    season = rated_sessions()
    RatingSnapshot.objects.all().delete()
    for end in range(1, len(season) + 1):
        _store_snapshot(season[:end])
    _store_current(_rated(season))
    return len(season)


def _rated(season: Sequence[RatedSession]) -> dict[int, PlayerRatingValue]:
    """Each player's rating over ``season``, by player pk."""
    # ``rate_players`` keys its answer by the ids the rows name, typed as any hashable;
    # ``rated_sessions`` names the players by pk, so the keys are ints.
    return cast(dict[int, PlayerRatingValue], rate_players([rows for _, rows in season]))


def _store_snapshot(
    season: Sequence[RatedSession], ratings: Mapping[int, PlayerRatingValue] | None = None
) -> None:
    session, results = season[-1]
    if ratings is None:
        ratings = _rated(season)
    played = {player for players, *_ in results for player in players}
    RatingSnapshot.objects.filter(session=session).delete()
    RatingSnapshot.objects.bulk_create(
        RatingSnapshot(
            player_id=player,
            session=session,
            rating=ratings[player].rating,
            uncertainty=ratings[player].uncertainty,
        )
        for player in sorted(played)
    )


def _store_current(ratings: Mapping[int, PlayerRatingValue]) -> None:
    existing = set(Player.objects.filter(pk__in=ratings).values_list("pk", flat=True))
    PlayerRating.objects.all().delete()
    PlayerRating.objects.bulk_create(
        PlayerRating(
            player_id=player, rating=rated.rating, uncertainty=rated.uncertainty, sessions=rated.sessions
        )
        for player, rated in ratings.items()
        if player in existing
    )
