"""Save a whole traveller (or a table's round) from the desk's grid: every line or none.

Each line goes through the result services a single result does (``result_record``,
``result_correct``, ``result_adjust``), so it is checked, scored and audited the same way;
here they run inside one write on the session (``session_write``), each line in its own
savepoint, so a refused line leaves nothing and hides no other line's refusal, and any
refusal rolls the whole grid back. The new results' boards are settled once at the end,
in the same transaction.

A line that already says what its stored result says writes nothing (a double submit, a
line left alone); otherwise it corrects that result, recorded in the audit log as a
correction like any other, whoever entered it (a phone, the API, the desk). A line whose
stored result changed after the page was read, and which would now change it again, is
not saved: ``TravellerStale`` names every such line with what the page showed and what is
stored now, and the page asks again (docs/decisions.md, "The desk at keyboard speed").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tournaments.core.services.writes import write
from tournaments.night.models import Session
from tournaments.night.selectors.traveller import club_percentages
from tournaments.night.services.locks import session_write
from tournaments.night.services.results import (
    AdjustedEntry,
    NotInMovementError,
    ResultEntry,
    result_adjust,
    result_correct,
    result_record,
)
from tournaments.night.services.results.checks import check_in_play
from tournaments.night.services.scoring.settle import scores_settle
from tournaments.night.services.traveller.lines import (
    GRID,
    LINE,
    Changed,
    DeskLine,
    Plan,
    Problems,
    cells_of,
    changed_lines,
    entry_of,
    grid_problems,
    plans_of,
    stored_results,
    with_session,
)


@dataclass
class Saved:
    created: int = 0
    corrected: int = 0
    unchanged: int = 0


class TravellerRefused(ValidationError):
    """Lines the services or the grid refused; nothing of the grid was saved."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        super().__init__(
            [message for cells in problems.values() for found in cells.values() for message in found]
        )


class TravellerStale(Exception):
    """Lines whose stored result changed after the page was read; nothing was saved."""

    def __init__(self, changed: list[Changed]) -> None:
        self.changed = changed
        super().__init__(f"{len(changed)} line(s) changed meanwhile")


def traveller_save(
    *, session: Session, lines: Sequence[DeskLine], user: User | None = None, out_of_order: bool = False
) -> Saved:
    """Save every line of the grid in one transaction, or none: raise ``TravellerRefused`` naming every
    refused line, or ``TravellerStale`` naming the lines changed since the page was read.

    ``out_of_order`` is the director's word that lines the movement does not give their
    board were played so; only those lines are recorded as out of order.
    """
    problems = grid_problems(lines)
    if problems:
        raise TravellerRefused(problems)
    with session_write(session) as locked:
        percentages = club_percentages(locked.club)
        if lines:
            try:
                check_in_play(with_session(lines[0].board, locked))
            except ValidationError as error:
                raise TravellerRefused({GRID: {LINE: list(error.messages)}}) from None
        plans = plans_of(locked, lines, stored_results(lines))
        saved = Saved(unchanged=sum(plan.same for plan in plans))
        if saved.unchanged == len(plans):
            return saved  # nothing to write: a double submit, or nothing changed
        changed = changed_lines(plans, percentages)
        if changed:
            raise TravellerStale(changed)
        _write([plan for plan in plans if not plan.same], user, out_of_order, saved)
        scores_settle(locked)  # the new results' boards; each correction settled its own
    return saved


def _write(plans: list[Plan], user: User | None, out_of_order: bool, saved: Saved) -> None:
    """Write each line in its own savepoint; lines refused because of a later line are tried again after it.

    A line moving a pair onto a stored result that a later line moves away is refused
    until that line is written, so the refused lines are tried again while any gets in.
    """
    pending = plans
    while True:
        refused: list[tuple[Plan, ValidationError]] = []
        for plan in pending:
            try:
                with write():  # a savepoint: a refused line leaves nothing
                    _write_line(plan, user, out_of_order)
            except ValidationError as error:
                refused.append((plan, error))
            else:
                if plan.result is None:
                    saved.created += 1
                else:
                    saved.corrected += 1
        if not refused:
            return
        if len(refused) == len(pending):
            raise TravellerRefused({plan.line.index: cells_of(error) for plan, error in refused})
        pending = [plan for plan, _error in refused]


def _write_line(plan: Plan, user: User | None, out_of_order: bool) -> None:
    line = plan.line
    entry = entry_of(line)
    if isinstance(entry, AdjustedEntry):
        result_adjust(board=line.board, entry=entry, result=plan.result, user=user)
        return
    try:
        _write_played(plan, entry, user)  # refused, it leaves nothing: each service writes in a savepoint
    except NotInMovementError:
        if not out_of_order:
            raise
        _write_played(plan, entry_of(line, out_of_order=True), user)  # type: ignore[arg-type]


def _write_played(plan: Plan, entry: ResultEntry, user: User | None) -> None:
    if plan.result is None:
        result_record(board=plan.line.board, entry=entry, user=user, settle=False)
    else:
        result_correct(result=plan.result, entry=entry, user=user)
