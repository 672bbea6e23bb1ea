"""Which movement suits a night of so many pairs, and what to do with an odd one.

The advice a club director gives himself from the bookings, as the common practice of
club movements has it: up to 8 pairs a complete Howell (every pair meets every other,
``movements.howell``), from 9 pairs a Mitchell of half as many tables (``movements.mitchell``;
an even number of tables with the relay and bye stand). Boards per round are chosen so
the night plays about ``TARGET_BOARDS`` boards. An odd number of pairs leaves one pair
without opponents each round: the director may make up the pair himself (or a standby
player), let a pair sit out each round (the Howell's phantom pair, the Mitchell's half
table), or turn the last pair away to the waiting list.

Every advice is a movement the movement builders accept: ``advice_movement`` builds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.bridge.movements import Movement, howell, mitchell

TARGET_BOARDS = 24
HOWELL_MOST_PAIRS = 8
FEWEST_PAIRS = 4


@dataclass(frozen=True)
class MovementAdvice:
    """``kind`` "howell" or "mitchell"; ``tables`` counts a half table; ``sit_out`` for odd pairs."""

    pairs: int
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    sit_out: bool

    @property
    def boards(self) -> int:
        return self.rounds * self.boards_per_round


def movement_advice(pairs: int) -> MovementAdvice | None:
    """The movement for ``pairs`` pairs (a half table or phantom when odd); None below four pairs."""
    if pairs < FEWEST_PAIRS:
        return None
    sit_out = pairs % 2 == 1
    tables = (pairs + 1) // 2
    if pairs <= HOWELL_MOST_PAIRS:
        kind, rounds = "howell", 2 * tables - 1
    else:
        kind, rounds = "mitchell", tables
    return MovementAdvice(
        pairs=pairs,
        kind=kind,
        tables=tables,
        rounds=rounds,
        boards_per_round=max(1, round(TARGET_BOARDS / rounds)),
        sit_out=sit_out,
    )


def advice_movement(advice: MovementAdvice) -> Movement:
    """The movement the advice names, built (the Mitchell's half table as its phantom EW pair)."""
    if advice.kind == "howell":
        return howell(advice.pairs, advice.boards_per_round)
    phantom = ("EW", advice.tables) if advice.sit_out else None
    return mitchell(advice.tables, boards_per_round=advice.boards_per_round, phantom=phantom)
