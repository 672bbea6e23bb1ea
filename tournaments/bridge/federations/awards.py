"""What every federation's master point scale reads and returns: places in, awards out.

A scale is a pure function of a contest's size (``Contest``: the competitors, the boards
they played, one winner or two) and of one field's places (``Placed``: a pair, team or
anything hashable, and its place, shared by tied competitors). A field is whatever is
ranked together: a Howell, one direction of a Mitchell, or a stratum of either, so the
strata a later issue adds are the same function over a stratum's places and size.

Awards are counted in a federation's smallest unit (hundredths of an ABF or ACBL point,
whole EBU master points) so that rounding and ties are exact; ``Award.points`` gives the
points a player's record shows. A contest a scale does not cover (too few tables or
boards, a teams scale ClubScore does not have) gives no award and says why
(``Awards.refusal``), never a half-award.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import floor
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class AwardError(ValueError):
    """A contest or field a scale cannot be given (no competitor, a place below 1)."""


@dataclass(frozen=True)
class Placed(Generic[K]):
    """A competitor's place in its field: tied competitors share the place of the best of them."""

    key: K
    place: int


@dataclass(frozen=True)
class Contest:
    """What a scale reads of a session or teams event, beyond the places.

    ``competitors``: pairs (or teams, or the players of an individual) that played, in
    every field; ``boards``: boards a competitor played (the most any did); ``winners``: 2
    for a Mitchell whose directions are ranked apart, else 1. An individual is a
    single-winner contest whose competitors sit four to a table.
    """

    competitors: int
    boards: int
    winners: int = 1
    teams: bool = False
    individual: bool = False

    def __post_init__(self) -> None:
        if self.competitors < 0 or self.boards < 0:
            raise AwardError("A contest has no fewer than 0 competitors and boards.")
        if self.winners not in (1, 2):
            raise AwardError(f"A contest has one winner or two, not {self.winners}.")
        if self.individual and (self.teams or self.winners != 1):
            raise AwardError("An individual is one field of players: one winner, no teams.")

    @property
    def competitors_a_table(self) -> int:
        """Competitors seated at a table: a team at one of its match's two, a pair, four players."""
        if self.teams:
            return 1
        return 4 if self.individual else 2

    @property
    def tables(self) -> int:
        """Tables in play, a part table (a sit-out) counted whole."""
        return -(-self.competitors // self.competitors_a_table)

    @property
    def full_tables(self) -> int:
        """Complete tables: a part table (a sit-out) left out."""
        return self.competitors // self.competitors_a_table


@dataclass(frozen=True)
class Award(Generic[K]):
    """A competitor's award: ``units`` of its scale (hundredths, or whole master points)."""

    key: K
    place: int
    tied: bool
    units: int
    unit: Decimal

    @property
    def points(self) -> Decimal:
        """The award in the federation's points, as a player's record shows it (0.21, 24)."""
        return self.units * self.unit


@dataclass(frozen=True)
class Awards(Generic[K]):
    """A field's or contest's awards (positive ones only), or why there are none."""

    awards: tuple[Award[K], ...] = ()
    refusal: str = ""

    def by_key(self) -> dict[K, Award[K]]:
        return {award.key: award for award in self.awards}


def half_up(value: Fraction) -> int:
    """Round a non-negative amount to the nearest whole unit, a half going up (31.5 gives 32)."""
    return floor(value + Fraction(1, 2))


class Scale(ABC):
    """A federation's club scale: its names, units, and the awards of a field by its places."""

    federation: str  # the registry's code: 'abf'
    code: str  # the scale, as the ledger records it: 'abf-club-green'
    name: str  # as the pages name it
    point_type: str  # USEBIO's MASTER_POINT_TYPE: 'GREEN', 'BLACK'
    usebio_scale: str = "Club"  # USEBIO's MASTER_POINT_SCALE
    unit: Decimal = Decimal("0.01")  # one unit in points: USEBIO's MASTER_POINTS_AWARDED counts units
    # The fewest pairs a stratum needs to be awarded apart (``federations.strata``); None: the
    # federation's club scale has no strat awards, and a stratified game is awarded as an open one.
    strat_minimum: int | None = None

    @abstractmethod
    def refusal(self, contest: Contest) -> str:
        """Why the contest earns no award at all (too small, no scale for it); '' when it does."""

    @abstractmethod
    def place_units(self, contest: Contest, field_size: int) -> Callable[[int], int]:
        """The award of each place (1 first) in a field of ``field_size``, 0 past the last award."""

    @abstractmethod
    def share(self, total: int, count: int) -> int:
        """What each of ``count`` tied competitors gets of the ``total`` of the places they span."""

    def member_share(self, members: int) -> Fraction:
        """The part of its team's award each of a team's ``members`` gets (all of it by default)."""
        return Fraction(1)

    def field_awards(self, contest: Contest, field: Sequence[Placed[K]]) -> Awards[K]:
        """Return the awards of one field (a Howell, a Mitchell's direction, a stratum) by its places."""
        refusal = self.refusal(contest)
        if refusal:
            return Awards(refusal=refusal)
        if any(entry.place < 1 for entry in field):
            raise AwardError("A place is 1 or more.")
        units_of = self.place_units(contest, len(field))
        by_place: dict[int, list[Placed[K]]] = {}
        for entry in field:
            by_place.setdefault(entry.place, []).append(entry)
        awards: list[Award[K]] = []
        for place, tied in sorted(by_place.items()):
            total = sum(units_of(place + offset) for offset in range(len(tied)))
            units = self.share(total, len(tied)) if len(tied) > 1 else total
            if units > 0:
                awards.extend(Award(entry.key, place, len(tied) > 1, units, self.unit) for entry in tied)
        if not awards:
            return Awards(refusal=f"The {self.name} gives no award to a field of {len(field)}.")
        return Awards(tuple(awards))

    def awards(self, contest: Contest, fields: Sequence[Sequence[Placed[K]]]) -> Awards[K]:
        """Return the awards of every field of the contest, or why there are none."""
        refusal = self.refusal(contest)
        if refusal:
            return Awards(refusal=refusal)
        found = [self.field_awards(contest, field) for field in fields if field]
        awards = tuple(award for each in found for award in each.awards)
        if awards:
            return Awards(awards)
        return Awards(refusal=found[0].refusal if found else "No competitor has a place yet.")
