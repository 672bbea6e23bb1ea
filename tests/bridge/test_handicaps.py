"""Handicaps as pure rules: a pair's (its players' mean), a rating's, USEBIO's, and the places."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.bridge.handicaps import (
    Entry,
    HandicapError,
    check_handicap,
    from_usebio_handicap,
    handicap_from_rating,
    handicapped_places,
    pair_handicap,
    usebio_handicap,
)


@pytest.mark.parametrize(
    ("players", "pair"),
    [
        (["4", "-2"], "1"),
        (["3.5"], "3.5"),
        (["0.01", "0"], "0.005"),
        (["-1.25", "-1.24"], "-1.245"),
        ([], "0"),
    ],
)
def test_a_pairs_handicap_is_its_players_mean_exactly(players, pair):
    assert pair_handicap(Decimal(value) for value in players) == Decimal(pair)


@pytest.mark.parametrize(
    ("rating", "handicap"), [(46.5, "3.50"), (50.0, "0.00"), (57.123, "-7.12"), (-10, "50.00")]
)
def test_a_rating_gives_what_brings_the_player_to_fifty(rating, handicap):
    assert handicap_from_rating(rating) == Decimal(handicap)


@pytest.mark.parametrize("value", ["50.01", "-51", "NaN", "Infinity"])
def test_a_handicap_beyond_fifty_points_is_refused(value):
    with pytest.raises(HandicapError, match="between -50 and \\+50"):
        check_handicap(Decimal(value))


def test_usebio_handicap_is_twice_what_the_pair_adds_as_scorer_writes_it():
    # Scorer's file: PERCENTAGE 54.18 for a pair of 57.39% and HANDICAP -6.42.
    assert from_usebio_handicap(-6.42) == Decimal("-3.21")
    assert usebio_handicap(Decimal("-3.21")) == Decimal("-6.42")
    assert from_usebio_handicap(-6.65) == Decimal("-3.325")  # an odd hundredth: kept whole
    assert usebio_handicap(from_usebio_handicap(0.01)) == Decimal("0.01")


def test_places_go_by_scratch_plus_handicap_and_equal_figures_share():
    field = [
        Entry("a", 60.0, Decimal("-6.00")),  # 54.00
        Entry("b", 50.0, Decimal("4.00")),  # 54.00
        Entry("c", 55.0, Decimal("0.00")),  # 55.00
        Entry("d", 40.0, Decimal("10.00")),  # 50.00
        Entry("e", 0.0, Decimal("5.00"), played=False),
    ]
    places = [(found.key, found.place_text, str(found.figure)) for found in handicapped_places(field)]
    assert places == [
        ("c", "1", "55.00"),
        ("a", "2=", "54.00"),
        ("b", "2=", "54.00"),
        ("d", "4", "50.00"),
        ("e", "", "5.00"),
    ]
