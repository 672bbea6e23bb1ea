"""Strata as pure rules: limits, a pair's stratum (its stronger player's), a stratum's places."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.bridge.strata import (
    Ranked,
    StrataError,
    check_limits,
    pair_stratum,
    player_stratum,
    strata_in_play,
    stratum_places,
)

OPEN_750_300 = (Decimal(750), Decimal(300))  # "Common limits for open games are ... Open/750/300"


@pytest.mark.parametrize(
    ("holding", "stratum"),
    [
        (Decimal(2000), 0),
        (Decimal(750), 0),
        (Decimal("749.99"), 1),
        (Decimal(300), 1),
        (Decimal(12), 2),
        (None, 0),
    ],
)
def test_a_players_stratum_is_below_each_limit_he_is_under(holding, stratum):
    assert player_stratum(holding, OPEN_750_300) == stratum


def test_a_pairs_stratum_is_its_stronger_players_and_unknown_is_a():
    assert pair_stratum([Decimal(50), Decimal(400)], OPEN_750_300) == 1  # a C with a B: B
    assert pair_stratum([Decimal(50), Decimal(10)], OPEN_750_300) == 2
    assert pair_stratum([Decimal(50), None], OPEN_750_300) == 0
    assert pair_stratum([52.5, 47.0], [Decimal(55), Decimal(48)]) == 1  # by rating: 52.5 is B


@pytest.mark.parametrize(
    ("limits", "said"),
    [
        ((), "one limit or two"),
        ((Decimal(5), Decimal(3), Decimal(1)), "one limit or two"),
        ((Decimal(300), Decimal(750)), "below B's"),
        ((Decimal(0),), "above 0"),
    ],
)
def test_limits_that_do_not_make_two_or_three_strata_are_refused(limits, said):
    with pytest.raises(StrataError, match=said):
        check_limits(limits)


def test_a_stratums_places_count_only_its_pairs_and_keep_ties():
    field = [Ranked("a", 1, 0), Ranked("b", 2, 2), Ranked("c", 3, 1), Ranked("d", 3, 2), Ranked("e", 5, 2)]
    assert [(p.key, p.place, p.tied) for p in stratum_places(field, 1)] == [
        ("b", 1, False),
        ("c", 2, True),
        ("d", 2, True),
        ("e", 4, False),
    ]
    assert [(p.key, p.place) for p in stratum_places(field, 2)] == [("b", 1), ("d", 2), ("e", 3)]


def test_a_stratum_under_the_minimum_is_merged_into_the_one_above():
    """The ACBL: "The lowest strat must have at least five pairs"."""
    assert strata_in_play([0, 1, 1, 2, 2, 2, 2, 2], 3, minimum=5) == [0, 1, 2]
    assert strata_in_play([0, 1, 1, 1, 2, 2, 2, 2], 3, minimum=5) == [0, 1]  # 4 C pairs: ranked in B
    assert strata_in_play([0, 0, 0], 3, minimum=5) == [0]
