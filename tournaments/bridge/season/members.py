"""A club's member list as a CSV file: ``name, federation number, email`` a line.

Read whole or refused whole: every line is checked and the errors are given with their
line numbers (all of them, so a secretary corrects the file once). A first line whose
first cell is ``name`` is a header. The federation number and the email may be blank;
a number may appear once in the file (two members with one number is a typo).

A NUL character and a field longer than the csv module reads (131,072 characters) are
refused like any bad cell, naming the line and the field (issue 28): the database would
refuse the one (PostgreSQL) and the reader raise on the other, each a 500 before.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from tournaments.bridge.season.duplicates import federation_key
from tournaments.bridge.text import quoted

MAX_NAME = 120
MAX_NUMBER = 20
MAX_EMAIL = 254
MAX_MEMBERS = 5_000
FIELDS = (("name", MAX_NAME), ("federation number", MAX_NUMBER), ("email", MAX_EMAIL))
_NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ./-]*")
_EMAIL = re.compile(r"[^@\s,;<>]+@[^@\s,;<>]+\.[^@\s,;<>]+")


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
    reader = csv.reader(io.StringIO(text))
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
            rows.append((line, _too_long(physical[line - 1] if line <= len(physical) else "")))


def _too_long(line: str) -> str:
    """Name the cell of a line the csv reader found too long (quotes understood, roughly)."""
    lengths: list[int] = []
    length, inside_quotes = 0, False
    for char in line:
        if char == '"':
            inside_quotes = not inside_quotes
        elif char == "," and not inside_quotes:
            lengths.append(length)
            length = 0
        else:
            length += 1
    lengths.append(length)
    if len(lengths) > len(FIELDS):
        return f"expected name, federation number, email; found {len(lengths)} columns"
    for (field, limit), length in zip(FIELDS, lengths, strict=False):
        if length > limit:
            return f"the {field} is longer than {limit} characters"
    return f"a field is longer than {csv.field_size_limit():,} characters"


def _member(line: int, cells: list[str]) -> MemberLine:
    if len(cells) > 3:
        raise ValueError(f"expected name, federation number, email; found {len(cells)} columns")
    name, number, email = (cells + ["", ""])[:3]
    name = " ".join(name.split())
    for (field, limit), cell in zip(FIELDS, (name, number, email), strict=True):
        if "\x00" in cell:
            raise ValueError(f"the {field} holds a NUL character (byte 0x00): a member list is plain text")
        if len(cell) > limit:
            raise ValueError(f"the {field} is longer than {limit} characters")
    if not name:
        raise ValueError("the name is empty")
    if number and not _NUMBER.fullmatch(number):
        raise ValueError(
            f"{quoted(number)} is not a federation number (letters and digits, at most {MAX_NUMBER})"
        )
    if email and not _EMAIL.fullmatch(email):
        raise ValueError(f"{quoted(email)} is not an email address")
    return MemberLine(line, name, number, email)
