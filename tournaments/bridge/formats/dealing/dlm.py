"""DLM: the deal file of Duplimate's Windows software, also read by Dealer4 machines.

Layout (no published specification; Big Deal's ``init_dlmcommon``/``print_dlm``/``fill_dlm``,
``output.c``, whose checksums its author notes were "KGB calculated"; the file Big Deal
1.2 wrote in github.com/richardschneider/pbn, test/sample/big-deal.dlm; Steve Foster's
description on rec.games.bridge, "File formats", 2011; Robin Barker's on the BBO forums,
"Structure of DLM files", 2013). Both forum posts quote a real board line whose checksum
this reader checks (tests/bridge/formats/test_dealing_files.py):

- A Windows INI file of text, lines ended by CRLF (LF read too), one section
  ``[Document]`` with ``key=value`` lines, keys read without regard to case:
  ``Headline`` (free text), ``Status`` (``Show``, or ``Sealed``: the machine does not
  show the deals), ``Duplicates``, ``From board``, ``To board``, ``Next board to
  duplimate``, ``PrintOuts``, ``Crypto key`` (0; another value means the deals are
  enciphered, which ClubScore refuses rather than read wrong hands), ``Checksum``. The
  board lines are ASCII; a headline may hold a club's name in its Windows code page, read
  as Latin-1 (it is not used); a NUL or other control byte is refused by its line.
- The header's checksum: Duplicates XOR From board XOR To board, XOR 1 when the status
  is Show (Big Deal). deal-convert (github.com/emkael/deal-convert, ``dlm.py``) writes and
  reads the number of boards XOR 1 when shown, the same for a set from board 1 with its
  Duplicates=1; the reader takes either, ClubScore writes Big Deal's (Duplicates=0).
- Then, for every board 01 to 99, ``Duplicates NN=0`` and ``Board NN=`` followed by 26
  letters and a checksum of three digits. Letter k (from 0) places cards 2k and 2k+1
  of the machines' order (``values``: ace of spades first): it is ``a`` + 4 x the seat of
  the first + the seat of the second, seats 0 North to 3 West, so ``a`` is both with
  North, ``b`` North then East, ..., ``p`` both with West. The board's checksum is the
  board number XOR the 26 letters' character codes.
- Boards From..To are the deals; the file always runs to board 99 ("For some reason a DLM
  file always contains exactly 99 hands", Big Deal's note), the others filled with one
  dummy deal (North all the spades, East the hearts, South the diamonds, West the clubs),
  which the reader ignores.
- Limits: boards 1-99. No dealer or vulnerability.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import reduce

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.dealing.values import (
    Board,
    DealFileError,
    consecutive_numbers,
    deal_from_seats,
    seats_of_cards,
)

HIGHEST_BOARD = 99
_LETTERS = 26
_HEADLINE = "ClubScore"
# Big Deal's filler board: the 52 cards by suit, so its letters are the same for every board.
_FILLER = "aaaaaabffffffkkkkkklpppppp"
_BOARD_KEY = re.compile(r"board ([0-9]{1,2})")
_BOARD_VALUE = re.compile(r"([a-p]{26})([0-9]{3})")
_HEADER_KEYS = ("duplicates", "from board", "to board", "crypto key", "checksum")


def board_checksum(number: int, letters: str) -> int:
    """The checksum a board line ends with: the board number XOR each letter's character code."""
    return reduce(lambda value, letter: value ^ ord(letter), letters, number)


def header_checksum(duplicates: int, first: int, last: int, *, show: bool) -> int:
    """The header's ``Checksum``: Duplicates XOR From board XOR To board, XOR 1 when shown."""
    return duplicates ^ first ^ last ^ (1 if show else 0)


def _letters(deal: Deal) -> str:
    seats = seats_of_cards(deal)
    return "".join(chr(ord("a") + 4 * seats[2 * k] + seats[2 * k + 1]) for k in range(_LETTERS))


def _deal(letters: str, where: str) -> Deal:
    seats = []
    for letter in letters:
        value = ord(letter) - ord("a")
        seats += [value >> 2, value & 3]
    return deal_from_seats(seats, where)


def _text(data: bytes) -> str:
    """The file as text (Latin-1: a headline in a Windows code page); refuse a control byte by its line."""
    for number, line in enumerate(data.splitlines(), start=1):
        bad = next((byte for byte in line if byte < 0x20 and byte != 0x09), None)
        if bad is not None:
            raise DealFileError(
                f"line {number}", f"byte 0x{bad:02x}: a DLM file is text, without control bytes"
            )
    return data.decode("latin-1")


def _entries(text: str) -> dict[str, tuple[int, str]]:
    """The file's ``key=value`` lines by key (lower case), each with its line; a repeated key is refused."""
    entries: dict[str, tuple[int, str]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith((";", "[")):
            continue
        key, equals, value = stripped.partition("=")
        if not equals:
            raise DealFileError(f"line {number}", f"{stripped[:40]!r} is not a key=value line")
        name = " ".join(key.lower().split())
        if name in entries:
            raise DealFileError(f"line {number}", f"{key.strip()!r} again (first on line {entries[name][0]})")
        entries[name] = (number, value.strip())
    return entries


def _number(entries: dict[str, tuple[int, str]], key: str) -> tuple[int, int]:
    line, value = entries[key]
    if not value.isascii() or not value.isdigit() or len(value) > 5:
        raise DealFileError(f"line {line}", f"{key} is {value[:20]!r}: a whole number is needed")
    return int(value), line


def _header(entries: dict[str, tuple[int, str]]) -> tuple[int, int]:
    """Check the header and its checksum; return the first and last board of the deals."""
    missing = [key for key in _HEADER_KEYS if key not in entries]
    if missing:
        raise DealFileError("the file", f"the [Document] header has no {missing[0]!r}: is this a DLM file?")
    (
        (duplicates, _),
        (first, first_line),
        (last, last_line),
        (crypto, crypto_line),
        (checksum, checksum_line),
    ) = (_number(entries, name) for name in _HEADER_KEYS)
    if crypto:
        raise DealFileError(
            f"line {crypto_line}",
            f"Crypto key={crypto}: the deals are enciphered; save the file without a key",
        )
    for value, line in ((first, first_line), (last, last_line)):
        if not 1 <= value <= HIGHEST_BOARD:
            raise DealFileError(f"line {line}", f"board {value}: a DLM file holds boards 1-{HIGHEST_BOARD}")
    if last < first:
        raise DealFileError(f"line {last_line}", f"To board={last} is before From board={first}")
    show = entries.get("status", (0, "Show"))[1].lower() == "show"
    expected = header_checksum(duplicates, first, last, show=show)
    # deal-convert (dlm.py) writes the number of boards XOR 1 when shown, which is the same
    # for a set from board 1 with Duplicates=1 (what it writes), and reads it so: take both.
    if checksum not in (expected, (last - first + 1) ^ (1 if show else 0)):
        raise DealFileError(
            f"line {checksum_line}",
            f"Checksum={checksum}, but the header's Duplicates, From board, To board and Status give "
            f"{expected}: the file is damaged",
        )
    return first, last


def _board_lines(entries: dict[str, tuple[int, str]]) -> dict[int, tuple[int, str]]:
    """The ``Board NN`` lines by board number, each with its line (``Board 1`` and ``Board 01`` are one)."""
    found: dict[int, tuple[int, str]] = {}
    for key, (line, value) in entries.items():
        match = _BOARD_KEY.fullmatch(key)
        if match is None:
            continue
        number = int(match[1])
        if not 1 <= number <= HIGHEST_BOARD:
            raise DealFileError(f"line {line}", f"board {number}: a DLM file holds boards 1-{HIGHEST_BOARD}")
        if number in found:
            raise DealFileError(f"line {line}", f"board {number} again (first on line {found[number][0]})")
        found[number] = (line, value)
    return found


def _board(lines: dict[int, tuple[int, str]], number: int) -> Board:
    if number not in lines:
        raise DealFileError(
            "the file", f"'Board {number:02d}' is missing, and the header's boards include it"
        )
    line, value = lines[number]
    where = f"line {line} (board {number})"
    match = _BOARD_VALUE.fullmatch(value)
    if match is None:
        raise DealFileError(where, f"{value[:40]!r} is not 26 letters a-p and a checksum of three digits")
    letters, checksum = match[1], int(match[2])
    if board_checksum(number, letters) != checksum:
        raise DealFileError(
            where,
            f"the checksum is {checksum:03d}, but the letters give {board_checksum(number, letters):03d}",
        )
    return number, _deal(letters, where)


def read_dlm(data: bytes) -> list[Board]:
    """Read a DLM file's deals, boards From..To; refuse a bad line, a wrong checksum, by its line."""
    entries = _entries(_text(data))
    first, last = _header(entries)
    lines = _board_lines(entries)
    return [_board(lines, number) for number in range(first, last + 1)]


def _ascii_line(text: str) -> str:
    """Text for a header line: printable ASCII on one line (a DLM file is ASCII), '?' for anything else."""
    return "".join(char if " " <= char <= "~" else "?" for char in " ".join(text.split()))


def write_dlm(boards: Sequence[Board] | Iterable[Board], *, headline: str = _HEADLINE) -> bytes:
    """Return consecutive boards within 1-99 as a DLM file, as Big Deal writes one (CRLF, 99 boards)."""
    listed = list(boards)
    consecutive_numbers(listed, "DLM")
    first, last = listed[0][0], listed[-1][0]
    if last > HIGHEST_BOARD:
        raise DealFileError("the boards", f"DLM holds boards 1-{HIGHEST_BOARD}, not board {last}")
    letters = {number: _letters(deal) for number, deal in listed}
    lines = [
        "[Document]",
        f"Headline={_ascii_line(headline)}",
        "Status=Show",
        "Duplicates=0",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={header_checksum(0, first, last, show=True)}",
    ]
    for number in range(1, HIGHEST_BOARD + 1):
        board = letters.get(number, _FILLER)
        lines += [
            f"Duplicates {number:02d}=0",
            f"Board {number:02d}={board}{board_checksum(number, board):03d}",
        ]
    return ("\r\n".join(lines) + "\r\n").encode("ascii")
