"""A club's member list as a CSV file: ``name, federation number, email, master points`` a line.

Read as Excel writes it (issue 32): the bytes are UTF-8, with or without a byte order
mark, else Windows-1252 (Excel's "CSV" on a Western Windows; it reads Latin-1's printable
letters the same), or UTF-16 when a UTF-16 mark begins them (Excel's "Unicode Text").
The cells are separated by ``,``, or by ``;`` (Excel where the decimal mark is a comma),
or by a tab, whichever the first line holds most of. A name written surname first,
``Ortiz, Olga``, is read ``Olga Ortiz``.

Read whole or refused whole: every line is checked and the errors are given with their
line numbers (all of them, so a secretary corrects the file once). A first line whose
first cell is ``name`` is a header. The federation number, the email and the master
points may be blank (the last column may be left out); a number may appear once in the
file (two members with one number is a typo). The master points a member holds (his
stratum in a stratified game, ``bridge.strata``) are a number, ``1234`` or ``1234.56``
(``1234,56`` in a file separated by ``;`` or tabs); anything else is refused by its line.

A NUL character and a field longer than the csv module reads (131,072 characters) are
refused like any bad cell, naming the line and the field (issue 28): the database would
refuse the one (PostgreSQL) and the reader raise on the other, each a 500 before. A name
is cleaned as every name is (``bridge.names``: NFKC, no bidi or other format characters),
and one whose word mixes alphabets is refused by its line (issue 46).
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from dataclasses import dataclass
from decimal import Decimal

from tournaments.bridge.names import clean_name, mixed_script_reason
from tournaments.bridge.season.duplicates import federation_key
from tournaments.bridge.text import quoted

MAX_NAME = 120
MAX_NUMBER = 20
MAX_EMAIL = 254
MAX_MEMBERS = 5_000
MAX_HOLDINGS = 12
FIELDS = (
    ("name", MAX_NAME),
    ("federation number", MAX_NUMBER),
    ("email", MAX_EMAIL),
    ("master points", MAX_HOLDINGS),
)
COLUMNS = "name, federation number, email, master points"
_HOLDINGS = re.compile(r"(\d{1,7})(?:[.,](\d{1,2}))?")
_NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ./-]*")
_EMAIL = re.compile(r"[^@\s,;<>]+@[^@\s,;<>]+\.[^@\s,;<>]+")


DELIMITERS = (",", ";", "\t")
_WORKBOOKS = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0")  # .xlsx (a zip), .xls (an OLE file)


class MemberListError(ValueError):
    """A member list that cannot be read; ``errors`` holds (line, reason) for every bad line."""

    def __init__(self, errors: list[tuple[int, str]]) -> None:
        super().__init__("; ".join(f"line {line}: {reason}" for line, reason in errors))
        self.errors = errors


@dataclass(frozen=True)
class MemberLine:
    """One member as the file gives him, with the line he is on."""

    line: int
    name: str
    federation_number: str
    email: str
    holdings: Decimal | None = None  # master points held; None when the line gives none


def decode_member_list(data: bytes) -> str:
    """Return the file's text in the encodings Excel writes, or raise ``MemberListError``.

    UTF-8 comes first: a Windows-1252 file with an accent is almost never valid UTF-8
    (``é`` is the single byte 0xE9, which UTF-8 never has before an ASCII letter), while
    every UTF-8 file would read as Windows-1252, wrongly. A file with the UTF-8 mark must
    be UTF-8. Windows-1252 leaves five bytes undefined; a file holding one is no text.
    """
    if data.startswith(_WORKBOOKS):
        raise MemberListError([(1, "this is an Excel workbook, not a CSV file: save it as CSV first")])
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decoded(data, "utf-16", "UTF-16")
    if data.startswith(codecs.BOM_UTF8):
        return _decoded(data, "utf-8", "UTF-8").removeprefix("\ufeff")  # byte counts kept
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _decoded(data, "cp1252", "UTF-8 or Windows-1252")


def _decoded(data: bytes, encoding: str, described: str) -> str:
    """The text in ``encoding``, or the refusal naming the line and byte it fails at."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise MemberListError(
            [(line, f"the file is not {described} text (byte {error.start + 1}, 0x{data[error.start]:02X})")]
        ) from None


def parse_member_list(text: str) -> list[MemberLine]:
    """Return the file's members in order, or raise ``MemberListError`` naming every bad line."""
    members: list[MemberLine] = []
    errors: list[tuple[int, str]] = []
    numbers: dict[str, int] = {}
    rows = _rows(text)
    for index, cells in rows:
        if isinstance(cells, str):  # a line the csv reader refused
            errors.append((index, cells))
            continue
        cells = [cell.strip() for cell in cells]
        if not any(cells) or (index == 1 and cells[0].casefold() == "name"):
            continue
        try:
            member = _member(index, cells)
        except ValueError as error:
            errors.append((index, str(error)))
            continue
        key = federation_key(member.federation_number) if member.federation_number else ""
        if key and key in numbers:
            errors.append(
                (index, f"federation number {member.federation_number} is on line {numbers[key]} too")
            )
            continue
        if key:
            numbers[key] = index
        members.append(member)
    if len(members) > MAX_MEMBERS:
        errors.append(
            (rows[-1][0], f"a member list has at most {MAX_MEMBERS} members, this one {len(members)}")
        )
    if errors:
        raise MemberListError(errors)
    if not members:
        raise MemberListError([(1, "no members: expected lines of name, federation number, email")])
    return members


def _rows(text: str) -> list[tuple[int, list[str] | str]]:
    """Return each record with the line it starts on, or the reason the csv reader refused it.

    The reader stops at a field over its limit (131,072 characters) and goes on with the
    next line, so one huge cell is one error among the others, not the end of the reading.
    """
    delimiter = _delimiter(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    physical = io.StringIO(text).readlines()  # the lines as the reader counts them
    rows: list[tuple[int, list[str] | str]] = []
    while True:
        start = reader.line_num + 1
        try:
            rows.append((start, next(reader)))
        except StopIteration:
            return rows
        except csv.Error:
            line = reader.line_num
            cells = physical[line - 1] if line <= len(physical) else ""
            rows.append((line, _too_long(cells, delimiter)))


def _delimiter(text: str) -> str:
    """The separator the first non-blank line holds most of, outside quotes; ``,`` if none.

    A count, not ``csv.Sniffer``: the first line decides for the whole file, so the
    answer is the same however the lines below it look, and a header line always has
    one separator fewer than its columns.
    """
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = dict.fromkeys(DELIMITERS, 0)
    inside_quotes = False
    for char in first:
        if char == '"':
            inside_quotes = not inside_quotes
        elif char in counts and not inside_quotes:
            counts[char] += 1
    # On a tie the tab, then ";": a name may hold a comma (``Ortiz, Olga;12``), never those.
    best = max(reversed(DELIMITERS), key=lambda delimiter: counts[delimiter])
    return best if counts[best] else ","


def _too_long(line: str, delimiter: str) -> str:
    """Name the cell of a line the csv reader found too long (quotes understood, roughly)."""
    lengths: list[int] = []
    length, inside_quotes = 0, False
    for char in line:
        if char == '"':
            inside_quotes = not inside_quotes
        elif char == delimiter and not inside_quotes:
            lengths.append(length)
            length = 0
        else:
            length += 1
    lengths.append(length)
    if len(lengths) > len(FIELDS):
        return f"expected {COLUMNS}; found {len(lengths)} columns"
    for (field, limit), length in zip(FIELDS, lengths, strict=False):
        if length > limit:
            return f"the {field} is longer than {limit} characters"
    return f"a field is longer than {csv.field_size_limit():,} characters"


def _member(line: int, cells: list[str]) -> MemberLine:
    if len(cells) > len(FIELDS):
        raise ValueError(f"expected {COLUMNS}; found {len(cells)} columns")
    name, number, email, holdings = (cells + ["", "", ""])[:4]
    name = _given_name_first(name)
    for (field, limit), cell in zip(FIELDS, (name, number, email, holdings), strict=True):
        if "\x00" in cell:
            raise ValueError(f"the {field} holds a NUL character (byte 0x00): a member list is plain text")
        if len(cell) > limit:
            raise ValueError(f"the {field} is longer than {limit} characters")
    name = clean_name(name)  # after the checks above, which name a NUL rather than clean it away
    if not name:
        raise ValueError("the name is empty")
    if (mixed := mixed_script_reason(name)) is not None:
        raise ValueError(mixed)
    if number and not _NUMBER.fullmatch(number):
        raise ValueError(
            f"{quoted(number)} is not a federation number (letters and digits, at most {MAX_NUMBER})"
        )
    if email and not _EMAIL.fullmatch(email):
        raise ValueError(f"{quoted(email)} is not an email address")
    return MemberLine(line, name, number, email, _holdings(holdings))


def _holdings(text: str) -> Decimal | None:
    """The master points a line gives (None for a blank cell), or why it is not a number."""
    if not text:
        return None
    match = _HOLDINGS.fullmatch(text)
    if match is None:
        raise ValueError(
            f"{quoted(text)} is not a number of master points (digits, and a decimal point: 1234.56)"
        )
    return Decimal(f"{match[1]}.{match[2] or 0}")


def _given_name_first(name: str) -> str:
    """``Ortiz, Olga`` as ``Olga Ortiz``; a name with no comma, or more than one, as written.

    One comma between two non-empty parts is a list's "surname, given names" order. Two
    (``King, Martin Luther, Jr.``) could be read more than one way, so they are kept, as is
    a name with a digit (``Bob,2``: a number in the wrong column, for the director to see).
    """
    parts = name.split(",")
    if len(parts) == 2 and all(part.strip() for part in parts) and not any(c.isdigit() for c in name):
        name = f"{parts[1]} {parts[0]}"
    return " ".join(name.split())
