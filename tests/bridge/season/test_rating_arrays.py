"""The rating on arrays and the local refit: both equal to the plain fit of ``bridge.season.rating``.

``rating_arrays`` must give what ``rate_players`` gives (the model's reference, itself
checked against the least squares solved directly in test_rating.py); ``rating_local``
must leave every rating within the stated tolerance of the full fit however the history
grew, was corrected or shrank, on randomized histories of seeded clubs.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tournaments.bridge.season.rating import rate_players
from tournaments.bridge.season.rating_arrays import (
    RESIDUAL,
    Equations,
    fit,
    numbered,
    results_from_columns,
    sessions_played,
    uncertainties,
)
from tournaments.bridge.season.rating_local import MemorySource, Row, refit_near

# What the local refit promises against the full fit, in rating points (docs/decisions.md).
TOLERANCE = 1e-3


def random_history(seed: int, sessions: int, clubs: int = 3, members: int = 14) -> dict[int, list[Row]]:
    """Clubs' nights: Mitchells and Howells, a pair of one now and then, short nights, shared members."""
    rng = random.Random(seed)
    rosters = [[club * members + n for n in range(members)] for club in range(clubs)]
    for club in range(clubs):  # two members of each club also play at the next one
        rosters[club][:2] = rosters[(club + 1) % clubs][-2:]
    history = {}
    for session in range(1, sessions + 1):
        seated = rng.sample(rosters[rng.randrange(clubs)], rng.choice([6, 8, 10, 12]))
        pairs = [(seated[n], seated[n + 1]) for n in range(0, len(seated), 2)]
        if rng.random() < 0.2:
            pairs[0] = (pairs[0][0], pairs[0][0])
        mitchell = rng.random() < 0.6
        boards = rng.choice([18, 24, 27])
        history[session] = [
            (session, n % 2 if mitchell else 0, first, second, round(rng.uniform(30, 70), 2), boards)
            for n, (first, second) in enumerate(pairs)
        ]
    return history


def as_arrays(rows: list[Row]):
    return results_from_columns(*[np.asarray(column) for column in zip(*rows, strict=True)])


def as_sessions(history: dict[int, list[Row]]) -> list[list[tuple]]:
    """The same history as ``rate_players`` reads it."""
    return [
        [
            ((first,) if first == second else (first, second), pct, field, boards)
            for _, field, first, second, pct, boards in rows
        ]
        for _, rows in sorted(history.items())
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_array_fit_gives_the_plain_fits_ratings_uncertainties_and_sessions(seed):
    history = random_history(seed, 30)
    expected = rate_players(as_sessions(history))
    results = as_arrays([row for rows in history.values() for row in rows])
    ratings, spread, played = (
        50 + fit(results, tolerance=1e-9),
        uncertainties(results),
        sessions_played(results),
    )
    got = {int(player): (ratings[i], spread[i], played[i]) for i, player in enumerate(results.players)}
    assert got.keys() == expected.keys()
    for player, rated in expected.items():
        assert got[player] == pytest.approx((rated.rating, rated.uncertainty, rated.sessions), abs=1e-7)


def test_the_fit_stops_with_every_players_residual_within_the_bound():
    results = as_arrays([row for rows in random_history(4, 40).values() for row in rows])
    deviations = fit(results)
    assert np.abs(Equations(results).residual(deviations)).max() <= RESIDUAL


def full_fit(source: MemorySource) -> dict[int, float]:
    results = as_arrays([row for rows in source.rows.values() for row in rows])
    deviations = fit(results, tolerance=RESIDUAL / 100)
    return {int(player): 50 + deviations[i] for i, player in enumerate(results.players)}


def count(source: MemorySource, session: int, rows: list[Row] | None) -> None:
    """Count, correct (new rows) or take out (None) a session, then refit around it as the site does."""
    before = {player for row in source.rows.get(session, []) for player in row[2:4]}
    if rows is None:
        source.remove(session)
    else:
        source.add(session, rows)
    source.store(refit_near(source, before | {player for row in rows or [] for player in row[2:4]}))


def assert_equal_to_the_full_fit(source: MemorySource) -> None:
    full = full_fit(source)
    assert {player for player in source.stored} == set(full)
    assert {player: rating for player, (rating, _) in source.stored.items()} == pytest.approx(
        full, abs=TOLERANCE
    )
    results = as_arrays([row for rows in source.rows.values() for row in rows])
    index = {int(player): i for i, player in enumerate(results.players)}
    stored = np.array([source.stored[int(player)][0] - 50 for player in results.players])
    residual = Equations(results).residual(stored)
    assert np.abs(residual).max() <= RESIDUAL  # every player within the bound, not only the ones refitted
    for player, (_, kept) in source.stored.items():  # and the residual kept is the real one
        assert kept == pytest.approx(residual[index[player]], abs=1e-9)


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_refits_session_by_session_equal_the_full_fit_of_the_whole_history(seed):
    source = MemorySource()
    for session, rows in random_history(seed, 60).items():
        count(source, session, rows)
    assert_equal_to_the_full_fit(source)


@pytest.mark.parametrize("seed", [21, 22])
def test_corrected_and_removed_sessions_leave_the_ratings_equal_to_the_full_fit(seed):
    rng = random.Random(seed)
    source = MemorySource()
    history = random_history(seed, 40)
    for session, rows in history.items():
        count(source, session, rows)
    for session in rng.sample(sorted(history), 5):  # a result corrected after the finish
        corrected = [(*row[:4], round(rng.uniform(30, 70), 2), row[5]) for row in history[session]]
        count(source, session, corrected)
    for session in rng.sample(sorted(history), 5):  # reopened: its results leave the ratings
        count(source, session, None)
    assert_equal_to_the_full_fit(source)


def test_a_player_whose_only_session_goes_loses_his_rating():
    source = MemorySource()
    history = random_history(5, 10)
    for session, rows in history.items():
        count(source, session, rows)
    alone = [(99, 0, 500, 501, 60.0, 24), (99, 0, 502, 503, 40.0, 24)]
    count(source, 99, alone)
    assert 500 in source.stored
    count(source, 99, None)
    assert not {500, 501, 502, 503} & source.stored.keys()
    assert_equal_to_the_full_fit(source)


def test_a_refit_reads_the_neighbourhood_not_the_whole_history():
    """Two groups of players who never meet: a night of one reads nothing of the other's."""
    source = MemorySource()
    apart = {
        session: [(s, f, a + 1000 * (s % 2), b + 1000 * (s % 2), p, w) for s, f, a, b, p, w in rows]
        for session, rows in random_history(6, 40).items()
    }
    for session, rows in apart.items():
        count(source, session, rows)
    refit = refit_near(source, {player for row in apart[40] for player in row[2:4]})
    assert 0 < refit.rows_read <= sum(len(rows) for session, rows in apart.items() if session % 2 == 0)
    assert all(player < 1000 for player in refit.ratings) and refit.ratings


@pytest.mark.parametrize(
    "values",
    [
        [5, 3, 5, 9, 3, 4],  # ids about as many as their range: the look-up table
        [7 * 10**12, -3, 7 * 10**12, 40, 2**40],  # spread thin, and below zero: the sort
        [],
    ],
)
def test_numbering_ids_is_np_unique_with_each_ids_place(values):
    found, place = numbered(np.asarray(values, dtype=np.int64))
    expected, inverse = np.unique(np.asarray(values, dtype=np.int64), return_inverse=True)
    assert found.tolist() == expected.tolist() and place.tolist() == inverse.reshape(-1).tolist()


def test_players_and_sessions_ids_spread_thin_fit_as_close_ones():
    history = random_history(4, 20)
    rows = [row for rows in history.values() for row in rows]
    spread = [(s * 10**9, f, a * 10**10 + 7, b * 10**10 + 7, p, n) for s, f, a, b, p, n in rows]
    close, thin = as_arrays(rows), as_arrays(spread)
    assert (thin.players == close.players * 10**10 + 7).all()
    assert fit(thin, tolerance=1e-9) == pytest.approx(fit(close, tolerance=1e-9), abs=1e-9)
