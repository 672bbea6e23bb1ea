"""Whether a Bridgemate section's movement is one ClubScore plays itself.

ClubScore computes its movements from a configuration (``bridge.movements``). When a
file's ``RoundData`` is exactly one of them (the same pairs at the same tables on the
same boards, round by round), the imported session takes that configuration, so the
movement's checks, guide cards and what the public pages show between rounds work as
for a night set up in ClubScore. Any other movement (a scorer's own, with relays or
shared boards ClubScore does not lay out the same way) leaves the session without one:
results are then checked by pair numbers, as for every imported file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tournaments.bridge.formats.bws.values import BwsSection
from tournaments.bridge.movements import Movement, MovementError, howell, mitchell


@dataclass(frozen=True)
class StandardMovement:
    """A movement ClubScore lays out itself: its kind and configuration."""

    kind: str  # "mitchell" or "howell"
    tables: int
    rounds: int
    boards_per_round: int
    even_tables: str = ""  # a Mitchell's: "relay" or "skip"


Seating = frozenset[tuple[int, int, int, int, int, int]]


def standard_movement(section: BwsSection) -> StandardMovement | None:
    """The configuration whose movement is the section's ``RoundData`` exactly, or None."""
    if not section.rounds:
        return None
    seating: Seating = frozenset(
        (row.round, row.table, row.ns, row.ew, row.low_board, row.high_board) for row in section.rounds
    )
    widths = {row.high_board - row.low_board + 1 for row in section.rounds}
    if len(widths) != 1:
        return None
    boards_per_round = widths.pop()
    rounds = max(row.round for row in section.rounds)
    tables = max(row.table for row in section.rounds)
    for candidate in _candidates(section, tables, rounds, boards_per_round):
        movement = _laid_out(candidate)
        if movement is not None and _seating(movement) == seating:
            return candidate
    return None


def _candidates(
    section: BwsSection, tables: int, rounds: int, boards_per_round: int
) -> Iterator[StandardMovement]:
    if section.is_mitchell:
        for even in ("relay", "skip"):
            yield StandardMovement("mitchell", tables, rounds, boards_per_round, even)
    else:
        yield StandardMovement("howell", tables, rounds, boards_per_round)


def _laid_out(candidate: StandardMovement) -> Movement | None:
    try:
        if candidate.kind == "mitchell":
            return mitchell(
                candidate.tables, candidate.rounds, candidate.boards_per_round, even=candidate.even_tables
            )
        return howell(2 * candidate.tables, candidate.boards_per_round, rounds=candidate.rounds)
    except MovementError:
        return None


def _seating(movement: Movement) -> Seating:
    found = set()
    for encounter in movement.encounters:
        ns, ew = ((pair if isinstance(pair, int) else pair[1]) for pair in (encounter.ns, encounter.ew))
        found.add((encounter.round, encounter.table, ns, ew, min(encounter.boards), max(encounter.boards)))
    return frozenset(found)
