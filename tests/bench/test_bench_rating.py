"""The rating benchmark, small: its simulated club is what it says, and the rating beats the average.

The club here is smaller and shorter than the benchmark's and on other seeds, so the
rating is judged on clubs it was not tuned on; it must still beat each player's plain
average percentage at finding the hidden strengths.
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "bench_rating.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_rating", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_the_rating_follows_the_hidden_strengths_better_than_the_plain_average(bench, seed):
    comparison = bench.compare(seed, sessions=60, members=40)
    assert comparison.players >= 30
    assert comparison.rating > comparison.average + 0.03
    assert comparison.rating > 0.8


def test_the_simulated_nights_draw_stronger_and_weaker_fields(bench):
    club = bench.simulate_club(12, sessions=60, members=40)
    means = {kind: statistics.mean(values) for kind, values in club.field_strengths.items()}
    assert means["novices"] + 0.3 < means["open"] < means["strong"] - 0.3


def test_partners_change_and_each_session_ranks_its_pairs_in_its_fields(bench):
    club = bench.simulate_club(13, sessions=40, members=40)
    partners: dict[int, set[int]] = {}
    for session in club.sessions:
        players = [member for pair, _, _ in session for member in pair]
        assert len(players) == len(set(players))  # nobody plays twice in a night
        for field in {field for _, _, field in session}:
            percents = [percent for _, percent, where in session if where == field]
            # Matchpoints share out 50% a board; a Howell's pairs sit out and switch direction, so
            # their boards differ and the mean of their session percentages is only near 50.
            assert statistics.mean(percents) == pytest.approx(50, abs=1e-9 if field != "all" else 2)
        for a, b in (pair for pair, _, _ in session):
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
    assert statistics.mean(len(mates) for mates in partners.values()) > 2
    assert {field for session in club.sessions for _, _, field in session} == {"NS", "EW", "all"}


def test_a_mitchell_has_every_north_south_pair_meet_every_east_west_pair(bench):
    met = set()
    original = bench.score_rounds

    def spy(rng, strengths, rounds):
        met.update(table for tables in rounds for table in tables)
        return original(rng, strengths, rounds)

    bench.score_rounds = spy
    try:
        _, fields = bench.mitchell(random.Random(1), [0.0] * 10)
    finally:
        bench.score_rounds = original
    assert fields == ["NS"] * 5 + ["EW"] * 5
    assert met == {(ns, ew) for ns in range(5) for ew in range(5, 10)}


@pytest.mark.parametrize(
    "left, right, expected",
    [
        ([1, 2, 3, 4], [10, 20, 30, 40], 1.0),
        ([1, 2, 3, 4], [4, 3, 2, 1], -1.0),
        ([1, 2, 3, 4, 5], [2, 1, 4, 3, 5], 0.8),
        ([1, 1, 2], [1, 2, 3], 0.8660254037844387),
    ],
)
def test_spearman_is_the_correlation_of_the_ranks_with_ties_sharing_theirs(bench, left, right, expected):
    assert bench.spearman(left, right) == pytest.approx(expected)


def test_a_timed_season_has_exactly_the_results_asked_for(bench):
    season = bench.season_of(300, seed=3)
    assert sum(len(session) for session in season) == 300
