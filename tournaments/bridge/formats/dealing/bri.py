"""BRI: Duplimate's oldest deal file, three hands as card numbers; West has the rest.

Layout (Duplimate's convert.pdf; Big Deal's ``print_bri``, ``output.c``):

- One record of 128 bytes a board; no header, no board number: record 1 is board 1,
  record 2 board 2, and so on in file order. No dealer or vulnerability.
- Bytes 0-77: 39 card numbers of two ASCII digits, ``01`` (ace of spades) to ``52``
  (deuce of clubs), see ``values``: North's 13, then East's, then South's, in any order
  within a hand (Big Deal writes each hand in increasing order). West holds the 13 cards
  not named.
- Bytes 78-127: filler. Big Deal writes 32 spaces then 18 NUL bytes ("the strange half
  space, half zero fill ... just the way I saw my first BRI file"); the reader takes any
  mix of spaces and NULs there, and nothing else.
- Limits: none in the format; ClubScore reads boards 1-999 (``MAX_BOARD_NUMBER``).

The 78 digits are also the first part of every DUP record (``dup``), so the part is read
and written here for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from tournaments.bridge.cards import Card, Deal
from tournaments.bridge.formats.dealing.values import (
    Board,
    DealFileError,
    check_board_number,
    consecutive_numbers,
    deal_from_hands,
    machine_card,
    machine_number,
    rest_of_deck,
)
from tournaments.bridge.seats import SEATS

RECORD_SIZE = 128
PART_SIZE = 78  # 3 hands x 13 cards x 2 digits
_FILLER = b" " * 32 + b"\0" * 18
_PADDING = frozenset(b" \0")


def record_where(index: int, offset: int, first_board: int = 1) -> str:
    """Name a place in a file of fixed records: ``'record 3 (board 3), byte 263'`` (from the file's start)."""
    return f"record {index + 1} (board {first_board + index}), byte {offset}"


def bri_part(deal: Deal) -> bytes:
    """Return the 78 digits of a deal: North's, East's and South's card numbers, each hand in order."""
    numbers = [sorted(machine_number(card) for card in deal[seat].cards) for seat in SEATS[:3]]
    return "".join(f"{number:02d}" for hand in numbers for number in hand).encode("ascii")


def read_bri_part(part: bytes, *, index: int, start: int, first_board: int = 1) -> Deal:
    """Read the 78 digits at file offset ``start`` of record ``index``; West gets the cards left."""
    hands: list[list[Card]] = [[], [], []]
    for position in range(0, PART_SIZE, 2):
        pair = part[position : position + 2]
        where = record_where(index, start + position, first_board)
        if len(pair) != 2 or not pair.isdigit() or not 1 <= int(pair) <= 52:
            raise DealFileError(where, f"{_shown(pair)} is not a card number from 01 to 52")
        hands[position // 26].append(machine_card(int(pair)))
    where = record_where(index, start, first_board)
    return deal_from_hands([*hands, rest_of_deck(hands, where)], where)


def _shown(data: bytes) -> str:
    """Bytes as a message shows them: ``'4x'``, ``'\\x00\\x00'``."""
    return repr(data.decode("latin-1"))


def check_records(data: bytes, size: int, name: str) -> int:
    """Return how many ``size``-byte records ``data`` holds; refuse an empty or cut-short file."""
    if not data:
        raise DealFileError("the file", f"it is empty: a {name} file holds one {size}-byte record a board")
    whole, left = divmod(len(data), size)
    if left:
        raise DealFileError(
            record_where(whole, whole * size),
            f"the file ends {left} bytes into this record: {name} records are {size} bytes, "
            f"so the file ({len(data)} bytes) is cut short or is not a {name} file",
        )
    return whole


def check_filler(record: bytes, offset: int, *, index: int, start: int, after: str, name: str) -> None:
    """Refuse anything but spaces and NULs from ``offset`` to the end of record ``index``."""
    for position in range(offset, len(record)):
        if record[position] not in _PADDING:
            raise DealFileError(
                record_where(index, start + position),
                f"{_shown(record[position : position + 1])} after {after}: "
                f"the rest of a {name} record is spaces and NULs",
            )


class PartReader(Protocol):
    """Reads a record's deal: ``read_bri_part``, ``dge.read_dge_part``."""

    def __call__(self, part: bytes, *, index: int, start: int, first_board: int = 1) -> Deal: ...


def read_records(
    data: bytes, *, size: int, part: int, name: str, after: str, read_part: PartReader
) -> list[Board]:
    """Read ``size``-byte records as boards 1, 2, 3...: the deal in the first ``part`` bytes, filler after."""
    boards = []
    for index in range(check_records(data, size, name)):
        start = index * size
        record = data[start : start + size]
        deal = read_part(record[:part], index=index, start=start)
        check_filler(record, part, index=index, start=start, after=after, name=name)
        boards.append((check_board_number(index + 1, record_where(index, start)), deal))
    return boards


def read_bri(data: bytes) -> list[Board]:
    """Read a BRI file's boards, numbered 1, 2, 3... in file order; refuse a bad record by its byte."""
    return read_records(
        data, size=RECORD_SIZE, part=PART_SIZE, name="BRI", after="the 78 digits", read_part=read_bri_part
    )


def write_bri(boards: Sequence[Board] | Iterable[Board]) -> bytes:
    """Return boards 1..n as a BRI file, as Big Deal writes it (the filler included)."""
    listed = list(boards)
    consecutive_numbers(listed, "BRI", first=1)
    return b"".join(bri_part(deal) + _FILLER for _, deal in listed)
