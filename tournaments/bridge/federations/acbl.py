"""The ACBL's club scale: section awards of an open club pairs game, in black masterpoints.

From the ACBL Handbook, "Calculating the awards" (acbl.org, chapter 4): "Section awards ...
are based on the number of pairs ... in each group. For example, an eight-table Mitchell
movement is two groups of 8 pairs. A five-table Howell movement is one group of 10 pairs.
In a Mitchell movement, a 1/2 table will be treated as though it were a full table."

- **First place**: "Open games award .10 MP per table for first place in each group"; the
  same page gives invitational games ".08 masterpoint per pair", and every example
  counts the group in pairs, so ClubScore reads it as 0.10 a pair in the group (a
  Mitchell's group has as many pairs as tables). "Maximum award is 1.50 masterpoints."
- **Places**: "The second place award is 70% of 1st, third is 50% of 1st, fourth is 35%,
  fifth is 1/5 and sixth is 1/6, etc." Each is rounded to the hundredth, a half up.
- **Depth**: "40% times the number of pairs in the comparison group, rounded to the
  nearest whole number with .5 rounded up."
- **Individuals**: "based on the number of pairs, teams, or individuals in each group"
  (the ACBL's masterpoint regulations): an individual's group is its players, one winner.
- **Ties** share the awards of the places they span, rounded to the hundredth.

- **Strat awards** ("Stratified pairs may be conducted with two or three strats ... The
  lowest strat must have at least five pairs"): each strat's places in each group, on the
  same scale with the strat's pairs as the group, a pair taking its best award
  (``federations.strata``).

Overall awards (several sections) and the teams charts are not in ClubScore: a teams
event earns nothing, and says so.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tournaments.bridge.federations.awards import Contest, Scale, half_up

FIRST_PER_PAIR = 10  # hundredths of a masterpoint
MAXIMUM = 150
DEPTH = Fraction(2, 5)
PLACE_FACTORS = {1: Fraction(1), 2: Fraction(7, 10), 3: Fraction(1, 2), 4: Fraction(7, 20)}


def group_size(contest: Contest) -> int:
    """Pairs in the comparison group: a Mitchell direction counts its tables (a half one whole),
    a Howell its pairs."""
    return contest.tables if contest.winners == 2 else contest.competitors


def first_units(group: int) -> int:
    return min(FIRST_PER_PAIR * group, MAXIMUM)


def place_units(first: int, place: int) -> int:
    return half_up(first * PLACE_FACTORS.get(place, Fraction(1, place)))


class AcblClubScale(Scale):
    federation = "acbl"
    code = "acbl-club-open"
    name = "ACBL open club game (section awards, black points)"
    point_type = "BLACK"
    strat_minimum = 5

    def refusal(self, contest: Contest) -> str:
        if contest.teams:
            return "ClubScore does not have the ACBL's club teams charts: this event awards no masterpoints."
        return "" if contest.competitors else "No pair has played: there is nothing to award."

    def place_units(self, contest: Contest, field_size: int) -> Callable[[int], int]:
        group = group_size(contest)
        first, last = first_units(group), half_up(DEPTH * group)
        return lambda place: place_units(first, place) if place <= last else 0

    def share(self, total: int, count: int) -> int:
        return half_up(Fraction(total, count))


SCALE = AcblClubScale()
