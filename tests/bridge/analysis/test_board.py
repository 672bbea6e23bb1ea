"""One board read for one player, against a hand-worked example.

Board 1 (nobody vulnerable), five tables, scored in matchpoints (top 4):

    table  contract  tricks  NS score
    A      4S N      10      +420
    B      4S N      11      +450
    C      4S N       9       -50   <- our table: we sit North-South, North declares
    D      3NT S      9      +400
    E      2S N      10      +170

Double-dummy, North makes 10 tricks in spades. At table C, North-South's -50 beats no
one: 0 of 4 matchpoints. Had North taken his 10 double-dummy tricks, +420 would beat
+400 and +170 (2) and tie table A's +420 (0.5): 2.5 of 4. The trick short cost 2.5
matchpoints, at least a quarter of the top (1): the verdict is declarer play, 2.5.
The field's contract is 4S by North-South (three tables), ours: the auction cost nothing.
East-West at table C, defending, gained those 2.5: the declarer's slip, a gift (luck).
"""

from __future__ import annotations

import pytest

from tournaments.bridge.analysis.board import ADJUSTED, NO_DEAL, NO_LEAD, TableResult, read_board
from tournaments.bridge.analysis.field import ContractKey
from tournaments.bridge.analysis.rescore import cost, score_for
from tournaments.bridge.analysis.roles import Role
from tournaments.bridge.analysis.verdicts import Kind

RESULTS = [
    TableResult("4S", "N", 10, 420),
    TableResult("4S", "N", 11, 450),
    TableResult("4S", "N", 9, -50, lead="HK"),
    TableResult("3NT", "S", 9, 400),
    TableResult("2S", "N", 10, 170),
]
DD = {seat: {strain: 3 for strain in ("C", "D", "H", "S", "NT")} for seat in "NESW"}
DD["N"]["S"] = DD["S"]["S"] = 10
DD["N"]["NT"] = DD["S"]["NT"] = 9


def test_the_trick_short_cost_what_the_worked_example_says() -> None:
    scores = [r.ns_score for r in RESULTS]
    assert score_for(scores, 2, "NS", "mp").points == 0.0
    assert cost(scores, 2, 420, "NS", "mp") == 2.5
    reading = read_board(
        number=1, results=RESULTS, index=2, seat="N", dd_tricks=DD, lead_tricks=None, method="mp"
    )
    assert reading.role is Role.DECLARER
    assert reading.dd_available == 10 and reading.tricks_against_double_dummy == -1
    assert reading.at_double_dummy is not None and reading.at_double_dummy.points == 2.5
    assert reading.swings.auction == 0.0 and reading.swings.play == 2.5
    assert (reading.verdict.kind, reading.verdict.points) == (Kind.DECLARER_PLAY, 2.5)
    assert reading.field.most_frequent is not None
    assert reading.field.most_frequent.key == ContractKey("4S", "NS")
    assert (reading.field.most_frequent.tables, reading.field.most_frequent.made) == (3, 2)


def test_the_defenders_of_the_slip_read_it_as_a_gift() -> None:
    reading = read_board(
        number=1, results=RESULTS, index=2, seat="E", dd_tricks=DD, lead_tricks=None, method="mp"
    )
    assert reading.role is Role.ON_LEAD
    assert (reading.verdict.kind, reading.verdict.points) == (Kind.LUCK, -2.5)
    assert reading.verdict.gift


def test_a_lone_table_in_a_strain_gives_no_average_and_a_lone_contract_no_field() -> None:
    reading = read_board(
        number=1, results=RESULTS, index=3, seat="S", dd_tricks=DD, lead_tricks=None, method="mp"
    )
    assert reading.field.average("NT", "NS") is None  # one table played no trump
    assert reading.field.average("S", "NS") is not None and reading.field.average("S", "NS").tables == 4
    two = read_board(
        number=1, results=RESULTS[3:], index=0, seat="S", dd_tricks=DD, lead_tricks=None, method="mp"
    )
    assert two.field.most_frequent is None and two.swings.auction is None


def test_the_lead_that_cost_a_trick_is_re_scored_with_a_best_lead() -> None:
    # North-South defend 4S by East at table 2; South led, and each card's defence tricks are given.
    results = [TableResult("4S", "E", 10, -420), TableResult("4S", "E", 10, -420, lead="D2"),
               TableResult("4S", "E", 9, 50)]  # fmt: skip
    dd = {seat: {strain: 9 for strain in ("C", "D", "H", "S", "NT")} for seat in "NESW"}
    solve = {"D2": 3, "HA": 4, "HK": 4}
    reading = read_board(
        number=1, results=results, index=1, seat="S", dd_tricks=dd, lead_tricks=solve, method="mp"
    )
    assert reading.role is Role.ON_LEAD
    assert reading.lead is not None and reading.lead.cost == 1 and reading.lead.best_leads == ("HA", "HK")
    # With a best lead East takes 9: +50 ties table 3 and beats table 1: 1.5 of 2, not 0.5 (-420 tied).
    assert reading.with_best_lead is not None and reading.with_best_lead.points == 1.5
    assert reading.swings.lead == 1.0
    assert reading.verdict.kind is Kind.LEAD


@pytest.mark.parametrize(
    ("results", "dd", "unknown"),
    [
        ([TableResult("", "", None, None), TableResult("4S", "N", 10, 420)], DD, (ADJUSTED,)),
        ([TableResult("4S", "N", 10, 420), TableResult("4S", "N", 10, 420)], None, (NO_DEAL,)),
        ([TableResult("4S", "N", 10, 420), TableResult("4S", "N", 10, 420)], DD, (NO_LEAD,)),
    ],
    ids=["adjusted", "no deal", "no lead"],
)
def test_the_reading_names_what_it_cannot_know(
    results: list[TableResult], dd: object, unknown: tuple
) -> None:
    reading = read_board(
        number=1, results=results, index=0, seat="N", dd_tricks=dd, lead_tricks=None, method="mp"
    )  # type: ignore[arg-type]
    assert reading.unknown == unknown
    if unknown != (NO_LEAD,):
        assert reading.verdict.kind is Kind.UNKNOWN and reading.lead is None
