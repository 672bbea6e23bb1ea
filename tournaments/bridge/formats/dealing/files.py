"""Every deal file ClubScore reads and writes, and which one a file is: by its bytes, then by its name.

A club's file comes from a dealing machine's software under any name, so the bytes
decide first: a DLM file opens with ``[Document]``, a PBN file with ``% PBN`` or a tag, a
LIN file with ``key|value|`` pairs, a DUP record has 78 digits, the DGE part and ``Y``
or ``N`` at byte 146, a BRI record 78 digits and spaces or NULs, a DGE record opens
with the spade symbol (0x06), a BER file is digits 1-4. The name's extension decides
only when the bytes say nothing (a file cut short before its first record ends), and a
name that says one format over bytes of another is refused: the director has the wrong
file, or a misnamed one, and should know which.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.bridge.formats.dealing import ber, bri, dge, dlm, dup
from tournaments.bridge.formats.dealing.lin_reading import read_lin_deals
from tournaments.bridge.formats.dealing.values import Board, DealFile, DealFileError, FileBoard
from tournaments.bridge.formats.lin import write_lin
from tournaments.bridge.formats.pbn import (
    PbnBoard,
    PbnError,
    PbnEventChoice,
    decode_pbn,
    read_pbn_file,
    write_pbn,
)
from tournaments.bridge.seats import MAX_BOARD_NUMBER


@dataclass(frozen=True)
class DealFormat:
    """One format: its name (``'dup'``), what a director calls it, its extension, reader and writer.

    ``highest_board``: the last board number it holds; ``numbered``: how its boards get
    their numbers, for a director choosing one.
    """

    name: str
    label: str
    numbered: str
    highest_board: int
    read: Callable[[bytes], list[FileBoard]]
    write: Callable[[Sequence[Board]], bytes]
    looks_like: Callable[[bytes], bool]

    @property
    def extension(self) -> str:
        return f".{self.name}"


def _plain(reader: Callable[[bytes], list[Board]]) -> Callable[[bytes], list[FileBoard]]:
    return lambda data: [FileBoard(number, deal) for number, deal in reader(data)]


def _read_pbn(data: bytes) -> list[FileBoard]:
    try:
        read = read_pbn_file(decode_pbn(data))
    except PbnError as error:
        raise DealFileError(f"line {error.line}", error.problem) from None
    except PbnEventChoice as error:
        raise DealFileError(
            "the file", f"{error}; import one event at a time from the PBN page (Deal from a PBN file)"
        ) from None
    if not read.boards:
        raise DealFileError("the file", "no game has both a [Board] and a [Deal]")
    return [FileBoard(board.number, board.deal, board.dd_tricks) for board in read.boards]


def _write_pbn(boards: Sequence[Board]) -> bytes:
    return write_pbn(PbnBoard(number, deal) for number, deal in boards).encode("utf-8")


def _write_lin(boards: Sequence[Board]) -> bytes:
    return write_lin(boards).encode("utf-8")


def _text_head(data: bytes) -> bytes:
    return data[:4096].removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n")


_PBN_TAG = re.compile(rb'^\s*\[(?:event|board|deal|dealer)\s+"', re.IGNORECASE | re.MULTILINE)
_PBN_VERSION = re.compile(rb"%\s*PBN\b", re.IGNORECASE)
_LIN_PAIR = re.compile(rb"(?:^|\|)\s*(?:md|qx|pn|vg|st|ah|sv|rh|pg)\|", re.IGNORECASE)
_DGE_BYTES = frozenset(b"AKQJT98765432" + dge.SUIT_SYMBOLS)


def _looks_like_pbn(data: bytes) -> bool:
    head = _text_head(data)
    return _PBN_VERSION.match(head) is not None or _PBN_TAG.search(head) is not None


def _looks_like_dlm(data: bytes) -> bool:
    return _text_head(data).lower().startswith(b"[document]")


def _looks_like_lin(data: bytes) -> bool:
    return _LIN_PAIR.search(_text_head(data)) is not None


def _looks_like_dup(data: bytes) -> bool:
    return data[:78].isdigit() and data[78:79] in (b"\x06", b" ") and data[146:147] in (b"Y", b"N")


def _looks_like_bri(data: bytes) -> bool:
    return len(data) >= 78 and data[:78].isdigit() and all(byte in b" \0" for byte in data[78:128])


def _looks_like_dge(data: bytes) -> bool:
    return data[:1] == b"\x06" and all(byte in _DGE_BYTES for byte in data[1:17])


def _looks_like_ber(data: bytes) -> bool:
    return len(data) >= ber.BOARD_SIZE and all(byte in b"1234" for byte in data[: ber.BOARD_SIZE])


# In the order the bytes are tried: the text formats first, then the records by their structure.
FORMATS: dict[str, DealFormat] = {
    fmt.name: fmt
    for fmt in (
        DealFormat(
            "dlm", "DLM (Duplimate for Windows, Dealer4)", "boards From-To, 1-99", dlm.HIGHEST_BOARD,
            _plain(dlm.read_dlm), dlm.write_dlm, _looks_like_dlm,
        ),
        DealFormat(
            "pbn", "PBN", "each board names its number", MAX_BOARD_NUMBER,
            _read_pbn, _write_pbn, _looks_like_pbn,
        ),
        DealFormat(
            "lin", "LIN (BBO)", "each board names its number", MAX_BOARD_NUMBER,
            _plain(read_lin_deals), _write_lin, _looks_like_lin,
        ),
        DealFormat(
            "dup", "DUP (Duplimate for DOS)", "consecutive boards from the first, 1-99", dup.HIGHEST_BOARD,
            _plain(dup.read_dup), dup.write_dup, _looks_like_dup,
        ),
        DealFormat(
            "bri", "BRI", "boards 1, 2, 3... in file order", MAX_BOARD_NUMBER,
            _plain(bri.read_bri), bri.write_bri, _looks_like_bri,
        ),
        DealFormat(
            "dge", "DGE", "boards 1, 2, 3... in file order", MAX_BOARD_NUMBER,
            _plain(dge.read_dge), dge.write_dge, _looks_like_dge,
        ),
        DealFormat(
            "ber", "BER (Bernasconi)", "boards 1, 2, 3... in file order", MAX_BOARD_NUMBER,
            _plain(ber.read_ber), ber.write_ber, _looks_like_ber,
        ),
    )
}  # fmt: skip
ACCEPTED = ", ".join(fmt.extension for fmt in FORMATS.values())


def format_from_name(name: str) -> DealFormat | None:
    """The format a file's name says (its extension, any case); None for a name that says none we know."""
    _, dot, extension = name.rpartition(".")
    return FORMATS.get(extension.lower()) if dot else None


def format_from_bytes(data: bytes) -> DealFormat | None:
    """The format the file's bytes are in, by the first one whose shape they have; None if none."""
    return next((fmt for fmt in FORMATS.values() if fmt.looks_like(data)), None)


def deal_file_format(data: bytes, name: str = "") -> DealFormat:
    """The format to read the file in: its bytes', else its name's; refuse a mismatch or neither."""
    if not data.strip(b" \t\r\n\0"):
        raise DealFileError("the file", "it is empty")
    named, found = format_from_name(name), format_from_bytes(data)
    if named and found and named is not found:
        raise DealFileError(
            "the file",
            f"it is named {named.extension} but holds a {found.name.upper()} file: "
            f"rename it {found.extension}, or upload the {named.name.upper()} file",
        )
    chosen = found or named
    if chosen is None:
        raise DealFileError("the file", f"not a deal file ClubScore reads: it takes {ACCEPTED}")
    return chosen


def read_deal_file(data: bytes, name: str = "") -> DealFile:
    """Read a deal file of any format (see ``deal_file_format``); refuse it whole, naming where."""
    fmt = deal_file_format(data, name)
    return DealFile(fmt.name, tuple(fmt.read(data)))


def write_deal_file(name: str, boards: Sequence[Board]) -> bytes:
    """Write ``boards`` (by number) in format ``name``; refuse boards the format cannot hold."""
    if name not in FORMATS:
        raise DealFileError("the format", f"{name!r} is not one ClubScore writes: it writes {ACCEPTED}")
    return FORMATS[name].write(boards)
