"""The full refit: every counted result read at once and solved on arrays, in seconds for a million.

For the first refit on a site (``RatingState`` never fitted: the ratings stored before
were fitted another way and carry no residuals), for ``manage.py rate_players``, and for
a row owed that asks for everything. It also decides anew which sessions count: every
finished matchpoint session with a result. A session's snapshot counted out of date
order is a fit of the same kind over the sessions up to it (``prefix_snapshot``).
``snapshots_replay`` rebuilds every snapshot by counting the sessions again one at a
time, in date order, each with the local refit (``manage.py rate_players --snapshots``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

import numpy as np
from django.utils import timezone

from tournaments.bridge.season.rating import AVERAGE
from tournaments.bridge.season.rating_arrays import (
    Equations,
    Results,
    results_from_columns,
    seats,
    sessions_played,
    solve,
    uncertainties,
)
from tournaments.bridge.season.rating_local import MemorySource, Row, refit_near
from tournaments.core.models import Player
from tournaments.core.services.writes import locked, write
from tournaments.db.ratings import rated_columns, rated_rows
from tournaments.db.sql import insert_rows
from tournaments.night.models import Session
from tournaments.season.models import PlayerRating, RatedSession, RatingDue, RatingSnapshot, RatingState
from tournaments.season.selectors.rating_source import (
    CountedResults,
    PairSeat,
    one_field_sessions,
    rows_as_read,
)

_IDS = 500  # ids a statement's IN (SQLite's bound parameters)
_BATCH = 20_000  # rows a statement (on PostgreSQL a column is one array parameter: db.sql.insert_rows)
_RATING_FIELDS = ["player_id", "rating", "residual", "uncertainty", "sessions"]
Snapshot = dict[int, tuple[float, float]]  # player -> (rating, uncertainty) after a session


@dataclass
class FullRefit:
    """Every player's figures, and the players each counted session has."""

    results: Results
    ratings: np.ndarray
    residuals: np.ndarray
    uncertainty: np.ndarray
    sessions: np.ndarray
    counted: dict[int, list[int]]


def _results(rows: list[Row]) -> Results:
    columns = (
        [np.asarray(column, dtype=np.float64) for column in zip(*rows, strict=True)] if rows else [()] * 6
    )
    return results_from_columns(*columns)


def _columns() -> Results:
    """Every counted result as arrays, read as columns (``db.ratings.rated_columns``)."""
    columns = rated_columns()
    session = columns["session"]
    one_field = one_field_sessions()
    fields = (
        np.where(np.isin(session, list(one_field)), 0, columns["field"]) if one_field else columns["field"]
    )
    return results_from_columns(
        session, fields, columns["first"], columns["second"], columns["percentage"], columns["boards"]
    )


def _counted(results: Results, seated: np.ndarray) -> dict[int, list[int]]:
    """Each counted session's players, by session (``seated``: ``rating_arrays.seats``, sorted)."""
    if not len(seated):
        return {}
    size = results.size
    sessions = seated // size
    starts = np.flatnonzero(np.concatenate([[True], sessions[1:] != sessions[:-1]]))
    groups = np.split(results.players[seated % size], starts[1:])
    return {session: group.tolist() for session, group in zip(sessions[starts].tolist(), groups, strict=True)}


def full_refit_work() -> FullRefit:
    """Fit every counted result at once, warm from the stored ratings."""
    results = _columns()
    stored = dict(PlayerRating.objects.values_list("player_id", "rating"))
    start = np.array([stored.get(player, AVERAGE) - AVERAGE for player in results.players.tolist()])
    equations = Equations(results, exact_diagonal=True)
    deviations = solve(equations, start)
    seated = seats(results)
    return FullRefit(
        results,
        AVERAGE + deviations,
        equations.residual(deviations),
        uncertainties(results, equations.information),
        sessions_played(results, seated),
        _counted(results, seated),
    )


def full_refit_store(
    work: FullRefit, *, version: int, markers: Collection[int], snapshots: dict[int, Snapshot]
) -> bool:
    """Replace every rating and the counted sessions, if no other refit stored meanwhile; True if stored."""
    with write():
        state = locked(RatingState.objects.filter(pk=1)).first()
        if state is None or state.version != version:
            return False
        alive = set(Player.objects.values_list("pk", flat=True))
        PlayerRating.objects.all().delete()
        insert_rows(PlayerRating, _RATING_FIELDS, _rating_rows(work, alive), batch_size=_BATCH)
        _counted_store(work.counted)
        snapshots_store(snapshots)
        RatingDue.objects.filter(pk__in=markers).delete()
        state.version += 1
        state.refitted_at = timezone.now()
        state.save(update_fields=["version", "refitted_at"])
    return True


def _counted_store(counted: dict[int, list[int]]) -> None:
    """Make ``RatedSession`` say ``counted``, writing only the sessions whose players changed.

    A full refit mostly finds the sessions counted as they were: rewriting all 40,000 of a
    million results' rows cost PostgreSQL 2-4 s on the loaded machine (each new row's
    unique key checked against the deleted one), reading them to compare under half a second.
    """
    before = dict(RatedSession.objects.values_list("session_id", "players"))
    changed = [(session, players) for session, players in counted.items() if before.get(session) != players]
    stale = [session for session in before if session not in counted]
    stale += [session for session, _ in changed if session in before]
    for start in range(0, len(stale), _IDS):
        RatedSession.objects.filter(session_id__in=stale[start : start + _IDS]).delete()
    insert_rows(RatedSession, ["session_id", "players"], changed, batch_size=_BATCH)


def _rating_rows(work: FullRefit, alive: set[int]) -> Iterable[tuple[int, float, float, float, int]]:
    """Each player's row (``_RATING_FIELDS``), plain values for ``db.sql.insert_rows`` (``bulk_create``
    prepared every value of 100,000 rows through its field: most of a full refit's store)."""
    figures = zip(
        work.results.players.tolist(),
        work.ratings.tolist(),
        work.residuals.tolist(),
        work.uncertainty.tolist(),
        work.sessions.tolist(),
        strict=True,
    )
    return (row for row in figures if row[0] in alive)


def prefix_snapshot(counted: Collection[int], session: Session, players: Collection[int]) -> Snapshot:
    """The fit over the ``counted`` sessions up to ``session`` (date, then id), for its ``players``."""
    earlier = Session.objects.filter(pk__in=counted, date__lte=session.date).values_list("pk", "date")
    ids = [pk for pk, date in earlier if date < session.date or pk <= session.pk]
    results = _results(rows_as_read(rated_rows(ids), one_field_sessions(ids)))
    equations = Equations(results, exact_diagonal=True)
    deviations = solve(equations, np.zeros(results.size))
    return _snapshot_of(results, AVERAGE + deviations, uncertainties(results), players)


def _snapshot_of(
    results: Results, ratings: np.ndarray, spread: np.ndarray, players: Collection[int]
) -> Snapshot:
    index = {int(player): position for position, player in enumerate(results.players)}
    return {
        player: (float(ratings[index[player]]), float(spread[index[player]]))
        for player in players
        if player in index
    }


def full_refit_snapshots(work: FullRefit, sessions: Collection[int]) -> dict[int, Snapshot]:
    """The snapshots of the owed ``sessions`` a full refit counts (see ``rating_refit`` for which)."""
    snapshots = {}
    counting = CountedResults()  # the sessions this refit counts, whatever the stored count says
    counting.adding = set(work.counted)
    for session in Session.objects.filter(pk__in=[pk for pk in sessions if pk in work.counted]):
        players = work.counted[session.pk]
        seats = counting.counted_pairs(players)
        if session_is_latest(session, [seat for seat in seats if seat[0] in work.counted]):
            snapshots[session.pk] = _snapshot_of(work.results, work.ratings, work.uncertainty, players)
        else:
            snapshots[session.pk] = prefix_snapshot(work.counted.keys(), session, players)
    return snapshots


def session_is_latest(session: Session, seats: Iterable[PairSeat]) -> bool:
    """Whether none of the counted ``seats`` of its players is in a session after ``session`` (date, id)."""
    return all((date, pk) <= (session.date, session.pk) for pk, date, _, _ in seats)


def snapshots_store(snapshots: dict[int, Snapshot]) -> None:
    """Replace the snapshots of these sessions (inside the refit's write)."""
    for session_id, ratings in snapshots.items():
        RatingSnapshot.objects.filter(session_id=session_id).delete()
        alive = set(Player.objects.filter(pk__in=ratings).values_list("pk", flat=True))
        RatingSnapshot.objects.bulk_create(
            RatingSnapshot(player_id=player, session_id=session_id, rating=rating, uncertainty=uncertainty)
            for player, (rating, uncertainty) in sorted(ratings.items())
            if player in alive
        )


def snapshots_replay() -> int:
    """Rebuild every session's snapshot by counting the sessions again in date order; return how many."""
    rows = rows_as_read(rated_rows(), one_field_sessions())
    by_session: dict[int, list[Row]] = {}
    for row in rows:
        by_session.setdefault(row[0], []).append(row)
    order = Session.objects.filter(pk__in=by_session).order_by("date", "pk").values_list("pk", flat=True)
    source = MemorySource()
    snapshots: list[RatingSnapshot] = []
    for session in order:
        source.add(session, by_session[session])
        players = {player for row in by_session[session] for player in (row[2], row[3])}
        refit = refit_near(source, players)
        source.store(refit)
        snapshots.extend(
            RatingSnapshot(
                player_id=player,
                session_id=session,
                rating=refit.ratings[player][0],
                uncertainty=refit.uncertainty[player],
            )
            for player in sorted(players)
        )
    with write():
        alive = set(Player.objects.values_list("pk", flat=True))
        RatingSnapshot.objects.all().delete()
        RatingSnapshot.objects.bulk_create([s for s in snapshots if s.player_id in alive], batch_size=_BATCH)
    return len(order)
