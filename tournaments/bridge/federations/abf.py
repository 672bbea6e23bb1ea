"""The ABF's club scale: green masterpoints for a club session (Grade E) or a club teams event.

From the ABF Masterpoint Manual (abfmasterpoints.com.au/mpmanual), as the real Compscore
files of ``tests/fixtures/usebio/`` award them to the hundredth:

- **The winner's award** (clause 3.1.1) is set by the tables T in play (half a table
  counted whole, Table 1's note) and the grade's weight W: with two winners (a Mitchell
  ranked by direction) 0.02 W T up to 30 tables, W (1 - e^(-T/32)) beyond; with one
  winner (a Howell, an arrow-switched Mitchell) 0.04 W T up to 15 tables, W (1 -
  e^(-T/16)) beyond. A club's ordinary session is Grade E, "the basic grade for all
  tournaments" (clause 2.1), weighted 1.5 (Table 1B; "green for all general sessions
  (1.5 weighting)"): 0.03 a table to each of a Mitchell's winners, 0.06 to a Howell's.
- **Places** (clause 4.2): "Placing awards in all Individual and Duplicate events are
  made to the top half of the field, rounding down"; teams events to "the top third of
  the field, rounding up". "Runners-up in any field receive 70% of the winners' award.
  Other awards are calculated as the winners' award divided by one less than the
  placing position" (3rd a half, 4th a third). Each is rounded to the hundredth, a half
  up (Compscore: 0.315 gives 0.32, 0.441 gives 0.44).
- **A special club session** (Grade B4c, clause 2.6: "special club sessions/events",
  red masterpoints) is weighted 2.5 (the weighting Bridge NSW's club handbook gives red
  points at a regular congress; Compscore's 6-table Howell ``compscore-mp-howell.xml``,
  written ``MASTER_POINT_TYPE`` ``RED``, gives its winners 0.60 = 0.04 x 2.5 x 6, its
  runners-up 0.42, and so down its six places): the same formulae, 0.05 a table to each
  of a Mitchell's winners, 0.10 to a Howell's. Scored as Grade E, that file's winners
  would get 0.36; its pairs' places are Compscore's own.
- **Ties** (clause 4.4.6, whose text was not found; this is what Compscore does): the tied
  competitors share the rounded awards of the places they span, the share rounded a half
  up (tied 3rd and 4th of a field awarding three places: (0.11 + 0) / 2 gives 0.06).
- **Individuals**: one winner whose award is set by the tables (four players a table), places
  to the top half of the players (clause 4.2's "all Individual and Duplicate events").
- **Teams**: every member gets the team's award; of a team of 5 or 6, 4/5 or 2/3 of it
  (clause 4.2: "Awards are not given to non-playing captains"). A club teams event is
  awarded as one session whose tables are its teams (two teams a match, at two tables).

The manual's text on a minimum number of tables or boards was not found either: a field
whose top half holds no place (one pair) awards nothing, and says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from tournaments.bridge.federations.awards import Contest, Scale, half_up

GRADE_E_WEIGHT = Fraction(3, 2)
GRADE_B4C_WEIGHT = Fraction(5, 2)
# Beyond these tables the winner's award follows the exponential, not the straight line.
LINEAR_TABLES = {1: 15, 2: 30}
RUNNER_UP = Fraction(7, 10)
TEAM_SHARES = {5: Fraction(4, 5), 6: Fraction(2, 3)}


def winner_units(tables: int, winners: int, weight: Fraction = GRADE_E_WEIGHT) -> int:
    """The winner's award in hundredths (clause 3.1.1): 0.02 W T a Mitchell direction, 0.04 W T a Howell."""
    if tables <= LINEAR_TABLES[winners]:
        return half_up(Fraction(4 if winners == 1 else 2) * weight * tables)
    reach = 16 if winners == 1 else 32
    return half_up(Fraction(float(weight) * (1 - math.exp(-tables / reach)) * 100))


def place_units(winner: int, place: int) -> int:
    """A place's award in hundredths: the winner's, 70% of it second, 1/(k-1) of it k-th."""
    if place == 1:
        return winner
    factor = RUNNER_UP if place == 2 else Fraction(1, place - 1)
    return half_up(winner * factor)


def places_awarded(field_size: int, *, teams: bool) -> int:
    """How far down a field awards reach: its top half (rounded down), a teams field's top third (up)."""
    return -(-field_size // 3) if teams else field_size // 2


class AbfClubScale(Scale):
    """The ABF's club scale of one grade: its weight W and the colour of its points."""

    federation = "abf"

    def __init__(self, *, code: str, name: str, point_type: str, weight: Fraction) -> None:
        self.code, self.name, self.point_type, self.weight = code, name, point_type, weight

    def refusal(self, contest: Contest) -> str:
        return "" if contest.competitors else "No pair or team has played: there is nothing to award."

    def place_units(self, contest: Contest, field_size: int) -> Callable[[int], int]:
        winner = winner_units(contest.tables, contest.winners, self.weight)
        last = places_awarded(field_size, teams=contest.teams)
        return lambda place: place_units(winner, place) if place <= last else 0

    def share(self, total: int, count: int) -> int:
        return half_up(Fraction(total, count))

    def member_share(self, members: int) -> Fraction:
        return TEAM_SHARES.get(members, Fraction(1))


SCALE = AbfClubScale(
    code="abf-club-green",
    name="ABF club scale (Grade E, green masterpoints)",
    point_type="GREEN",
    weight=GRADE_E_WEIGHT,
)
RED_SCALE = AbfClubScale(
    code="abf-club-red",
    name="ABF special club session (Grade B4c, red masterpoints)",
    point_type="RED",
    weight=GRADE_B4C_WEIGHT,
)
