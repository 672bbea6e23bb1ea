"""A pasted seating list: one pair a line, so a director seats a whole field in one submit.

The format (issue 24, point 11)::

    1 NS: Alice Smith & Bob Jones
    1 EW: Carol White & Dan Black
    NS 2: Eve Green & Fay Brown
    3: Gus Grey & Hal Blue          (a Howell: no direction)

A line is the pair's number and, in a Mitchell, its direction (``NS`` or ``EW``, before or
after the number; ``N-S`` and ``E-W`` too, any case), a colon, then the players' names
separated by ``&``; a pair of one player has no ``&``. Blank lines are skipped. A number
is ASCII digits. Whether the direction is needed, and whether the number is in the
movement, is the session's to say (``services.sessions.pairs_seat``); here the list is
read, and a line that cannot be read is refused naming its line.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tournaments.bridge.text import quoted

MAX_SEATING_LINES = 200
_DIRECTION = r"(?:N-?S|E-?W)"
_LINE = re.compile(
    rf"^\s*(?:(?P<before>{_DIRECTION})\s*(?P<number1>[0-9]{{1,6}})|(?P<number2>[0-9]{{1,6}})\s*(?P<after>{_DIRECTION})?)"
    r"\s*:\s*(?P<names>.*?)\s*$",
    re.IGNORECASE,
)


class SeatingListError(ValueError):
    """A line of a seating list that cannot be read: ``line`` (1-based) and ``reason``."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class SeatingLine(NamedTuple):
    """One pair of the list: its line, number, direction (``NS``, ``EW`` or blank) and players' names."""

    line: int
    number: int
    direction: str
    names: tuple[str, ...]

    @property
    def label(self) -> str:
        return f"{self.direction} {self.number}" if self.direction else f"pair {self.number}"


def parse_seating_list(text: str) -> list[SeatingLine]:
    """Read a pasted seating list, refusing the first line that is not ``1 NS: Alice & Bob``."""
    seats: list[SeatingLine] = []
    first_line_of: dict[tuple[int, str], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        seat = _read_line(number, line)
        earlier = first_line_of.setdefault((seat.number, seat.direction), number)
        if earlier != number:
            raise SeatingListError(number, f"{seat.label} is already seated on line {earlier}.")
        seats.append(seat)
        if len(seats) > MAX_SEATING_LINES:
            raise SeatingListError(number, f"a list seats at most {MAX_SEATING_LINES} pairs.")
    if not seats:
        raise SeatingListError(
            1, "the list is empty: write one pair a line, as 1 NS: Alice Smith & Bob Jones."
        )
    return seats


def _read_line(number: int, line: str) -> SeatingLine:
    found = _LINE.match(line)
    if found is None:
        raise SeatingListError(
            number, f"{quoted(line.strip())} is not a pair: write it as 1 NS: Alice Smith & Bob Jones."
        )
    direction = (found["before"] or found["after"] or "").upper().replace("-", "")
    pair_number = int(found["number1"] or found["number2"])
    names = tuple(" ".join(name.split()) for name in found["names"].split("&"))
    if not all(names):
        raise SeatingListError(number, "a player's name is missing: write the two names with & between them.")
    if len(names) > 2:
        raise SeatingListError(number, f"a pair has two players, this line names {len(names)}.")
    return SeatingLine(number, pair_number, direction, names)
