"""Every dealing format written then read gives back the deals PBN does, for every board number it holds.

The deals are random (hypothesis draws the permutations; a seeded run of every board
number follows), the board sets every kind the format allows: DUP and DLM any consecutive
run within 1-99, BRI, DGE and BER boards 1..n, PBN and LIN any numbers up to 999. Where
the format carries dealer and vulnerability (PBN, LIN) the reader checks them against the
board number, so a writer that wrote them wrong fails here too.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.bridge import deal_from_permutation
from tournaments.bridge.cards import Deal
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.dealing import FORMATS, format_from_bytes, read_deal_file, write_deal_file
from tournaments.bridge.seats import MAX_BOARD_NUMBER

CONSECUTIVE_FROM_ONE = ("bri", "dge", "ber")
CONSECUTIVE_WITHIN_99 = ("dup", "dlm")
ANY_NUMBERS = ("pbn", "lin")

deals = st.permutations(range(1, 53)).map(lambda permutation: deal_from_permutation(permutation))


def read_back(fmt: str, boards: list[tuple[int, Deal]]) -> list[tuple[int, Deal]]:
    data = write_deal_file(fmt, boards)
    assert format_from_bytes(data) is FORMATS[fmt]  # the bytes alone say which format they are
    read = read_deal_file(data)
    assert read.format == fmt
    return [(board.number, board.deal) for board in read.boards]


def through_pbn(boards: list[tuple[int, Deal]]) -> list[tuple[int, Deal]]:
    return read_back("pbn", boards)


@st.composite
def consecutive_boards(draw: st.DrawFn, first_from: int, last_to: int) -> list[tuple[int, Deal]]:
    first = draw(st.integers(first_from, last_to))
    count = draw(st.integers(1, min(last_to - first + 1, 40)))
    return [(first + offset, draw(deals)) for offset in range(count)]


@pytest.mark.parametrize("fmt", CONSECUTIVE_FROM_ONE)
@settings(max_examples=25, deadline=None)
@given(boards=consecutive_boards(1, 1))
def test_records_from_board_1_read_back_as_pbn_reads_them(fmt, boards):
    assert read_back(fmt, boards) == through_pbn(boards) == boards


@pytest.mark.parametrize("fmt", CONSECUTIVE_WITHIN_99)
@settings(max_examples=25, deadline=None)
@given(boards=consecutive_boards(1, 99))
def test_a_run_of_boards_within_1_99_reads_back_as_pbn_reads_it(fmt, boards):
    assert read_back(fmt, boards) == through_pbn(boards) == boards


@pytest.mark.parametrize("fmt", ANY_NUMBERS)
@settings(max_examples=25, deadline=None)
@given(
    numbers=st.lists(st.integers(1, MAX_BOARD_NUMBER), min_size=1, max_size=30, unique=True).map(sorted),
    data=st.data(),
)
def test_any_board_numbers_read_back_as_pbn_reads_them(fmt, numbers, data):
    boards = [(number, data.draw(deals)) for number in numbers]
    assert read_back(fmt, boards) == through_pbn(boards) == boards


@pytest.mark.parametrize(
    ("fmt", "numbers"),
    [
        ("dup", range(1, 100)),
        ("dlm", range(1, 100)),
        ("bri", range(1, 200)),
        ("dge", range(1, 200)),
        ("ber", range(1, 200)),
        ("lin", range(1, MAX_BOARD_NUMBER + 1)),
        ("pbn", range(1, MAX_BOARD_NUMBER + 1)),
    ],
)
def test_every_board_number_the_format_holds_reads_back(fmt, numbers):
    rng = random.Random(fmt)
    boards = [(number, deal_from_permutation(random_permutation(rng))) for number in numbers]
    assert read_back(fmt, boards) == boards


@pytest.mark.parametrize("fmt", CONSECUTIVE_FROM_ONE + CONSECUTIVE_WITHIN_99)
def test_a_void_and_a_hand_of_one_suit_survive(fmt):
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    lopsided = Deal.from_pbn("N:AKQJT9876543.2.. 2.AKQJT987654.3. .3.AKQJT98765.42 ..42.AKQJT987653")
    assert read_back(fmt, [(1, deal), (2, lopsided)]) == [(1, deal), (2, lopsided)]
