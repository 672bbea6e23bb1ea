"""Double-dummy analysis as stored on dealt boards."""

from __future__ import annotations

import re

import pytest

from tournaments.analysis import board_analysis
from tournaments.bridge import Deal, board_vulnerability
from tournaments.bridge.scoring import ns_score

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
