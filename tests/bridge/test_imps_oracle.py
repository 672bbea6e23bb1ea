"""Our IMPs and matchpoints against an independent implementation: npm ``bridge-scorer``.

The library (pinned below) is installed once into a cache folder outside the work tree,
``~/.cache/clubscore-node`` or ``$CLUBSCORE_NODE_CACHE``, and one node process scores every
board (tests/bridge/oracle/bridge_scorer.js). Without Node.js the tests are skipped; with
it they must run, so a failed install fails them.

The boards are random (seeded) and full of ties: each draws its scores from a handful of
likely results, as a real board does. What is compared, and where the two differ on
purpose (docs/decisions.md, "IMP pairs"):

- the IMP scale over every difference up to 5000 either way;
- matchpoints, ours x 2 (the library counts 2 per pair beaten), NS and EW, from both
  ``board_matchpoints`` and ``adjusted_board``. The library has no adjusted scores, so
  Neuberg and Law 12C are checked against hand-worked boards in test_adjusted.py instead;
- cross-IMPs, NS and EW, on boards of 2 or more results (the library divides 0 by 0 for a
  lone result, where we give 0);
- Butler IMPs and datum on boards of 1-3 and 5-10 results, where both leave out the same
  scores (the library already trims at 4 results and trims two each from 11).
"""

import random

import pytest

from tests.bridge.oracle.node import ask_oracle
from tests.bridge.oracle.scorer import BRIDGE_SCORER, SCRIPT
from tournaments.bridge.adjusted import adjusted_board
from tournaments.bridge.imps import butler_datum, butler_imps, cross_imps, imps
from tournaments.bridge.matchpoints import board_matchpoints

SEED = 20261123
BOARD_COUNT = 400
LIKELY_SCORES = [-1430, -800, -620, -500, -200, -100, -50, 0, 50, 90, 110, 140, 170, 400, 420, 430, 620, 1100]


def _random_boards() -> list[list[int | None]]:
    rng = random.Random(SEED)
    boards = []
    for _ in range(BOARD_COUNT):
        likely = rng.sample(LIKELY_SCORES, rng.randint(1, 5))
        tables = rng.randint(1, 14)
        boards.append([None if rng.random() < 0.1 else rng.choice(likely) for _ in range(tables)])
    return boards


@pytest.fixture(scope="module")
def oracle():
    """Run the library over the random boards once; return (boards, its figures, its IMP scale)."""
    boards = _random_boards()
    differences = list(range(-5000, 5001, 10))
    request = {
        "boards": [[s for s in board if s is not None] for board in boards],
        "differences": differences,
    }
    answer = ask_oracle(BRIDGE_SCORER, SCRIPT, request)
    return boards, answer["boards"], dict(zip(differences, answer["imps"], strict=True))


def _played(values):
    return [value for value in values if value is not None]


def test_the_boards_have_many_ties():
    boards = _random_boards()
    tied = sum(len(_played(board)) > len(set(_played(board))) for board in boards)
    assert tied > BOARD_COUNT // 2


def test_imp_scale_agrees(oracle):
    _, _, scale = oracle
    assert {difference: imps(difference) for difference in scale} == scale


def test_matchpoints_agree(oracle):
    boards, theirs, _ = oracle
    for board, their in zip(boards, theirs, strict=True):
        for ours in (board_matchpoints(board), adjusted_board(board)):
            played = _played(ours)
            assert [2 * entry.ns_mp for entry in played] == their["mp_ns"], board
            assert [2 * entry.ew_mp for entry in played] == their["mp_ew"], board
            if len(played) > 1:
                assert [entry.ns_pct for entry in played] == pytest.approx(their["pct_ns"]), board


def test_cross_imps_agree(oracle):
    boards, theirs, _ = oracle
    compared = 0
    for board, their in zip(boards, theirs, strict=True):
        ours = _played(cross_imps(board))
        if len(ours) < 2:
            continue
        compared += 1
        assert ours == pytest.approx(their["cross_ns"], abs=1e-12), board
        assert [-value for value in ours] == pytest.approx(their["cross_ew"], abs=1e-12), board
    assert compared > BOARD_COUNT // 2


def test_butler_agrees_where_both_trim_the_same(oracle):
    boards, theirs, _ = oracle
    compared = 0
    for board, their in zip(boards, theirs, strict=True):
        if len(_played(board)) in (0, 4) or len(_played(board)) > 10:
            continue
        compared += 1
        assert butler_datum(board) == their["butler_datum"], board
        assert _played(butler_imps(board)) == their["butler_ns"], board
    assert compared > BOARD_COUNT // 2
