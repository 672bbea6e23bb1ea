"""Double-dummy analysis as stored on dealt boards."""

from __future__ import annotations

import re

import pytest

from tournaments.bridge import Deal, board_vulnerability
from tournaments.bridge.scoring import ns_score
from tournaments.night.analysis import board_analysis

SEED_DEAL = "N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32"
# Each seat holds one whole suit: whoever declares their own suit takes all 13 tricks.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.mark.parametrize(
    ("declarer", "strain", "tricks"),
    [("N", "S", 13), ("E", "H", 13), ("S", "D", 13), ("W", "C", 13), ("N", "H", 0), ("N", "NT", 0)],
)
def test_a_declarer_holding_a_whole_suit_takes_every_trick_in_it_and_none_in_another(
    declarer, strain, tricks
):
    analysis = board_analysis(Deal.from_pbn(ONE_SUIT_EACH), 1)

    assert analysis.tricks[declarer][strain] == tricks


def test_the_seed_deal_makes_ten_tricks_in_hearts_for_west_as_its_auction_expects():
    analysis = board_analysis(Deal.from_pbn(SEED_DEAL), 1)

    assert analysis.tricks["W"]["H"] == 10
    assert set(analysis.tricks) == {"N", "E", "S", "W"}
    assert all(set(row) == {"C", "D", "H", "S", "NT"} for row in analysis.tricks.values())


@pytest.mark.parametrize("board_number", [1, 2, 3, 4])
def test_the_par_score_is_what_the_par_contract_scores_with_its_double_dummy_tricks(board_number):
    """Our scorer and DDS's par solver are independent: they must agree on the par result."""
    analysis = board_analysis(Deal.from_pbn(SEED_DEAL), board_number)
    first_par = analysis.par_contracts.split(", ")[0]  # e.g. '4HW=' or '5CXN-1'
    body, declarer, rest = _split_par(first_par)
    tricks = int(body[0]) + 6 + (0 if rest == "=" else int(rest))

    assert ns_score(body, declarer, tricks, board_vulnerability(board_number)) == analysis.par_score


def _split_par(text: str) -> tuple[str, str, str]:
    """Split endplay's ``'5CXN-1'`` into contract ``'5CX'``, declarer ``'N'`` and ``'-1'``."""
    match = re.fullmatch(r"(\d(?:NT|[CDHS])X{0,2})([NESW])(=|[+-]\d+)", text)
    assert match, f"unreadable par contract {text!r}"
    return match.group(1), match.group(2), match.group(3)


_THREADS_SCRIPT = """
import random, sys, threading
from tournaments.night.analysis import board_analysis
from tournaments.bridge import board_dealer, deal_from_permutation
from tournaments.bridge.deck import random_permutation

rng = random.Random(int(sys.argv[1]))
deals = [deal_from_permutation(random_permutation(rng), dealer=board_dealer(1)) for _ in range(16)]
answers = {}

def deal_one_by_one(offset):
    for index in range(offset, len(deals), 4):
        answers[index] = board_analysis(deals[index], 1).tricks

def deal_again(offset):
    for index in range(offset, len(deals), 2):
        tricks = board_analysis(deals[index], 1).tricks
        assert tricks == answers.get(index, tricks)

threads = [threading.Thread(target=deal_one_by_one, args=(k,)) for k in range(4)]
threads += [threading.Thread(target=deal_again, args=(k,)) for k in range(2)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(len(answers))
"""


@pytest.mark.parametrize("seed", [7])
def test_several_threads_dealing_at_once_neither_crash_the_process_nor_mix_their_answers(seed):
    """Issue 24, point 1: DDS is not reentrant; four simultaneous deal requests in one
    worker crashed it ("Sum 5 is not four", then a segfault). Run in a child process, so a
    crash fails this test instead of killing the test run."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    child = subprocess.run(
        [sys.executable, "-c", _THREADS_SCRIPT, str(seed)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )

    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.strip() == "16"


@pytest.mark.parametrize("board_number", [1, 2, 3, 4, 5])
def test_the_tricks_a_dealing_program_gives_yield_the_solvers_par(board_number):
    """Issue 24, point 1: a PBN file's own [DoubleDummyTricks] spare the solver; par must not move."""
    from tournaments.night.analysis import board_analysis_from_tricks

    solved = board_analysis(Deal.from_pbn(SEED_DEAL), board_number)

    assert board_analysis_from_tricks(solved.tricks, board_number) == solved
