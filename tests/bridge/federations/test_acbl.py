"""The ACBL's open club game against the handbook's "Calculating the awards" (acbl.org)."""

from __future__ import annotations

import pytest

from tournaments.bridge.federations import Contest, Placed, scale_of
from tournaments.bridge.federations.acbl import group_size

ACBL = scale_of("acbl")


def _units(contest: Contest, field: int) -> list[int]:
    awards = ACBL.field_awards(contest, [Placed(place, place) for place in range(1, field + 1)]).by_key()
    return [awards[place].units if place in awards else 0 for place in range(1, field + 1)]


@pytest.mark.parametrize(
    ("contest", "group"),
    [
        (Contest(competitors=16, boards=24, winners=2), 8),  # "an eight-table Mitchell ... groups of 8"
        (Contest(competitors=10, boards=24), 10),  # "A five-table Howell movement is one group of 10 pairs"
        (Contest(competitors=15, boards=24, winners=2), 8),  # "7 1/2 tables would be 8 pairs in each group"
        (Contest(competitors=11, boards=24), 11),  # "a 5 1/2 table Howell is 11 pairs"
    ],
)
def test_the_comparison_group_is_the_handbooks(contest, group):
    assert group_size(contest) == group


def test_an_eight_table_mitchell_direction():
    """0.10 a pair first (0.80), 70% second, 50% third; 40% of 8 pairs is 3.2: three places."""
    assert _units(Contest(competitors=16, boards=24, winners=2), 8) == [80, 56, 40, 0, 0, 0, 0, 0]


def test_a_five_table_howell():
    """Group of 10: 1.00, 0.70, 0.50, 0.35 ("fourth is 35%"); 40% of 10 is 4 places."""
    assert _units(Contest(competitors=10, boards=24), 10) == [100, 70, 50, 35] + [0] * 6


def test_fifth_and_sixth_places_get_a_fifth_and_a_sixth_and_first_is_capped():
    """15 pairs: 1.50 ("Maximum award is 1.50 masterpoints"), 70%, 50%, 35% (0.525 to 0.53),
    "fifth is 1/5 and sixth is 1/6"; 40% of 15 is 6 places."""
    assert _units(Contest(competitors=15, boards=24), 15)[:7] == [150, 105, 75, 53, 30, 25, 0]
    assert _units(Contest(competitors=40, boards=24, winners=2), 20)[0] == 150


def test_depth_rounds_half_up():
    """ "40% times the number of pairs ... rounded to the nearest whole number with .5 rounded up":
    5 pairs give 2 places, 4 pairs 2 (1.6), 6 pairs 2 (2.4), 9 pairs 4 (3.6)."""
    depths = [sum(1 for units in _units(Contest(competitors=n, boards=24), n) if units) for n in (4, 5, 6, 9)]
    assert depths == [2, 2, 2, 4]


def test_tied_pairs_share_the_places_they_span():
    field = [Placed("a", 1), Placed("b", 1), Placed("c", 3), Placed("d", 4)]
    awards = ACBL.field_awards(Contest(competitors=10, boards=24), field).by_key()
    assert {key: award.units for key, award in awards.items()} == {"a": 85, "b": 85, "c": 50, "d": 35}


def test_teams_are_not_covered_and_say_so():
    awards = ACBL.awards(Contest(competitors=8, boards=24, teams=True), [[Placed("a", 1)]])
    assert awards.awards == () and "teams" in awards.refusal
