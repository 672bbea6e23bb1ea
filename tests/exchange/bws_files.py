"""Real Bridgemate files for the tests, and the same file as it stood earlier in the night.

The real file (tests/fixtures/bws, an 11-table club night) is kept gzipped. No maintained
library writes Access files, so the night's earlier states are made from the real
bytes by hand, the way Access itself marks rows: a ``ReceivedData`` row is hidden by
setting the "deleted" flag of its offset in its data page (Jet 3: offsets from byte 10,
flag 0x8000) and counting it out of the table's rows (its definition page, byte 12), and
a row is erased by setting its ``Erased`` bit in the row's null mask
(Access keeps Yes/No values there). Every other byte stays the real file's, so what
ClubScore reads is an Access file as BCS leaves one, only earlier.
"""

from __future__ import annotations

import gzip
import logging
import struct
import tempfile
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from access_parser import AccessParser

FIXTURES = Path(__file__).parent.parent / "fixtures" / "bws"
REAL_NIGHT = FIXTURES / "acbl-club-night-11-tables.bws.gz"
_JET3_PAGE = 2048
_JET3_OFFSETS = 10
_JET3_ROW_COUNT = 12  # in a table's definition page
_DELETED = 0x8000
_FLAGS = 0xC000


# The library complains about Access's own system tables in every real file; not ours to read.
logging.getLogger("access_parser").addHandler(logging.NullHandler())


@cache
def real_night() -> bytes:
    """The real 11-table night's file, as BCS left it at the end (297 results)."""
    return gzip.decompress(REAL_NIGHT.read_bytes())


def _parser(data: bytes) -> AccessParser:
    with tempfile.NamedTemporaryFile(suffix=".bws") as copy:
        copy.write(data)
        copy.flush()
        return AccessParser(copy.name)


def _received_rows(data: bytes) -> Iterator[tuple[int, int, int, int]]:
    """Each ReceivedData row: (its data page's start, its offset slot's position, its start, its end)."""
    parser = _parser(data)
    owner = parser.catalog["ReceivedData"]
    for page in range(0, len(data), _JET3_PAGE):
        header = data[page : page + 8]
        if header[:2] != b"\x01\x01" or struct.unpack_from("<I", header, 4)[0] != owner:
            continue
        count = struct.unpack_from("<H", data, page + 8)[0]
        end = page + _JET3_PAGE
        for index in range(count):
            slot = page + _JET3_OFFSETS + 2 * index
            offset = struct.unpack_from("<H", data, slot)[0]
            start = page + (offset & 0x0FFF)
            if not offset & _FLAGS:  # a row Access deleted or moved elsewhere is no row
                yield page, slot, start, end
            end = start


def _row_id(data: bytes, start: int) -> int:
    # The first byte is the row's column count; ID, a Long Integer, is its first fixed column.
    return struct.unpack_from("<i", data, start + 1)[0]


def received_ids(data: bytes) -> list[int]:
    return [_row_id(data, start) for _page, _slot, start, _end in _received_rows(data)]


def with_rows_hidden(data: bytes, hidden: Iterable[int]) -> bytes:
    """The file with these ReceivedData rows (by ID) deleted, as before the tables sent them.

    The table's row count (in its definition page) goes down as Access's would.
    """
    hide = set(hidden)
    edited = bytearray(data)
    gone = 0
    for _page, slot, start, _end in _received_rows(data):
        if _row_id(data, start) in hide:
            offset = struct.unpack_from("<H", edited, slot)[0]
            struct.pack_into("<H", edited, slot, offset | _DELETED)
            gone += 1
    definition = _parser(data).catalog["ReceivedData"] * _JET3_PAGE + _JET3_ROW_COUNT
    struct.pack_into("<I", edited, definition, struct.unpack_from("<I", edited, definition)[0] - gone)
    return bytes(edited)


def first_results(data: bytes, count: int) -> bytes:
    """The file as it stood when its first ``count`` results (by ID) had come in."""
    ids = sorted(received_ids(data))
    return with_rows_hidden(data, ids[count:])


def with_row_erased(data: bytes, row_id: int) -> bytes:
    """The file with one ReceivedData row marked Erased, as the TD's erasure marks it."""
    parser = _parser(data)
    table = parser.get_table("ReceivedData")
    erased = next(column for column in table.columns.values() if column.col_name_str == "Erased")
    mask_length = (table.table_header.column_count + 7) // 8
    edited = bytearray(data)
    for _page, _slot, start, end in _received_rows(data):
        if _row_id(data, start) == row_id:
            mask = end - mask_length
            edited[mask + erased.column_id // 8] |= 1 << (erased.column_id % 8)
            return bytes(edited)
    raise LookupError(f"no ReceivedData row {row_id}")
