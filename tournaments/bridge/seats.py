"""The four seats, the two sides, and what a board number fixes (dealer, vulnerability)."""

from __future__ import annotations

from enum import StrEnum


class Seat(StrEnum):
    """A seat at the table, in clockwise order from North."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    # The seat's place, 0-3, shadows str.index on purpose: every caller wants the place,
    # and nothing searches a one-letter seat for a substring.
    @property
    def index(self) -> int:  # type: ignore[override]
        return "NESW".index(self.value)

    @property
    def attribute(self) -> str:
        return ("north", "east", "south", "west")[self.index]

    @property
    def full_name(self) -> str:
        return ("North", "East", "South", "West")[self.index]

    def rotate(self, steps: int) -> Seat:
        """Return the seat ``steps`` places clockwise (negative: anticlockwise)."""
        return SEATS[(self.index + steps) % 4]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next to call and to play."""
        return self.rotate(1)

    @property
    def partner(self) -> Seat:
        return self.rotate(2)

    @property
    def rho(self) -> Seat:
        return self.rotate(3)

    @property
    def side(self) -> str:
        """``'NS'`` or ``'EW'``."""
        return "NS" if self in (Seat.N, Seat.S) else "EW"

    def __str__(self) -> str:
        return self.value


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)

_SEAT_NAMES = {
    "N": Seat.N,
    "NORTH": Seat.N,
    "E": Seat.E,
    "EAST": Seat.E,
    "S": Seat.S,
    "SOUTH": Seat.S,
    "W": Seat.W,
    "WEST": Seat.W,
}


def seat_from(value: Seat | str) -> Seat:
    """Read a seat from ``'N'``, ``'north'``, ``'North'``... or pass a ``Seat`` through."""
    if isinstance(value, Seat):
        return value
    seat = _SEAT_NAMES.get(str(value).strip().upper())
    if seat is None:
        raise ValueError(f"unknown seat {value!r}: use N, E, S or W")
    return seat


def partner(seat: Seat | str) -> Seat:
    return seat_from(seat).partner


def lho(seat: Seat | str) -> Seat:
    return seat_from(seat).lho


def rho(seat: Seat | str) -> Seat:
    return seat_from(seat).rho


# The standard 16-board cycle (SPEC decision 6); board 17 repeats board 1.
_VULNERABILITY_CYCLE = (
    "None",
    "NS",
    "EW",
    "Both",
    "NS",
    "EW",
    "Both",
    "None",
    "EW",
    "Both",
    "None",
    "NS",
    "Both",
    "None",
    "NS",
    "EW",
)


# The highest board number a file may give. A club plays at most 36 boards a session; a
# larger number is a damaged file, and the importers create every board up to it (issue 24).
MAX_BOARD_NUMBER = 999


def _check_board_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"board number must be a whole number from 1 up, not {number!r}")


def board_dealer(number: int) -> str:
    """Return the dealer of board ``number``: N deals board 1, then clockwise."""
    _check_board_number(number)
    return SEATS[(number - 1) % 4].value


def board_vulnerability(number: int) -> str:
    """Return ``'None'``, ``'NS'``, ``'EW'`` or ``'Both'`` for board ``number``."""
    _check_board_number(number)
    return _VULNERABILITY_CYCLE[(number - 1) % 16]


_VULNERABILITY_TEXT = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}


def board_vulnerability_text(number: int) -> str:
    """Return who is vulnerable on board ``number`` as every page prints it: None, NS, EW or All.

    One spelling everywhere (issue 24, point 16); ``board_vulnerability`` keeps ``'Both'``,
    the value the rules and the file formats use.
    """
    return _VULNERABILITY_TEXT[board_vulnerability(number)]


def is_vulnerable(vulnerability: str, seat: Seat | str) -> bool:
    """Whether the side of ``seat`` is vulnerable under ``vulnerability``."""
    if vulnerability not in ("None", "NS", "EW", "Both"):
        raise ValueError(f"unknown vulnerability {vulnerability!r}: use None, NS, EW or Both")
    return vulnerability == "Both" or vulnerability == seat_from(seat).side
