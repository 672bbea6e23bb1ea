"""A pasted seating list: one pair a line, so a director seats a whole field in one submit.

The format (issue 24, point 11)::

    1 NS: Alice Smith & Bob Jones
    1 EW: Carol White & Dan Black
    NS 2: Eve Green & Fay Brown
    3: Gus Grey & Hal Blue          (a Howell: no direction)
    A1 NS: Ian Gold & Jo Silver     (a session of sections: section A's 1 NS)

A line is the pair's number and, in a Mitchell, its direction (``NS`` or ``EW``, before or
after the number; ``N-S`` and ``E-W`` too, any case), a colon, then the players' names
separated by ``&``; a pair of one player has no ``&``. Blank lines are skipped. A number
is ASCII digits, after its section's letter in a session of sections (``A1 NS``,
``NS B2``). Whether the direction (or the section) is needed, and whether the number is in the
movement, is the session's to say (``services.seating_list.pairs_seat``); here the list is
read, and every line that cannot be read is named, all of them in one reading, so a
director corrects the whole list after one submit (issue 28, point 6).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tournaments.bridge.text import quoted

MAX_SEATING_LINES = 200
_DIRECTION = r"(?:N-?S|E-?W)"
# A pair as directors write it: its number, and in a Mitchell its field before or after it.
_LABEL = (
    rf"(?:(?P<before>{_DIRECTION})\s*(?P<number1>[0-9]{{1,6}})"
    rf"|(?P<number2>[0-9]{{1,6}})\s*(?P<after>{_DIRECTION})?)"
)
# A seating list's pair may be a section's: its letter just before its number (A1 NS, NS B2).
_SEAT_LABEL = (
    rf"(?:(?P<before>{_DIRECTION})\s*(?P<section1>[A-Z])?\s?(?P<number1>[0-9]{{1,6}})"
    rf"|(?P<section2>[A-Z])?\s?(?P<number2>[0-9]{{1,6}})\s*(?P<after>{_DIRECTION})?)"
)
_LINE = re.compile(rf"^\s*{_SEAT_LABEL}\s*:\s*(?P<names>.*?)\s*$", re.IGNORECASE)
_PAIR = re.compile(rf"\s*{_LABEL}\s*", re.IGNORECASE)


class SeatingProblem(NamedTuple):
    """A line of a seating list that cannot be read: its number (1-based) and why."""

    line: int
    reason: str

    def __str__(self) -> str:
        return f"Line {self.line}: {self.reason}"


class SeatingListError(ValueError):
    """A seating list with lines that cannot be read: ``problems``, every one of them in line order."""

    def __init__(self, problems: list[SeatingProblem] | tuple[SeatingProblem, ...]) -> None:
        super().__init__(" ".join(str(problem) for problem in problems))
        self.problems = tuple(problems)


class _UnreadableLine(ValueError):
    """One line not read (``_read_line``), collected by ``read_seating_list`` with its number."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SeatingLine(NamedTuple):
    """One pair of the list: its line, number, direction (``NS``, ``EW`` or blank), players' names,
    and its section's letter (``A``; blank when the line names none)."""

    line: int
    number: int
    direction: str
    names: tuple[str, ...]
    section: str = ""

    @property
    def label(self) -> str:
        number = f"{self.section}{self.number}"
        return f"{self.direction} {number}" if self.direction else f"pair {number}"


class SeatingList(NamedTuple):
    """A seating list read: the pairs of the lines that could be read, and the lines that could not."""

    seats: list[SeatingLine]
    problems: list[SeatingProblem]


def read_seating_list(text: str) -> SeatingList:
    """Read a pasted seating list, keeping every pair it can read and naming every line it cannot.

    A pair number given twice is named on its later line; past ``MAX_SEATING_LINES`` pairs
    the reading stops, naming the line where it did.
    """
    seats: list[SeatingLine] = []
    problems: list[SeatingProblem] = []
    first_line_of: dict[tuple[str, int, str], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if len(seats) + len(problems) == MAX_SEATING_LINES:
            problems.append(SeatingProblem(number, f"a list seats at most {MAX_SEATING_LINES} pairs."))
            break
        try:
            seat = _read_line(number, line)
        except _UnreadableLine as unreadable:
            problems.append(SeatingProblem(number, unreadable.reason))
            continue
        earlier = first_line_of.setdefault((seat.section, seat.number, seat.direction), number)
        if earlier != number:
            problems.append(SeatingProblem(number, f"{seat.label} is already seated on line {earlier}."))
            continue
        seats.append(seat)
    if not seats and not problems:
        problems.append(
            SeatingProblem(1, "the list is empty: write one pair a line, as 1 NS: Alice Smith & Bob Jones.")
        )
    return SeatingList(seats, problems)


def parse_seating_list(text: str) -> list[SeatingLine]:
    """Read a pasted seating list, refusing it when any line is not ``1 NS: Alice & Bob`` (naming each)."""
    reading = read_seating_list(text)
    if reading.problems:
        raise SeatingListError(reading.problems)
    return reading.seats


def _label(found: re.Match[str]) -> tuple[int, str]:
    """The pair's number and its direction (``NS``, ``EW`` or blank) as ``_LABEL`` found them."""
    direction = found["before"] or found["after"] or ""
    return int(found["number1"] or found["number2"]), direction.upper().replace("-", "")


def _read_line(number: int, line: str) -> SeatingLine:
    found = _LINE.match(line)
    if found is None:
        raise _UnreadableLine(
            f"{quoted(line.strip())} is not a pair: write it as 1 NS: Alice Smith & Bob Jones."
        )
    pair_number, direction = _label(found)
    section = (found["section1"] or found["section2"] or "").upper()
    names = tuple(" ".join(name.split()) for name in found["names"].split("&"))
    if not all(names):
        raise _UnreadableLine("a player's name is missing: write the two names with & between them.")
    if len(names) > 2:
        raise _UnreadableLine(f"a pair has two players, this line names {len(names)}.")
    return SeatingLine(number, pair_number, direction, names, section)


def read_pair_label(text: str) -> tuple[int, str]:
    """Read a pair as a traveller names it: ``3``, ``NS 3``, ``3 EW``, ``N-S 3``; return (number, direction).

    The direction is ``NS``, ``EW`` or blank (a Howell's pair, or a Mitchell's whose field
    the caller knows from the column it was typed in).
    """
    found = _PAIR.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise ValueError(f"{quoted(text)} is not a pair: write its number, as 3 or NS 3.")
    return _label(found)
