"""Seats, sides, and the dealer and vulnerability a board number fixes (SPEC decision 6)."""

import pytest
from endplay.types import Player, Vul

from tournaments.bridge.seats import (
    Seat,
    board_dealer,
    board_vulnerability,
    is_vulnerable,
    lho,
    partner,
    rho,
    seat_from,
)

# The standard 16-board cycle, as printed on duplicate boards.
STANDARD_CYCLE = [
    (1, "N", "None"),
    (2, "E", "NS"),
    (3, "S", "EW"),
    (4, "W", "Both"),
    (5, "N", "NS"),
    (6, "E", "EW"),
    (7, "S", "Both"),
    (8, "W", "None"),
    (9, "N", "EW"),
    (10, "E", "Both"),
    (11, "S", "None"),
    (12, "W", "NS"),
    (13, "N", "Both"),
    (14, "E", "None"),
    (15, "S", "NS"),
    (16, "W", "EW"),
]


@pytest.mark.parametrize("board, dealer, vulnerability", STANDARD_CYCLE)
def test_board_dealer_and_vulnerability_follow_the_16_board_cycle(board, dealer, vulnerability):
    assert board_dealer(board) == dealer
    assert board_vulnerability(board) == vulnerability
    # Board n + 16 (and + 32) is dealt and vulnerable like board n.
    assert board_dealer(board + 16) == board_dealer(board + 32) == dealer
    assert board_vulnerability(board + 16) == board_vulnerability(board + 48) == vulnerability


_ENDPLAY_VUL = {Vul.none: "None", Vul.ns: "NS", Vul.ew: "EW", Vul.both: "Both"}
_ENDPLAY_SEAT = {Player.north: "N", Player.east: "E", Player.south: "S", Player.west: "W"}


def test_boards_1_to_100_agree_with_endplay():
    for board in range(1, 101):
        assert board_vulnerability(board) == _ENDPLAY_VUL[Vul.from_board(board)], board
        assert board_dealer(board) == _ENDPLAY_SEAT[Player.from_board(board)], board


@pytest.mark.parametrize("board", [0, -1, 1.5, "1", True, None])
def test_a_board_number_is_a_whole_number_from_one(board):
    with pytest.raises(ValueError, match="board number"):
        board_dealer(board)
    with pytest.raises(ValueError, match="board number"):
        board_vulnerability(board)


@pytest.mark.parametrize(
    "seat, left, across, right, side, name",
    [
        (Seat.N, Seat.E, Seat.S, Seat.W, "NS", "North"),
        (Seat.E, Seat.S, Seat.W, Seat.N, "EW", "East"),
        (Seat.S, Seat.W, Seat.N, Seat.E, "NS", "South"),
        (Seat.W, Seat.N, Seat.E, Seat.S, "EW", "West"),
    ],
)
def test_each_seat_knows_its_neighbours_and_side(seat, left, across, right, side, name):
    assert (seat.lho, seat.partner, seat.rho) == (left, across, right)
    assert (lho(seat.value), partner(seat.value), rho(seat.value)) == (left, across, right)
    assert seat.side == side
    assert seat.full_name == name
    assert seat.rotate(4) == seat.rotate(-4) == seat
    assert seat.rotate(-1) == right
    assert str(seat) == seat.value


@pytest.mark.parametrize("text", ["N", "n", "North", "NORTH", " north ", Seat.N])
def test_seat_from_reads_letters_and_names_in_any_case(text):
    assert seat_from(text) is Seat.N


@pytest.mark.parametrize("text", ["X", "", "Nord", "NS"])
def test_seat_from_refuses_anything_else_naming_it(text):
    with pytest.raises(ValueError, match=f"unknown seat {text!r}"):
        seat_from(text)


@pytest.mark.parametrize(
    "vulnerability, vulnerable_seats",
    [("None", ""), ("NS", "NS"), ("EW", "EW"), ("Both", "NESW")],
)
def test_is_vulnerable_by_side(vulnerability, vulnerable_seats):
    for seat in Seat:
        assert is_vulnerable(vulnerability, seat) is (seat.value in vulnerable_seats)


@pytest.mark.parametrize("vulnerability", ["All", "none", "", "N"])
def test_is_vulnerable_refuses_an_unknown_vulnerability(vulnerability):
    with pytest.raises(ValueError, match=f"unknown vulnerability {vulnerability!r}"):
        is_vulnerable(vulnerability, "N")
