"""An individual as a contest of the scales: its players the competitors, four to a table, one winner.

Each federation's club scale awards an individual by the rules it has for pairs, read with
players for pairs (issue 45, item 1): the tables count four players, the EBU's part of the
field and the ACBL's group count players, the ABF's places reach the top half of them.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.bridge.federations import AwardError, Contest, Placed, abf, acbl, ebu


@pytest.mark.parametrize(
    ("players", "tables", "full_tables"),
    [(12, 3, 3), (16, 4, 4), (20, 5, 5), (14, 4, 3)],  # 14: a table of two, counted whole, not complete
)
def test_an_individual_seats_four_players_a_table(players, tables, full_tables):
    contest = Contest(competitors=players, boards=24, individual=True)
    assert (contest.tables, contest.full_tables) == (tables, full_tables)


@pytest.mark.parametrize("options", [{"winners": 2}, {"teams": True}])
def test_an_individual_is_one_field_of_players(options):
    with pytest.raises(AwardError, match="one winner, no teams"):
        Contest(competitors=12, boards=24, individual=True, **options)


def _points(scale, players: int, boards: int) -> list[Decimal]:
    """Each place's award when the players finish in order, no tie."""
    contest = Contest(competitors=players, boards=boards, individual=True)
    field = [Placed(number, number) for number in range(1, players + 1)]
    by_key = scale.awards(contest, [field]).by_key()
    return [by_key[number].points for number in sorted(by_key)]


def test_the_abf_awards_an_individual_by_its_tables_to_the_top_half_of_its_players():
    # 4 tables, one winner: 0.04 x 1.5 x 4 = 0.24; 70%, then 1/(k-1); 16 players, 8 places.
    assert _points(abf.SCALE, 16, 24) == [
        Decimal(p) for p in ("0.24", "0.17", "0.12", "0.08", "0.06", "0.05", "0.04", "0.03")
    ]


def test_the_ebu_awards_an_individual_a_part_of_its_players_by_the_boards():
    # 16 players (4 complete tables), 24 boards: a third of 16, rounded up, is 6 awards of 6 a place.
    assert _points(ebu.SCALE, 16, 24) == [Decimal(p) for p in (36, 30, 24, 18, 12, 6)]


def test_the_ebu_refuses_an_individual_of_fewer_than_three_complete_tables():
    contest = Contest(competitors=11, boards=24, individual=True)
    assert "single-winner individual event of 3 complete tables" in ebu.SCALE.refusal(contest)


def test_the_acbl_awards_an_individual_by_its_players_in_the_group():
    # 16 players: first 0.10 a player = 1.50 (the cap: 1.60 is over it), 40% of 16 is 6 places deep.
    assert _points(acbl.SCALE, 16, 24) == [
        Decimal(p) for p in ("1.50", "1.05", "0.75", "0.53", "0.30", "0.25")
    ]
