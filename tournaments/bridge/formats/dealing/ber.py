"""BER: the Bernasconi dealing machine's file, one digit a card saying who holds it.

Layout (Big Deal's ``print_ber``, ``output.c``, "Bernasconi format"; the sample file
Big Deal wrote in github.com/richardschneider/pbn, test/sample/big-deal.ber):

- 52 ASCII digits a board, no header, no separator, no board number: the first 52 bytes
  are board 1, the next 52 board 2, and so on. No dealer or vulnerability.
- Digit k is the holder of card k of the machines' order (``values``: ace of spades
  first, deuce of clubs last): ``1`` North, ``2`` East, ``3`` South, ``4`` West.
- ClubScore also reads a file whose boards are on lines of their own (CR, LF or CRLF
  after each 52 digits), as a text editor may save it; it writes Big Deal's bytes.
- Limits: none in the format; ClubScore reads boards 1-999.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournaments.bridge.formats.dealing.bri import record_where
from tournaments.bridge.formats.dealing.values import (
    Board,
    DealFileError,
    check_board_number,
    consecutive_numbers,
    deal_from_seats,
    seats_of_cards,
)

BOARD_SIZE = 52
_DIGITS = b"1234"


def _read_board(digits: bytes, index: int, start: int, where: str) -> Board:
    for position, byte in enumerate(digits):
        if byte not in _DIGITS:
            raise DealFileError(
                record_where(index, start + position),
                f"byte 0x{byte:02x} where a seat is needed: 1 North, 2 East, 3 South or 4 West",
            )
    if len(digits) != BOARD_SIZE:
        raise DealFileError(
            where, f"{len(digits)} digits, not {BOARD_SIZE}: a BER board gives each card's holder"
        )
    seats = [byte - ord("1") for byte in digits]
    return (check_board_number(index + 1, where), deal_from_seats(seats, where))


def _lines(data: bytes) -> list[tuple[int, int, bytes]]:
    """The file's non-empty lines (number, offset, text), for a BER file saved with line ends."""
    found = []
    offset = 0
    for number, line in enumerate(data.splitlines(keepends=True), start=1):
        text = line.rstrip(b"\r\n")
        if text:
            found.append((number, offset, text))
        offset += len(line)
    return found


def read_ber(data: bytes) -> list[Board]:
    """Read a BER file's boards, numbered 1, 2, 3...; refuse a bad digit or a short board by its place."""
    if not data.strip(b"\r\n"):
        raise DealFileError("the file", "it is empty: a BER file holds 52 digits a board")
    if b"\r" in data or b"\n" in data:
        return [
            _read_board(text, index, start, f"line {line} (board {index + 1})")
            for index, (line, start, text) in enumerate(_lines(data))
        ]
    boards = []
    for index, start in enumerate(range(0, len(data), BOARD_SIZE)):
        digits = data[start : start + BOARD_SIZE]
        if len(digits) < BOARD_SIZE:
            raise DealFileError(
                record_where(index, start),
                f"the file ends {len(digits)} digits into this board: BER gives 52 a board, "
                "so the file is cut short",
            )
        boards.append(_read_board(digits, index, start, record_where(index, start)))
    return boards


def write_ber(boards: Sequence[Board] | Iterable[Board]) -> bytes:
    """Return boards 1..n as a BER file, as Big Deal writes it: 52 digits a board, nothing between."""
    listed = list(boards)
    consecutive_numbers(listed, "BER", first=1)
    return b"".join(bytes(ord("1") + seat for seat in seats_of_cards(deal)) for _, deal in listed)
