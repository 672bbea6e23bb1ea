"""The grid's lines as the services take them, and what a line does with the result stored for its pairs.

A line is matched to the stored result the page showed (by its id, kept in the line's
``was``), else to one stored for the same two pairs since; ``Plan.same`` says the line
already says what that result says (a double submit, a line left alone), so it writes
nothing. ``changed`` finds the lines whose stored result is no longer what the page showed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.adjusted import AdjustmentPercentages, Artificial
from tournaments.bridge.notation import Outcome, Played, outcome_text
from tournaments.night.models import Board, Pair, Result, Session
from tournaments.night.selectors.traveller import club_percentages, result_stamp, stamp, stamp_shown
from tournaments.night.services.results import AdjustedEntry, NotInMovementError, ResultEntry

# Where a problem is shown: a line's cell, the whole line, or the whole grid (``GRID``).
CELLS = ("ns", "ew", "contract", "lead")
LINE = "line"  # a problem of the whole line (the movement, the board)
GRID = -1
# The services' fields, by the grid's cell that shows them.
CELL_OF_FIELD = {
    "ns_pair": "ns",
    "ew_pair": "ew",
    "contract": "contract",
    "declarer": "contract",
    "result": "contract",
    "lead": "lead",
}

Problems = dict[int, dict[str, list[str]]]  # line index (GRID: the grid) -> cell -> messages


@dataclass(frozen=True)
class DeskLine:
    """One line of the grid as the form read it: a part it could not read is None (the form says why)."""

    index: int  # the line on the page, from 0
    board: Board
    ns_pair: Pair | None
    ew_pair: Pair | None
    outcome: Outcome | None
    lead: str = ""
    was: str = ""  # the stored result as the page showed it (``selectors.traveller.result_stamp``)

    @property
    def complete(self) -> bool:
        return self.ns_pair is not None and self.ew_pair is not None and self.outcome is not None

    @property
    def was_id(self) -> int | None:
        head = self.was.split("|", 1)[0]
        return int(head) if head.isascii() and head.isdigit() and len(head) <= 18 else None


@dataclass(frozen=True)
class Changed:
    """A line whose stored result changed after the page was read: what it showed, what is stored now."""

    index: int
    shown: str
    now: str
    stamp: str  # the stored result's stamp now, for the page to ask again with


def add_problem(problems: Problems, index: int, cell: str, message: str) -> None:
    found = problems.setdefault(index, {}).setdefault(cell, [])
    if message not in found:
        found.append(message)


def grid_problems(lines: Sequence[DeskLine]) -> Problems:
    """What the grid says against itself: a pair on two lines of one board, a pair against itself."""
    problems: Problems = {}
    first: dict[tuple[int, int], int] = {}  # (board, pair) -> the line it is first on
    for line in lines:
        if line.ns_pair is not None and line.ew_pair is not None and line.ns_pair.pk == line.ew_pair.pk:
            add_problem(
                problems,
                line.index,
                "ew",
                _("Pair %(pair)s cannot play against itself.") % {"pair": line.ew_pair.label},
            )
            continue
        for cell, pair in (("ns", line.ns_pair), ("ew", line.ew_pair)):
            if pair is None:
                continue
            earlier = first.setdefault((line.board.pk, pair.pk), line.index)
            if earlier != line.index:
                message = _("Pair %(pair)s is also on line %(line)d of board %(board)d.")
                add_problem(
                    problems,
                    line.index,
                    cell,
                    message % {"pair": pair.label, "line": earlier + 1, "board": line.board.number},
                )
    return problems


def entry_of(line: DeskLine, out_of_order: bool = False) -> ResultEntry | AdjustedEntry:
    assert line.ns_pair is not None and line.ew_pair is not None and line.outcome is not None  # complete
    outcome = line.outcome
    if isinstance(outcome, Artificial):
        return AdjustedEntry(line.ns_pair, line.ew_pair, outcome.ns, outcome.ew)
    if isinstance(outcome, Played):
        contract, declarer, result = str(outcome.contract), outcome.declarer.value, str(outcome.tricks)
        return ResultEntry(
            line.ns_pair, line.ew_pair, contract, declarer, result, line.lead, out_of_order=out_of_order
        )
    return ResultEntry(line.ns_pair, line.ew_pair, "Pass", lead=line.lead, out_of_order=out_of_order)


def cells_of(error: ValidationError) -> dict[str, list[str]]:
    """A service's refusal by the grid's cell (a movement's refusal is the whole line's)."""
    if isinstance(error, NotInMovementError) or not hasattr(error, "error_dict"):
        return {LINE: list(error.messages)}
    cells: dict[str, list[str]] = {}
    for name, messages in error.message_dict.items():
        cells.setdefault(CELL_OF_FIELD.get(name, LINE), []).extend(messages)
    return cells


@dataclass(frozen=True)
class Plan:
    line: DeskLine
    result: Result | None  # the stored result the line writes over, if any
    same: bool  # it already says what the line says


def stored_results(lines: Iterable[DeskLine]) -> list[Result]:
    boards = {line.board.pk for line in lines}
    return list(Result.objects.filter(board__in=boards).select_related("board", "ns_pair", "ew_pair"))


def plans_of(session: Session, lines: Sequence[DeskLine], stored: list[Result]) -> list[Plan]:
    """Find each line's stored result (the page's, by id; else one stored for its two pairs since)."""
    percentages = club_percentages(session.club)
    by_id = {result.pk: result for result in stored}
    claimed = {line.was_id for line in lines if line.was_id is not None}
    plans = []
    for line in lines:
        if line.was_id is not None:
            result = by_id.get(line.was_id)
            result = result if result is not None and result.board_id == line.board.pk else None
        else:
            result = next(
                (
                    found
                    for found in stored
                    if found.board_id == line.board.pk
                    and (found.ns_pair_id, found.ew_pair_id) == (line.ns_pair.pk, line.ew_pair.pk)  # type: ignore[union-attr]
                    and found.pk not in claimed
                ),
                None,
            )
        same = result is not None and result_stamp(result, percentages) == _line_stamp(
            line, result, percentages
        )
        plans.append(Plan(line, result, same))
    return plans


def _line_stamp(line: DeskLine, result: Result, percentages: AdjustmentPercentages) -> str:
    """The stamp ``result`` will have once the line is saved over it."""
    assert line.ns_pair is not None and line.ew_pair is not None and line.outcome is not None
    shown = outcome_text(line.outcome, percentages)
    return stamp(result.pk, line.ns_pair.label, line.ew_pair.label, shown, line.lead)


def changed_lines(plans: list[Plan], percentages: AdjustmentPercentages) -> list[Changed]:
    """The lines that would write over a stored result the page did not show as it is now."""
    changed = []
    for plan in plans:
        now = result_stamp(plan.result, percentages)
        if now != plan.line.was and not plan.same:
            changed.append(Changed(plan.line.index, stamp_shown(plan.line.was), stamp_shown(now), now))
    return changed


def with_session(board: Board, session: Session) -> Board:
    """``board`` with ``session`` as its session (read under the lock, or the page's): the checks read it."""
    board.session = session
    return board
