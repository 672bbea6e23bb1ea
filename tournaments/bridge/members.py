"""A club's member list as a CSV file: ``name, federation number, email`` a line.

Read whole or refused whole: every line is checked and the errors are given with their
line numbers (all of them, so a secretary corrects the file once). A first line whose
first cell is ``name`` is a header. The federation number and the email may be blank;
a number may appear once in the file (two members with one number is a typo).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from tournaments.bridge.duplicates import federation_key

MAX_NAME = 120
MAX_NUMBER = 20
MAX_EMAIL = 254
MAX_MEMBERS = 5_000
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
    rows = list(csv.reader(io.StringIO(text)))
    for index, cells in enumerate(rows, start=1):
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
            (len(rows), f"a member list has at most {MAX_MEMBERS} members, this one {len(members)}")
        )
    if errors:
        raise MemberListError(errors)
    if not members:
        raise MemberListError([(1, "no members: expected lines of name, federation number, email")])
    return members


def _member(line: int, cells: list[str]) -> MemberLine:
    if len(cells) > 3:
        raise ValueError(f"expected name, federation number, email; found {len(cells)} columns")
    name, number, email = (cells + ["", ""])[:3]
    name = " ".join(name.split())
    if not name:
        raise ValueError("the name is empty")
    if len(name) > MAX_NAME:
        raise ValueError(f"the name is longer than {MAX_NAME} characters")
    if number and (len(number) > MAX_NUMBER or not _NUMBER.fullmatch(number)):
        raise ValueError(f"{number!r} is not a federation number (letters and digits, at most {MAX_NUMBER})")
    if email and (len(email) > MAX_EMAIL or not _EMAIL.fullmatch(email)):
        raise ValueError(f"{email!r} is not an email address")
    return MemberLine(line, name, number, email)
