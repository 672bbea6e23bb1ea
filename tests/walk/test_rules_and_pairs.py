"""The walk's own tools: its scoring rules against the Laws' tables, and its pairwise choice.

The walk's recomputation is only as good as ``rules.py``; these are the scores the Laws
(Law 77) print for each case, and the matchpoints SPEC.md decision 8 defines.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from tests.walk import rules
from tests.walk.allpairs import all_pairs


@pytest.mark.parametrize(
    ("played", "board", "ns_score"),
    [
        (rules.Played("4S", "N", 10), 1, 420),  # game, none vulnerable
        (rules.Played("4S", "S", 10), 2, 620),  # game, NS vulnerable
        (rules.Played("3NT", "E", 10), 1, -430),  # an overtrick, EW declaring
        (rules.Played("1NT", "N", 7), 1, 90),  # part score
        (rules.Played("4HX", "W", 9), 3, 200),  # doubled one down, EW vulnerable
        (rules.Played("4HX", "W", 9), 1, 100),  # doubled one down, not vulnerable
        (rules.Played("3NTX", "N", 6), 1, -500),  # doubled three down, not vulnerable
        (rules.Played("3NTX", "N", 5), 1, -800),  # four down: 300 from the fourth
        (rules.Played("3NTX", "N", 6), 2, -800),  # three down vulnerable
        (rules.Played("6S", "S", 12), 1, 980),  # small slam
        (rules.Played("7NT", "N", 13), 4, 2220),  # grand slam vulnerable
        (rules.Played("1CXX", "N", 7), 1, 230),  # redoubled part score and its insult
        (rules.Played("2SX", "N", 8), 1, 470),  # doubled into game
        (rules.Played("2SX", "N", 9), 2, 870),  # and a doubled vulnerable overtrick
        (rules.Played("Pass"), 1, 0),
    ],
)
def test_the_walk_scores_as_the_laws_print(played, board, ns_score):
    assert played.ns_score(board) == ns_score


def test_matchpoints_percentages_and_neuberg_follow_decision_8():
    assert rules.board_matchpoints([100, 100, 50]) == [Fraction(3, 2), Fraction(3, 2), 0]
    assert rules.scaled_percentages([420, -50, 100], 3) == [100, 0, 50]
    # Two real results on a board of three (an artificial score on the third): scaled to three.
    assert rules.scaled_percentages([420, -50], 3) == [Fraction(175, 2), Fraction(25, 2)]
    assert rules.scaled_percentages([420], 1) == [50]


def test_cross_imps_and_places():
    assert [rules.imps(d) for d in (10, 20, 470, -470, 4000)] == [0, 1, 10, -10, 24]
    assert rules.cross_imps([420, -50]) == [10, -10]
    assert rules.places({"a": Fraction(60), "b": Fraction(55), "c": Fraction(55), "d": Fraction(40)}) == {
        "a": "1",
        "b": "2=",
        "c": "2=",
        "d": "4",
    }


def test_all_pairs_covers_every_pair_of_values_the_rules_allow_and_always_the_same():
    dimensions = {"a": ("1", "2", "3"), "b": ("x", "y"), "c": ("p", "q", "r"), "d": ("u", "v")}

    def allowed(row):
        return not (row.get("a") == "3" and row.get("b") == "y")

    rows = all_pairs(dimensions, allowed)
    assert rows == all_pairs(dimensions, allowed)
    assert all(allowed(row) for row in rows)
    met = {(a, row[a], b, row[b]) for row in rows for a, b in combinations(dimensions, 2)}
    wanted = {
        (a, x, b, y)
        for a, b in combinations(dimensions, 2)
        for x in dimensions[a]
        for y in dimensions[b]
        if allowed({a: x, b: y})
    }
    assert met == wanted
    assert len(rows) < 3 * 2 * 3 * 2


@pytest.mark.parametrize(
    ("first", "second", "home_away"),
    [
        (420, -50, (10, 0)),  # 470: 10 IMPs to the home team (WBF table: 430-490)
        (-50, 420, (0, 10)),
        (620, 620, (0, 0)),  # a flat board
        ((60, 40), 420, (3, 0)),  # Average-plus to the home team's NS at the first table (Law 12C2)
        (420, (60, 40), (0, 3)),  # at the second table the away team sits NS
        (None, 420, (0, 0)),  # one table still to enter it
    ],
)
def test_a_teams_board_is_imped_from_the_two_tables(first, second, home_away):
    assert rules.teams_board_imps(first, second) == tuple(Fraction(x) for x in home_away)


@pytest.mark.parametrize(
    ("margin", "home_vp"),
    [(0, "10"), (1, "10.61"), (10, "15"), (-10, "5"), (29, "19.85"), (30, "20"), (45, "20"), (-45, "0")],
)
def test_a_4_board_matchs_vps_are_the_printed_wbf_scales(margin, home_vp):
    """10 IMPs is a third of the blitz (15 x sqrt 4 = 30): 15.00 exactly, as the scale defines it."""
    assert rules.wbf_vp_4(Fraction(margin)) == Fraction(home_vp)
