"""The director's live grid: tables by rounds, how many results are in, who is late, who called."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from statistics import median_low

from tournaments.bridge import movements as rules
from tournaments.bridge.movement_sections import same_section, section_rounds
from tournaments.night.models import DirectorCall, Result, Session
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.movements import PairKey, pair_key


@dataclass(frozen=True)
class GridCell:
    round: int
    boards: int
    entered: int
    sits_out: bool
    # False for a round the table's section does not have (a smaller section's tables play
    # fewer rounds than the longest): an empty cell, so every row has a cell each round.
    plays: bool = True

    @property
    def status(self) -> str:
        if not self.plays:
            return "none"
        if self.sits_out:
            return "sitout"
        if self.entered >= self.boards:
            return "done"
        return "partial" if self.entered else "todo"


@dataclass(frozen=True)
class GridRow:
    table: int
    cells: list[GridCell]
    current_round: int | None
    late: bool
    call: DirectorCall | None


@dataclass(frozen=True)
class TableGrid:
    rounds: list[int]
    rows: list[GridRow]
    calls: list[DirectorCall]
    stamp: str


def session_table_grid(session: Session) -> TableGrid | None:
    """Tables by rounds: how many results are in, which table is late, which called the director.

    A table is late when it is behind the room's pace (``_pace_round``). Four queries.
    """
    movement = movement_selectors.session_movement(session)
    if movement is None:
        return None
    pairs = list(session.pairs.all())
    seated = {pair_key(pair) for pair in pairs}
    entered = _entered_keys(session)
    calls = list(DirectorCall.objects.filter(session=session, answered_at__isnull=True).order_by("at", "pk"))
    call_by_table: dict[int, DirectorCall] = {}
    for call in calls:
        call_by_table.setdefault(call.table, call)
    cells_by_table = {
        table: _grid_cells(session, movement, table, seated, entered) for table in movement.table_numbers
    }
    current = {
        table: next((cell.round for cell in cells if cell.status not in ("done", "sitout", "none")), None)
        for table, cells in cells_by_table.items()
    }
    pace = _section_paces(movement, current)
    rows = [
        GridRow(
            table,
            cells,
            current[table],
            _behind(current[table], pace[table]),
            call_by_table.get(table),
        )
        for table, cells in cells_by_table.items()
    ]
    stamp = _grid_stamp(rows, calls)
    return TableGrid(list(range(1, movement.rounds + 1)), rows, calls, stamp)


def _section_paces(movement: rules.Movement, current: dict[int, int | None]) -> dict[int, int]:
    """Each table's room pace (``_pace_round``): its section's, a section of fewer rounds
    being on its own clock; a session of one section is one room."""
    paces = {}
    for table in current:
        room = [other for other in current if same_section(movement, table, other)]
        paces[table] = _pace_round((current[other] for other in room), section_rounds(movement, table))
    return paces


def _behind(round_: int | None, pace: int) -> bool:
    """Whether a table still playing is in a round before the room's; a finished one is not."""
    return round_ is not None and round_ < pace


def _pace_round(current_rounds: Iterable[int | None], rounds: int) -> int:
    """Return the round the room has reached: the median table's (the lower of two middles).

    A table behind it is late (issue 24, point 13). Behind the fastest table would flag
    every other table as soon as one finished a round; behind the median, a table is late
    only once most of the room has moved on without it. A finished table counts as in
    round ``rounds + 1``.
    """
    return median_low([round_ or rounds + 1 for round_ in current_rounds] or [0])


def _grid_cells(
    session: Session, movement: rules.Movement, table: int, seated: set[PairKey], entered: set[tuple]
) -> list[GridCell]:
    """One table's rounds: boards, results in, and whether a side sits out."""
    cells = []
    for encounter in sorted((e for e in movement.encounters if e.table == table), key=lambda e: e.round):
        ns, ew = movement_selectors.encounter_keys(session.movement, encounter)
        count = sum((number, ns, ew) in entered for number in encounter.boards)
        cells.append(
            GridCell(encounter.round, len(encounter.boards), count, ns not in seated or ew not in seated)
        )
    played = {cell.round for cell in cells}
    cells += [GridCell(r, 0, 0, False, plays=False) for r in range(1, movement.rounds + 1) if r not in played]
    return sorted(cells, key=lambda cell: cell.round)


def _entered_keys(session: Session) -> set[tuple]:
    rows = Result.objects.filter(board__session=session).values_list(
        "board__number", "ns_pair__direction", "ns_pair__number", "ew_pair__direction", "ew_pair__number"
    )
    return {(number, (nsd, nsn), (ewd, ewn)) for number, nsd, nsn, ewd, ewn in rows}


def _grid_stamp(rows: list[GridRow], calls: list[DirectorCall]) -> str:
    text = repr([(row.table, [(c.entered, c.status) for c in row.cells], row.late) for row in rows])
    text += repr([(call.pk, call.table) for call in calls])
    return hashlib.sha256(text.encode()).hexdigest()[:16]
