"""DUP: the file Duplimate's DOS software (and Big Deal) writes for the Duplimate machine.

Layout (Duplimate's convert.pdf, "We will first give a general description of how a DUP
file is organized"; Big Deal's ``print_dup_common``, ``output.c``), one record of 156
bytes a board, no header; offsets from the record's start (the document counts from 1):

- Bytes 0-77: the BRI part, North's, East's and South's card numbers (``bri``).
- Bytes 78-145: the DGE part, the four hands with the DOS suit symbols (``dge``), the
  same deal again "for verification". Big Deal's ``dupblind`` writes 68 spaces instead
  for board 1, so that the first deal is not shown on the machine's screen; the reader
  takes that, and otherwise refuses a DGE part that disagrees with the BRI part.
- Byte 146: ``Y`` or ``N``, "Random hands?"; byte 147: ``Y`` or ``N``, "Backwards counting"
  (how the machine runs through the boards; the records stay in board order).
- Bytes 148-150: the lowest board of the set; 151-152: copies of each board; 153-155: the
  highest board; each left-aligned and padded with spaces. The document's set of 32 reads
  ``YN1  1 32 ``; Big Deal writes ``YN1  0 32 `` (no copies made at once), which
  ClubScore writes too (Big Deal's files are what clubs' machines meet).
- Board numbers: record k (from 0) is board lowest + k. Big Deal since 1.3 repeats the
  trailer in every record, and ClubScore writes it so; Big Deal 1.2 and deal-convert
  (github.com/emkael/deal-convert, ``dup.py``) write it in the first record only, NULs
  in the others, and deal-convert writes the number of boards where the highest board
  goes (the same thing for a set from board 1): all are read. The file holds exactly the
  set's records; one cut short at a record's end is refused so.
- Limits: boards 1-99, as Big Deal writes the highest board in two digits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.dealing import bri, dge
from tournaments.bridge.formats.dealing.bri import check_records, record_where
from tournaments.bridge.formats.dealing.values import (
    Board,
    DealFileError,
    check_board_number,
    consecutive_numbers,
)

RECORD_SIZE = 156
HIGHEST_BOARD = 99
_DGE_START = bri.PART_SIZE  # 78
_TRAILER_START = _DGE_START + dge.PART_SIZE  # 146
_HIDDEN_DGE = b" " * dge.PART_SIZE
_NUL_TRAILER = b"\0" * (RECORD_SIZE - _TRAILER_START)


@dataclass(frozen=True)
class _Trailer:
    lowest: int
    highest: int


def _trailer_number(field: bytes, where: str, what: str) -> int:
    text = field.decode("latin-1").rstrip(" ")
    if not text.isascii() or not text.isdigit():
        raise DealFileError(
            where, f"the {what} is {text!r}: a board number, left-aligned and padded with spaces"
        )
    return check_board_number(int(text), where, HIGHEST_BOARD)


def _read_trailer(record: bytes, index: int, start: int) -> _Trailer:
    for offset, question in ((0, "Random hands?"), (1, "Backwards counting?")):
        flag = record[_TRAILER_START + offset : _TRAILER_START + offset + 1]
        if flag not in (b"Y", b"N"):
            raise DealFileError(
                record_where(index, start + _TRAILER_START + offset),
                f"{flag.decode('latin-1')!r} where Y or N answers {question!r}: is this a DUP file?",
            )
    base = start + _TRAILER_START
    copies = record[_TRAILER_START + 5 : _TRAILER_START + 7].decode("latin-1").rstrip(" ")
    if copies and not (copies.isascii() and copies.isdigit()):
        raise DealFileError(
            record_where(index, base + 5), f"the copies of each board are {copies!r}: a number"
        )
    return _Trailer(
        lowest=_trailer_number(
            record[_TRAILER_START + 2 : _TRAILER_START + 5], record_where(index, base + 2), "lowest board"
        ),
        highest=_trailer_number(record[_TRAILER_START + 7 :], record_where(index, base + 7), "highest board"),
    )


def _read_record(record: bytes, index: int, start: int, first_board: int) -> Deal:
    deal = bri.read_bri_part(record[:_DGE_START], index=index, start=start, first_board=first_board)
    shown = record[_DGE_START:_TRAILER_START]
    if shown != _HIDDEN_DGE:
        again = dge.read_dge_part(shown, index=index, start=start + _DGE_START, first_board=first_board)
        if again != deal:
            raise DealFileError(
                record_where(index, start + _DGE_START, first_board),
                "the DGE part (the hands written out) is another deal than the BRI part (the card numbers): "
                "the file is damaged",
            )
    return deal


def _check_set(first: _Trailer, count: int) -> None:
    """Refuse a file that does not hold the set its first record names (one cut short, or run on).

    The highest-board field is read as the document says, or as deal-convert writes it
    (the number of boards: the same thing for a set from board 1).
    """
    if count in (first.highest - first.lowest + 1, first.highest):
        check_board_number(first.lowest + count - 1, "the file", HIGHEST_BOARD)
        return
    expected = max(first.highest - first.lowest + 1, 1)
    raise DealFileError(
        "the file",
        f"its first record says boards {first.lowest}-{first.highest} ({expected} records) but it holds "
        f"{count}: {'it is cut short' if count < expected else 'records follow the last board'}",
    )


def _check_trailer(record: bytes, index: int, start: int, first: _Trailer) -> None:
    """A later record repeats the first one's trailer (Big Deal) or leaves it NUL (deal-convert)."""
    if record[_TRAILER_START:] == _NUL_TRAILER:
        return
    trailer = _read_trailer(record, index, start)
    if trailer != first:
        raise DealFileError(
            record_where(index, start + _TRAILER_START, first.lowest),
            f"this record says boards {trailer.lowest}-{trailer.highest}, the first record "
            f"{first.lowest}-{first.highest}: every record of a set says the same",
        )


def read_dup(data: bytes) -> list[Board]:
    """Read a DUP file's boards, numbered from the set's lowest board; refuse a bad record by its byte."""
    count = check_records(data, RECORD_SIZE, "DUP")
    first = _read_trailer(data[:RECORD_SIZE], 0, 0)
    _check_set(first, count)
    boards = []
    for index in range(count):
        start = index * RECORD_SIZE
        record = data[start : start + RECORD_SIZE]
        _check_trailer(record, index, start, first)
        boards.append((first.lowest + index, _read_record(record, index, start, first.lowest)))
    return boards


def _trailer(lowest: int, highest: int) -> bytes:
    # Big Deal's bytes: Y random hands, N not backwards, the lowest board, 0 copies at once,
    # the highest in two digits; each field left-aligned and padded with spaces.
    return f"YN{lowest:<3d}0 {highest:02d} ".encode("ascii")


def write_dup(boards: Sequence[Board] | Iterable[Board]) -> bytes:
    """Return consecutive boards (at most up to board 99) as a DUP file, as Big Deal writes it."""
    listed = list(boards)
    consecutive_numbers(listed, "DUP")
    lowest, highest = listed[0][0], listed[-1][0]
    if highest > HIGHEST_BOARD:
        raise DealFileError("the boards", f"DUP holds boards 1-{HIGHEST_BOARD}, not board {highest}")
    trailer = _trailer(lowest, highest)
    return b"".join(bri.bri_part(deal) + dge.dge_part(deal) + trailer for _, deal in listed)
