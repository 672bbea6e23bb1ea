"""USEBIO values: a pairs event's pairs, travellers, standings and deals, as producers write them.

USEBIO is the XML results format federations (the EBU first, the ABF's Cobalt, New
Zealand's masterpoint service) take from club scorers. These values hold what ClubScore
reads and writes, whoever wrote the file; ``reading`` and ``writing`` turn them into and
out of XML.

Producers spell the same things differently, and the values keep one spelling:

- **Event types**: ``MP_PAIRS`` (Compscore, ClubScore) and ``PAIRS`` (Scorer, USEBIO 1.3)
  are matchpoints unless ``BOARD_SCORING_METHOD`` says IMPs; ``CROSS_IMP`` (Compscore,
  Cobalt; ``CROSS_IMPS`` also read) and ``BUTLER_PAIRS``. ``event_type`` holds the
  spelling Compscore and Cobalt use: ``MP_PAIRS``, ``CROSS_IMP`` or ``BUTLER_PAIRS``.
- **Pair numbers**: ``1NS`` (Compscore), ``1 NS`` (Scorer), ``(A) 1 NS`` (Scorer, a
  section letter), ``1`` with a ``<DIRECTION>`` (older ClubScore) or alone (a Howell). A
  pair is a ``PairKey``: section, direction, number.
- **Artificial adjusted scores**: ``<SCORE>A6040</SCORE>`` and no contract (Compscore and
  Scorer alike): North-South's percentage, then East-West's.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import NamedTuple

USEBIO_VERSION = "1.2"
MATCHPOINTS, CROSS_IMPS, BUTLER = "MP_PAIRS", "CROSS_IMP", "BUTLER_PAIRS"
EVENT_TYPES = (MATCHPOINTS, CROSS_IMPS, BUTLER)
DATE_FORMAT = "%d/%m/%Y"


class UsebioError(ValueError):
    """A USEBIO file that cannot be read; the message names the element, ``line`` its line in the file."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


# The file line of each element being read (by ``id``), set by ``reading.read_usebio``.
_ELEMENT_LINES: ContextVar[dict[int, int] | None] = ContextVar("usebio_element_lines", default=None)


def element_line(element: object) -> int | None:
    """The line of the file where ``element`` starts, while a file is being read."""
    return (_ELEMENT_LINES.get() or {}).get(id(element))


@contextmanager
def reading_lines(lines: dict[int, int]) -> Iterator[None]:
    """Let ``element_line`` answer for this file's elements while it is read."""
    token = _ELEMENT_LINES.set(lines)
    try:
        yield
    finally:
        _ELEMENT_LINES.reset(token)


@contextmanager
def at_element(element: object) -> Iterator[None]:
    """Give a ``UsebioError`` raised inside, and naming no line yet, the line of ``element``."""
    try:
        yield
    except UsebioError as error:
        if error.line is None:
            error.line = element_line(element)
        raise


class PairKey(NamedTuple):
    """A pair as the file numbers it: its section (``''`` when one), direction and number."""

    section: str
    direction: str  # 'NS' or 'EW' in a Mitchell field, '' in a Howell
    number: int

    @property
    def label(self) -> str:
        """The pair as Scorer writes it: ``(A) 1 NS``, ``1 NS``, ``3``."""
        text = f"{self.number} {self.direction}".strip()
        return f"({self.section}) {text}" if self.section else text

    @property
    def compact(self) -> str:
        """The pair as Compscore writes it, telling NS 1 from EW 1: ``1NS``, ``1EW``, ``3``."""
        text = f"{self.number}{self.direction}"
        return f"({self.section}) {text}" if self.section else text


_PAIR_ID = re.compile(
    r"^\s*(?:\(\s*(?P<section>[A-Za-z0-9]{1,3})\s*\)\s*)?(?P<number>\d{1,5})\s*(?P<direction>[NSEW/\- ]*)\s*$"
)


def parse_pair_id(text: str) -> tuple[str, int, str] | None:
    """Return (section, number, direction) of ``1NS``, ``1 NS``, ``(A) 1 NS``, ``N-S``..., or None."""
    match = _PAIR_ID.match(text)
    if match is None:
        return None
    direction = re.sub(r"[\s/\-]", "", match["direction"]).upper()
    if direction not in ("", "NS", "EW", "N", "E"):
        return None
    direction = {"N": "NS", "E": "EW"}.get(direction, direction)
    return (match["section"] or "").upper(), int(match["number"]), direction


@dataclass(frozen=True)
class Adjusted:
    """An artificial adjusted score: each side's percentage, as ``A6040`` writes them."""

    ns_percentage: int
    ew_percentage: int

    @property
    def code(self) -> str:
        return f"A{self.ns_percentage:02d}{self.ew_percentage:02d}"


_ADJUSTED = re.compile(r"^A(\d{2})(\d{2})$")


def parse_adjusted(text: str) -> Adjusted | None:
    """Return the adjusted score ``A6040`` writes, or None for any other text."""
    match = _ADJUSTED.match(text.strip().upper())
    return Adjusted(int(match[1]), int(match[2])) if match else None


@dataclass(frozen=True)
class UsebioPlayer:
    name: str
    federation_number: str = ""


@dataclass(frozen=True)
class UsebioPair:
    key: PairKey
    players: tuple[UsebioPlayer, ...]
    place: int | None = None  # the standing the file states ('2=' and a repeated '2' both read 2)
    total_score: float | None = None  # matchpoints (or IMPs)
    percentage: float | None = None
    handicap: float | None = None  # Scorer's handicap pairs: its PERCENTAGE includes half of it

    @property
    def label(self) -> str:
        return self.key.label

    @property
    def direction(self) -> str:
        return self.key.direction

    @property
    def number(self) -> int:
        return self.key.number


@dataclass(frozen=True)
class TravellerLine:
    """One table's result: a played contract (or a pass), an artificial adjusted score, or not played.

    ``ns_points`` and ``ew_points`` are what the file gives each side for it: matchpoints
    (on the file's own scale: Compscore and Scorer give 2 for each pair beaten), cross-IMPs
    or Butler IMPs, by the event's type.
    """

    ns_pair: PairKey
    ew_pair: PairKey
    contract: str = ""  # '4SX', '3NT', 'PASS'; '' for an adjusted score
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""
    ns_score: int | None = 0
    ns_points: float | None = None
    ew_points: float | None = None
    adjusted: Adjusted | None = None
    played: bool = True  # False: the board was not played at this table (no contract, no adjusted score)
    # A contract the file writes that is not one ('42'), kept only where the line states its
    # score: the line is then that score, with no contract (``contract`` is '').
    written_contract: str = ""
    # A score that stands with no contract: the line's SCORE with an unreadable contract, or none.
    stated: bool = False


@dataclass(frozen=True)
class UsebioBoard:
    number: int
    lines: tuple[TravellerLine, ...]
    datum: int | None = None  # Butler's datum, ``BOARD_AVERAGE``, where the file gives one
    section: str = ""


@dataclass(frozen=True)
class UsebioDeal:
    """A board's hand record (``HANDSET``): each seat's hand in PBN (``AKQ.JT9.876.5432``)."""

    number: int
    north: str
    east: str
    south: str
    west: str


@dataclass(frozen=True)
class UsebioEvent:
    club: str
    description: str
    date: datetime.date
    event_type: str = MATCHPOINTS
    program: str = "ClubScore"
    program_version: str = ""
    club_id: str = ""
    winner_type: int | None = None  # 1: one ranking; 2: North-South and East-West apart
    pairs: tuple[UsebioPair, ...] = ()
    boards: tuple[UsebioBoard, ...] = field(default=())
    deals: tuple[UsebioDeal, ...] = ()

    @property
    def is_mitchell(self) -> bool:
        """Every pair sits one way all session (so NS 1 and EW 1 are two pairs)."""
        return bool(self.pairs) and all(pair.direction for pair in self.pairs)

    @property
    def sections(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(pair.key.section for pair in self.pairs))

    @property
    def ranking(self) -> int:
        """How the file ranks its pairs: 2 (each direction apart) or 1 (all together)."""
        if self.winner_type in (1, 2):
            return self.winner_type
        return 2 if self.is_mitchell else 1
