"""The evening in sum: role averages and the costs by kind."""

from __future__ import annotations

import pytest

from tournaments.bridge.analysis.roles import Role, leader_of, player_seat, role_of
from tournaments.bridge.analysis.summary import by_cost, costs_by_kind, role_averages
from tournaments.bridge.analysis.verdicts import Kind, Verdict


def test_declared_58_and_42_defended_32_reads_50_declaring_32_defending_44_overall() -> None:
    boards = [(Role.DECLARER, 58.0), (Role.DECLARER, 42.0), (Role.DEFENDER, 32.0)]
    averages = {a.group: a.average for a in role_averages(boards)}
    assert averages["declaring"] == pytest.approx(50.0)
    assert averages["defending"] == pytest.approx(32.0)
    assert averages["overall"] == pytest.approx(44.0)
    assert averages["dummy"] is None and averages["on_lead"] is None


def test_an_adjusted_board_counts_in_no_average() -> None:
    averages = {a.group: (a.boards, a.average) for a in role_averages([(Role.ON_LEAD, 60.0), (None, None)])}
    assert averages["on_lead"] == (1, 60.0)
    assert averages["defending"] == (1, 60.0)
    assert averages["overall"] == (1, 60.0)


@pytest.mark.parametrize(
    ("seat", "declarer", "role"),
    [("N", "N", Role.DECLARER), ("S", "N", Role.DUMMY), ("E", "N", Role.ON_LEAD), ("W", "N", Role.DEFENDER),
     ("W", "S", Role.ON_LEAD), ("N", "W", Role.ON_LEAD), ("S", "W", Role.DEFENDER)],
)  # fmt: skip
def test_a_players_role_follows_from_his_seat_and_the_declarer(seat: str, declarer: str, role: Role) -> None:
    assert role_of(seat, declarer) is role


def test_the_first_named_player_sits_north_or_east() -> None:
    assert [player_seat("NS", 0), player_seat("NS", 1), player_seat("EW", 0), player_seat("EW", 1)] == list(
        "NSEW"
    )
    assert leader_of("S") == "W"
    with pytest.raises(ValueError, match="NS or EW"):
        player_seat("", 0)


def test_costs_sum_by_kind_and_boards_sort_dearest_first() -> None:
    verdicts = [(1, Verdict(Kind.LEAD, 2.0)), (2, Verdict(Kind.LEAD, 3.0)), (3, Verdict(Kind.NOTHING)),
                (4, Verdict(Kind.LUCK, -2.5))]  # fmt: skip
    assert costs_by_kind(v for _, v in verdicts) == {Kind.LEAD: 5.0, Kind.LUCK: -2.5}
    assert [n for n, _ in by_cost(verdicts)] == [2, 1, 3, 4]
