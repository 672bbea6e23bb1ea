"""Stratified games: two or three strata, a pair's stratum, and each stratum's places.

As the ACBL runs them (its Handbook, "Calculating the awards": "Stratified pairs may be
conducted with two or three strats. The lowest strat may have any upper masterpoint
limitation suitable for a club. The lowest strat must have at least five pairs"), and as
clubs explain them to their players:

- **Strata are nested**: A is the whole field; B the pairs whose stronger player holds
  less than B's limit; C those under C's lower limit. A C pair is ranked three times (in
  A, B and C), an A pair once. "Lower-ranked pairs compete not only in their own
  category, but also in all higher categories."
- **A pair's stratum is its stronger player's** ("based on the Masterpoints holding of the
  partner who has more Masterpoints"). A player whose holding is unknown counts as
  beyond every limit (stratum A): a pair is never put below where it belongs by a gap
  in the member list. The same holds with ClubScore's rating in place of the holdings
  (a club without master point holdings, or beyond any federation's anchor): the
  stronger player is the one rated higher, an unrated player is A.
- **A stratum's places** are the field's places among the pairs ranked in it, ties kept
  (a pair's place is one more than the pairs of its stratum ranked strictly above it).
- **Too few pairs**: a stratum with fewer pairs than the federation's minimum (the ACBL's
  five) is merged into the one above (its pairs are ranked there anyway), as the ACBL
  tells a director to raise the strat's limit until it holds five.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

NAMES = ("A", "B", "C")
MAX_LIMITS = 2


class StrataError(ValueError):
    """Limits that do not make two or three strata (none, too many, not falling, negative)."""


def check_limits(limits: Sequence[Decimal]) -> tuple[Decimal, ...]:
    """Return the limits of strata B (and C), each below the one before; refuse anything else."""
    if not 1 <= len(limits) <= MAX_LIMITS:
        raise StrataError(f"A stratified game has two or three strata: one limit or two, not {len(limits)}.")
    if any(not limit.is_finite() or limit <= 0 for limit in limits):
        raise StrataError("A stratum's limit is a number above 0.")
    if len(limits) == 2 and limits[1] >= limits[0]:
        raise StrataError(f"C's limit ({limits[1]}) is below B's ({limits[0]}).")
    return tuple(limits)


def player_stratum(value: Decimal | float | None, limits: Sequence[Decimal]) -> int:
    """A player's stratum (0 for A) by his holding or rating; unknown is A."""
    if value is None:
        return 0
    return sum(1 for limit in limits if Decimal(str(value)) < limit)


def pair_stratum(values: Iterable[Decimal | float | None], limits: Sequence[Decimal]) -> int:
    """A pair's stratum: its stronger player's (the lower stratum number), A if any is unknown."""
    return min((player_stratum(value, limits) for value in values), default=0)


def stratum_name(stratum: int) -> str:
    return NAMES[stratum]


@dataclass(frozen=True)
class Ranked(Generic[K]):
    """A pair of a field with its place there (tied pairs share the best place) and its stratum."""

    key: K
    place: int
    stratum: int


@dataclass(frozen=True)
class StratumPlace(Generic[K]):
    key: K
    place: int
    tied: bool


def strata_in_play(strata: Sequence[int], count: int, minimum: int = 0) -> list[int]:
    """The strata ranked apart (0 always): those holding at least ``minimum`` pairs of the whole game,
    counting the strata below them (nested). ``strata``: every pair's stratum in the game."""
    return [
        stratum
        for stratum in range(count)
        if stratum == 0 or sum(1 for found in strata if found >= stratum) >= minimum
    ]


def stratum_places(field: Sequence[Ranked[K]], stratum: int) -> list[StratumPlace[K]]:
    """The places of a stratum (and the strata below it) within one field, best first."""
    members = sorted((entry for entry in field if entry.stratum >= stratum), key=lambda entry: entry.place)
    found = []
    for entry in members:
        above = sum(1 for other in members if other.place < entry.place)
        tied = sum(1 for other in members if other.place == entry.place) > 1
        found.append(StratumPlace(entry.key, above + 1, tied))
    return found
