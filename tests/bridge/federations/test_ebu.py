"""The EBU's club scale against the handbook's figures, as EBU directors quote them, and an
independent scorer's awards (Salliere, mjj29/salliere, ``testdata/imp.xml``: a real club's
upload to the EBU)."""

from __future__ import annotations

import pytest

from tournaments.bridge.federations import Contest, Placed, scale_of
from tournaments.bridge.federations.ebu import awards_count

EBU = scale_of("ebu")


def _units(contest: Contest, places: list[int]) -> list[int]:
    awards = EBU.field_awards(contest, [Placed(index, place) for index, place in enumerate(places)])
    by_key = awards.by_key()
    return [by_key[index].units if index in by_key else 0 for index in range(len(places))]


@pytest.mark.parametrize(
    ("full_tables", "boards", "count"),
    [(25, 16, 13), (26, 16, 13), (19, 24, 13), (13, 36, 13), (6, 24, 4), (3, 24, 2)],
)
def test_a_single_winner_field_awards_a_part_of_its_pairs_by_the_boards(full_tables, boards, count):
    """The handbook's tables, single winner: "25-26 tables 13 awards if 1/4, 19 tables 13 awards if
    1/3, 13 tables 13 awards if 1/2" (a quarter under 18 boards, a third to 35, a half beyond)."""
    contest = Contest(competitors=2 * full_tables, boards=boards)
    assert awards_count(contest) == count


def test_an_eleven_pair_howell_of_27_boards_awards_24_18_12_6():
    """Salliere's EBU upload of a club's 11-pair, 27-board Howell: 5 full tables, a third of 10
    pairs rounded up is 4 awards, 6 master points each: 24, 18, 12, 6."""
    assert _units(Contest(competitors=11, boards=27), list(range(1, 12))) == [24, 18, 12, 6] + [0] * 7


def test_a_mitchell_awards_each_direction_a_third_of_its_full_tables():
    """Two winners: each direction's competitors are the complete tables (5 tables: 2 awards)."""
    contest = Contest(competitors=11, boards=24, winners=2)
    assert _units(contest, [1, 2, 3, 4, 5, 6]) == [12, 6, 0, 0, 0, 0]


def test_tied_pairs_share_rounded_up_and_never_below_the_minimum():
    """Tied 4th and 5th where 4 places award: (6 + 0) / 2 = 3, raised to the minimum of 6; tied
    2nd and 3rd: (18 + 12) / 2 = 15."""
    assert _units(Contest(competitors=11, boards=27), [1, 2, 2, 4, 4, 6]) == [24, 15, 15, 6, 6, 0]


def test_the_top_award_is_limited_by_the_boards_played():
    """Club scale: no award above 100 for 18-35 boards (27 full tables: 18 awards from 108)."""
    units = _units(Contest(competitors=54, boards=24), list(range(1, 20)))
    assert units[:4] == [100, 100, 96, 90] and units[17:] == [6, 0]


@pytest.mark.parametrize(
    ("contest", "said"),
    [
        (Contest(competitors=6, boards=11), "12 boards or more; this session played 11"),
        (Contest(competitors=5, boards=24), "3 complete tables or more; this session had 2"),
        (Contest(competitors=9, boards=24, winners=2), "5 complete tables or more; this session had 4"),
        (Contest(competitors=8, boards=24, teams=True), "teams scale"),
    ],
)
def test_an_event_too_small_awards_nothing_and_says_why(contest, said):
    """Handbook 3.1.1: "No Master Points will be awarded for an event unless the original entry was
    at least ... 3 complete tables in a single-winner pairs event (i.e. Howell type) ... 5 complete
    tables in a two-winner pairs event (i.e. Mitchell type)"."""
    awards = EBU.awards(contest, [[Placed("a", 1), Placed("b", 2)]])
    assert awards.awards == () and said in awards.refusal


def test_master_points_are_whole_numbers():
    (award, *_) = EBU.field_awards(Contest(competitors=11, boards=27), [Placed("a", 1)]).awards
    assert str(award.points) == "24" and EBU.point_type == "BLACK"
