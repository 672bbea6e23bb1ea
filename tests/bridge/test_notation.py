"""The compact result notation of a traveller: what a director types, and what is refused with why."""

from __future__ import annotations

import itertools

import pytest
from endplay.types import Contract as EndplayContract

from tournaments.bridge.adjusted import Adjustment, AdjustmentPercentages, Artificial
from tournaments.bridge.calls import Contract
from tournaments.bridge.notation import PASSED_OUT, NotationError, Played, outcome_text, read_outcome
from tournaments.bridge.seats import Seat

PLUS, AVERAGE, MINUS = Adjustment.AVERAGE_PLUS, Adjustment.AVERAGE, Adjustment.AVERAGE_MINUS


def played(contract: str, declarer: str, tricks: int) -> Played:
    return Played(Contract.parse(contract), Seat(declarer), tricks)


@pytest.mark.parametrize(
    ("typed", "outcome", "written"),
    [
        ("4SN+1", played("4S", "N", 11), "4SN+1"),
        ("4sn+1", played("4S", "N", 11), "4SN+1"),
        ("4SN=", played("4S", "N", 10), "4SN="),
        ("4SN-2", played("4S", "N", 8), "4SN-2"),
        ("4SN10", played("4S", "N", 10), "4SN="),  # the tricks taken
        ("4SN 0", played("4S", "N", 0), "4SN-10"),
        ("3NTxE-2", played("3NTX", "E", 7), "3NTXE-2"),
        ("3NTEx-2", played("3NTX", "E", 7), "3NTXE-2"),  # the double after the declarer
        ("3NXE-2", played("3NTX", "E", 7), "3NTXE-2"),  # N for no trump
        ("1NN=", played("1NT", "N", 7), "1NTN="),
        ("4HxxS=", played("4HXX", "S", 10), "4HXXS="),
        ("4HSxx=", played("4HXX", "S", 10), "4HXXS="),
        (" 3 NT X E -2 ", played("3NTX", "E", 7), "3NTXE-2"),
        ("7NTW+0", played("7NT", "W", 13), "7NTW="),
        ("7CW-13", played("7C", "W", 0), "7CW-13"),
        ("P", PASSED_OUT, "P"),
        ("pass", PASSED_OUT, "P"),
        ("Passed out", PASSED_OUT, "P"),
        ("All pass", PASSED_OUT, "P"),
        ("A60/40", Artificial(PLUS, MINUS), "A60/40"),
        ("a 60 / 40", Artificial(PLUS, MINUS), "A60/40"),
        ("A6040", Artificial(PLUS, MINUS), "A60/40"),  # USEBIO's code
        ("A50/50", Artificial(AVERAGE, AVERAGE), "A50/50"),
        ("A40/60", Artificial(MINUS, PLUS), "A40/60"),
        ("A+/A-", Artificial(PLUS, MINUS), "A60/40"),
        ("A+/-", Artificial(PLUS, MINUS), "A60/40"),
        ("A/A-", Artificial(AVERAGE, MINUS), "A50/40"),
        ("A+", Artificial(PLUS, PLUS), "A60/60"),  # one sign: both sides
        ("A", Artificial(AVERAGE, AVERAGE), "A50/50"),
        ("A-", Artificial(MINUS, MINUS), "A40/40"),
        ("A60", Artificial(PLUS, PLUS), "A60/60"),
    ],
)
def test_a_cell_reads_as_the_director_means_it_and_is_written_back_one_way(typed, outcome, written):
    assert read_outcome(typed) == outcome
    assert outcome_text(read_outcome(typed)) == written
    assert read_outcome(written) == outcome


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "Type the result, as 4SN+1"),
        ("   ", "Type the result"),
        ("4S+1", "has no declarer: put N, E, S or W after the contract, as 4SN+1."),
        ("3NT", "has no declarer"),
        ("4SN", "has no result: add =, +1, -2 or the tricks taken, as 4SN=."),
        ("8SN=", "the level is 1..7, not 8"),
        ("0SN=", "the level is 1..7, not 0"),
        ("4SN+4", "it means 14 tricks, but a side takes 0..13"),
        ("1CN-8", "it means -1 tricks"),
        ("4SN14", "a side takes 0..13"),
        ("4SN+x", "bad result '+X'"),
        ("4SN−1", "bad result '−1'"),  # a typographic minus: ASCII only
        ("4SXXXN=", "bad contract '4SXXX'"),
        ("4SXNX=", "doubled twice: write X or XX once"),
        ("4ZN=", "is not a result: write the contract, the declarer and the result"),
        ("٤SN=", "is not a result"),  # an Arabic-Indic four is no level
        ("\x00", "is not a result"),
        ("4SN=" * 50, "(200 characters)"),  # quoted cut short
        ("A70/30", "70% is not an adjusted score here: Average-plus is 60%, Average 50%, Average-minus 40%."),
        ("A60/", "is not an adjusted score: write each side's percentage or sign, as A60/40 or A+/A-."),
        ("Assigned", "is not an adjusted score"),
    ],
)
def test_a_cell_that_is_no_result_is_refused_saying_what_to_type(typed, says):
    with pytest.raises(NotationError) as refused:
        read_outcome(typed)
    assert says in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_adjusted_scores_by_percentage_are_the_clubs_own_figures():
    club = AdjustmentPercentages(plus=65, average=50, minus=35)
    assert read_outcome("A65/35", club) == Artificial(PLUS, MINUS)
    assert outcome_text(Artificial(PLUS, MINUS), club) == "A65/35"
    with pytest.raises(NotationError, match="Average-plus is 65%"):
        read_outcome("A60/40", club)
    assert read_outcome("A+/A-", club) == Artificial(PLUS, MINUS)


_ENDPLAY_STRAINS = ("C", "D", "H", "S", "NT")
_ENDPLAY_DOUBLING = {"": 0, "x": 1, "xx": 2}


def test_every_contract_reads_as_endplay_reads_it():
    """endplay (an independent bridge library) writes the double after the declarer: 3NTEx-2."""
    combinations = itertools.product(range(1, 8), _ENDPLAY_STRAINS, "NESW", ("", "x", "xx"))
    for level, strain, declarer, doubling in combinations:
        needed = level + 6
        for tricks in range(14):
            difference = tricks - needed
            result = "=" if difference == 0 else f"{difference:+d}"
            text = f"{level}{strain}{declarer}{doubling}{result}"
            theirs = EndplayContract(text)
            ours = read_outcome(text)
            assert isinstance(ours, Played), text
            assert (ours.contract.level, ours.contract.strain.letter) == (theirs.level, strain), text
            assert ours.declarer.full_name.lower() == theirs.declarer.name, text
            assert ours.contract.doubling == _ENDPLAY_DOUBLING[doubling], text
            assert ours.tricks - needed == theirs.result, text
            assert str(ours) == f"{level}{strain}{doubling.upper()}{declarer}{result}", text  # ours: X first
