"""Handicap pairs: each player's handicap, a pair's, and the handicapped places beside the scratch ones.

A handicap is in percentage points and is *added* to a pair's percentage: a weaker
player's is positive, a stronger one's negative, so a field of handicapped pairs is
ranked by how far each beat what was expected of it.

- **A pair's handicap is the mean of its players'** (a pair of a +4 and a -2 player adds 1):
  each player's is what he is worth alone, and a pair's percentage is the pair's.
- **Derived from the rating** (``handicap_from_rating``): ClubScore's rating is on the
  percentage scale, 50 the average player, so a player rated 46.5 is given +3.5 (what
  brings him to average). The director's own figure, when he sets one, comes first.
- **USEBIO's ``HANDICAP``** (``usebio_handicap``, ``from_usebio_handicap``): New Zealand's
  Scorer states a pair's ``PERCENTAGE`` as its matchpoint percentage plus *half* its
  ``HANDICAP``, on every pair of its real file (``tests/fixtures/usebio/
  scorer-handicap-pairs.xml``; scorer-to-usebio checks the same: ``raw + handicap / 2``).
  ClubScore reads the file's ``HANDICAP`` as the sum of the two players' handicaps, so
  its pair's handicap is half of it, and writes twice the pair's.
- **Places**: ranked by the handicapped percentage to the hundredth (what the pages show),
  equal figures share the place; a pair that has played no board has no place. Master
  points stay with the scratch places (Scorer's file awards its scratch winners).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

HUNDREDTH = Decimal("0.01")
THOUSANDTH = Decimal("0.001")  # a pair's: the mean of two players' hundredths is exact here
LIMIT = Decimal("50")  # a handicap beyond 50 points would rank a pair beyond any result


class HandicapError(ValueError):
    """A handicap out of range (more than 50 points either way)."""


def check_handicap(value: Decimal) -> Decimal:
    """Return the handicap to the hundredth, or refuse one beyond 50 points either way."""
    if not value.is_finite() or abs(value) > LIMIT:
        raise HandicapError(f"A handicap is between -{LIMIT} and +{LIMIT} points, not {value}.")
    return value.quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def handicap_from_rating(rating: float) -> Decimal:
    """Return the handicap a player's rating gives: what brings him to 50%, to the hundredth."""
    derived = (Decimal(50) - Decimal(str(rating))).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)
    return max(-LIMIT, min(LIMIT, derived))


def pair_handicap(players: Iterable[Decimal]) -> Decimal:
    """Return a pair's handicap: the mean of its players' (a single player's own), to the thousandth
    (exact for two players' hundredths: +0.01 and 0 give +0.005, which USEBIO writes back as 0.01)."""
    found = list(players)
    if not found:
        return Decimal(0).quantize(THOUSANDTH)
    return (sum(found, Decimal(0)) / len(found)).quantize(THOUSANDTH, rounding=ROUND_HALF_UP)


def usebio_handicap(pair: Decimal) -> Decimal:
    """The ``HANDICAP`` a USEBIO file gives a pair of this handicap (Scorer's: the players' sum)."""
    return (pair * 2).quantize(HUNDREDTH)


def from_usebio_handicap(stated: float) -> Decimal:
    """The pair's handicap a USEBIO ``HANDICAP`` gives (half of it: what Scorer adds), to the thousandth."""
    half = Decimal(str(stated)).quantize(HUNDREDTH, rounding=ROUND_HALF_UP) / 2
    check_handicap(half)
    return half.quantize(THOUSANDTH)


@dataclass(frozen=True)
class Entry(Generic[K]):
    """A pair of a field: its scratch percentage, its handicap, whether it has played a board."""

    key: K
    percentage: float
    handicap: Decimal
    played: bool = True


@dataclass(frozen=True)
class Handicapped(Generic[K]):
    """A pair's handicapped figure and place (0 for a pair that has not played)."""

    key: K
    percentage: float  # scratch
    handicap: Decimal
    figure: Decimal  # scratch plus handicap, to the hundredth
    place: int
    tied: bool

    @property
    def place_text(self) -> str:
        if not self.place:
            return ""
        return f"{self.place}=" if self.tied else str(self.place)


def handicapped_figure(percentage: float, handicap: Decimal) -> Decimal:
    """Scratch percentage plus handicap, to the hundredth (the figure that ranks)."""
    scratch = Decimal(str(percentage))
    return (scratch + handicap).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def handicapped_places(field: Sequence[Entry[K]]) -> list[Handicapped[K]]:
    """Rank one field by scratch plus handicap, best first; equal figures share a place."""
    figures = [(entry, handicapped_figure(entry.percentage, entry.handicap)) for entry in field]
    played = sorted((pair for pair in figures if pair[0].played), key=lambda pair: -pair[1])
    counts: dict[Decimal, int] = {}
    for _entry, figure in played:
        counts[figure] = counts.get(figure, 0) + 1
    ranked: list[Handicapped[K]] = []
    place = 0
    for index, (entry, figure) in enumerate(played, start=1):
        if not ranked or ranked[-1].figure != figure:
            place = index
        ranked.append(
            Handicapped(entry.key, entry.percentage, entry.handicap, figure, place, counts[figure] > 1)
        )
    unplayed = [
        Handicapped(entry.key, entry.percentage, entry.handicap, figure, 0, False)
        for entry, figure in figures
        if not entry.played
    ]
    return ranked + unplayed
