"""What it cost in IMPs: the same hand-worked board as ``test_board``, scored as an IMP-pairs night.

Board 1 (nobody vulnerable), five tables; our table C: 4S by North, 9 tricks, -50, where
double-dummy gives North 10 (+420).

Cross-IMPs, each score against every other, averaged over the four comparisons:

    -50  against +420 (470): -10, +450 (500): -11, +400 (450): -10, +170 (220): -6   -> -37/4 = -9.25
    +420 against +420: 0, +450 (30): -1, +400 (20): +1, +170 (250): +6               ->   6/4 = +1.5

so the trick short cost North-South 1.5 - (-9.25) = 10.75 IMPs.

Butler: five scores, the highest and the lowest left out of the datum. With -50 the datum is
(420 + 400 + 170) / 3 = 330: -50 - 330 = -380, -9 IMPs. With +420 in its place the board's
scores are 420 450 420 400 170, the datum (420 + 420 + 400) / 3 = 413.3, rounded 410:
+420 - 410 = 10, 0 IMPs. The trick cost 9 IMPs. Both reach two IMPs: declarer play decided it.
"""

from __future__ import annotations

import pytest

from tests.bridge.analysis.test_board import DD, RESULTS
from tournaments.bridge.analysis.board import read_board
from tournaments.bridge.analysis.verdicts import Kind


@pytest.mark.parametrize(("method", "actual", "at_dd"), [("cross_imps", -9.25, 1.5), ("butler", -9.0, 0.0)])
def test_the_trick_short_cost_what_the_hand_worked_imps_say(method: str, actual: float, at_dd: float) -> None:
    reading = read_board(
        number=1, results=RESULTS, index=2, seat="N", dd_tricks=DD, lead_tricks=None, method=method
    )
    assert reading.actual is not None and reading.actual.points == actual
    assert reading.at_double_dummy is not None and reading.at_double_dummy.points == at_dd
    assert reading.swings.play == at_dd - actual
    assert (reading.verdict.kind, reading.verdict.points) == (Kind.DECLARER_PLAY, at_dd - actual)


@pytest.mark.parametrize("method", ["cross_imps", "butler"])
def test_the_defenders_read_the_same_imps_as_the_declarers_slip_their_gift(method: str) -> None:
    declarer = read_board(
        number=1, results=RESULTS, index=2, seat="N", dd_tricks=DD, lead_tricks=None, method=method
    )
    defender = read_board(
        number=1, results=RESULTS, index=2, seat="E", dd_tricks=DD, lead_tricks=None, method=method
    )
    assert defender.verdict.kind is Kind.LUCK and defender.verdict.gift
    assert defender.verdict.points == -declarer.verdict.points
