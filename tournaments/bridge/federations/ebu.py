"""The EBU's club scale: local (black) master points for a club pairs session.

From the EBU Licensing and Master Points Handbook, as EBU directors quote it and an
independent scorer (Salliere, Matthew Johnson's Debian scorer) implements it; the
handbook itself was not found whole, so each rule says where it comes from:

- **Minimum** (handbook 3.1.1): "No Master Points will be awarded for an event unless the
  original entry was at least ... 3 complete tables in a single-winner pairs event (i.e.
  Howell type) ... 3 complete teams in a team event ... 5 complete tables in a two-winner
  pairs event (i.e. Mitchell type)"; and no award for fewer than 12 boards (Salliere).
  Tables are complete tables: a half table is left out (the EBU's directors: "The
  regulations are based on number of FULL tables rather than number of pairs").
- **How many awards**: a quarter of the competitors for fewer than 18 boards, a third
  for 18 to 35, a half for 36 or more, rounded up; a two-winner field's competitors are
  its complete tables, a single-winner field's twice them (the handbook's tables: 13
  awards at 25-26 tables a quarter, 19 tables a third, 13 tables a half).
- **The awards**: the top award is 6 master points an award at club level (so the
  number of awards times 6), going down 6 a place to 6 for the last; no award above the
  limit for the boards played (75 under 18 boards, 100 to 35, 300 beyond); none below
  the minimum of 6 ("an over-riding minimum of 6 points for any club award").
- **Individuals** are awarded by the same rules as a single-winner pairs event, each player a
  competitor: 3 complete tables (12 players), and the part of the players by the boards.
- **Ties**: the tied competitors share the awards of the places they span, the share
  rounded up to a whole master point ("fractions are always rounded up"), and never
  below 6.

Master points are whole numbers, 100 to a local point, as USEBIO's
``MASTER_POINTS_AWARDED`` carries them. The EBU's teams scale is not in ClubScore: a teams
event earns nothing, and says so.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from math import ceil

from tournaments.bridge.federations.awards import Contest, Scale

RATE = 6  # master points an award is worth at club level, and the step between places
MINIMUM_AWARD = 6
MINIMUM_BOARDS = 12
MINIMUM_FULL_TABLES = {1: 3, 2: 5}


def awarded_fraction(boards: int) -> Fraction:
    """The part of the competitors who get an award, by the boards played."""
    if boards < 18:
        return Fraction(1, 4)
    return Fraction(1, 3) if boards < 36 else Fraction(1, 2)


def top_limit(boards: int) -> int:
    """The highest club award for the boards played."""
    if boards < 18:
        return 75
    return 100 if boards < 36 else 300


def awards_count(contest: Contest) -> int:
    """How many places of a field get an award: a part of its competitors, counted by full tables
    (a Mitchell direction one a table, a Howell's pairs two, an individual's players four)."""
    competitors = contest.full_tables * (1 if contest.winners == 2 else contest.competitors_a_table)
    return ceil(competitors * awarded_fraction(contest.boards))


class EbuClubScale(Scale):
    federation = "ebu"
    code = "ebu-club-local"
    name = "EBU club scale (local master points)"
    point_type = "BLACK"
    unit = Decimal(1)

    def refusal(self, contest: Contest) -> str:
        if contest.teams:
            return "ClubScore does not have the EBU's teams scale: this event awards no master points."
        if contest.boards < MINIMUM_BOARDS:
            return (
                f"The EBU awards master points for {MINIMUM_BOARDS} boards or more; "
                f"this session played {contest.boards}."
            )
        needed = MINIMUM_FULL_TABLES[contest.winners]
        if contest.full_tables < needed:
            kind = "two-winner (Mitchell) pairs" if contest.winners == 2 else "single-winner (Howell) pairs"
            if contest.individual:
                kind = "single-winner individual"
            return (
                f"The EBU awards master points in a {kind} event of {needed} complete tables "
                f"or more; this session had {contest.full_tables}."
            )
        return ""

    def place_units(self, contest: Contest, field_size: int) -> Callable[[int], int]:
        count = awards_count(contest)
        limit = top_limit(contest.boards)
        top = count * RATE
        return lambda place: min(limit, top - RATE * (place - 1)) if place <= count else 0

    def share(self, total: int, count: int) -> int:
        units = ceil(Fraction(total, count))
        return max(units, MINIMUM_AWARD) if units > 0 else 0


SCALE = EbuClubScale()
