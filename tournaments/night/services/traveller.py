"""Save a whole traveller (or a table's round) from the desk's grid: every line or none.

Each line goes through the result services a single result does (``result_record``,
``result_correct``, ``result_adjust``), so it is checked, scored and audited the same way;
here they run inside one write on the session (``session_write``), each line in its own
savepoint, so a refused line leaves nothing and hides no other line's refusal, and any
refusal rolls the whole grid back. The boards are settled once at the end, in the same
transaction.

What a line does with the result stored for its pairs (the one the page showed, by id, or
one stored for the same two pairs since): nothing when it already says the same (a double
submit, or a line the director left alone); otherwise it corrects it, recorded in the audit
log as a correction like any other, whoever entered it (a phone, the API, the desk). A line
whose stored result changed after the page was read, and which would now change it again,
is not saved: ``TravellerStale`` names every such line with what the page showed and what
is stored now, and the page asks again (docs/decisions.md, "The desk at keyboard speed").

``traveller_check`` is the same judgement without the write, for the page's live check: the
grid's own problems (a pair twice), the movement, the contract and its score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.adjusted import AdjustmentPercentages, Artificial
from tournaments.bridge.notation import Outcome, Played, outcome_text
from tournaments.core.services.writes import write
from tournaments.night.models import Board, Pair, Result, Session
from tournaments.night.selectors.traveller import club_percentages, result_stamp
from tournaments.night.services.locks import session_write
from tournaments.night.services.results import (
    AdjustedEntry,
    NotInMovementError,
    ResultEntry,
    result_adjust,
    result_correct,
    result_record,
)
from tournaments.night.services.results.checks import check_in_play, check_movement, score_entry
from tournaments.night.services.scoring.settle import scores_settle

# Where a problem is shown: a line's cell, the whole line, or the whole grid (``GRID``).
CELLS = ("ns", "ew", "contract", "lead")
LINE = "line"
GRID = -1
# The services' fields, by the grid's cell that shows them.
_CELL_OF_FIELD = {
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
    def number(self) -> int:
        """The line as the page numbers it, from 1."""
        return self.index + 1

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


@dataclass
class Saved:
    created: int = 0
    corrected: int = 0
    unchanged: int = 0


@dataclass(frozen=True)
class Checked:
    """The live check of a line: its problems by cell, and North-South's score when it has one."""

    problems: dict[str, list[str]] = field(default_factory=dict)
    ns_score: int | None = None


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


def _add(problems: Problems, index: int, cell: str, message: str) -> None:
    found = problems.setdefault(index, {}).setdefault(cell, [])
    if message not in found:
        found.append(message)


def grid_problems(lines: Sequence[DeskLine]) -> Problems:
    """What the grid says against itself: a pair on two lines of one board, a pair against itself."""
    problems: Problems = {}
    first: dict[tuple[int, int], int] = {}  # (board, pair) -> the line it is first on
    for line in lines:
        if line.ns_pair is not None and line.ew_pair is not None and line.ns_pair.pk == line.ew_pair.pk:
            _add(
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
                _add(
                    problems,
                    line.index,
                    cell,
                    message % {"pair": pair.label, "line": earlier + 1, "board": line.board.number},
                )
    return problems


def _entry(line: DeskLine, out_of_order: bool = False) -> ResultEntry | AdjustedEntry:
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


def _cells(error: ValidationError) -> dict[str, list[str]]:
    """A service's refusal by the grid's cell (a movement's refusal is the whole line's)."""
    if isinstance(error, NotInMovementError) or not hasattr(error, "error_dict"):
        return {LINE: list(error.messages)}
    cells: dict[str, list[str]] = {}
    for name, messages in error.message_dict.items():
        cells.setdefault(_CELL_OF_FIELD.get(name, LINE), []).extend(messages)
    return cells


# --- What each line does with the result stored for its pairs ------------------------------------


@dataclass(frozen=True)
class _Plan:
    line: DeskLine
    result: Result | None  # the stored result the line writes over, if any
    same: bool  # it already says what the line says


def _stored(lines: Iterable[DeskLine]) -> list[Result]:
    boards = {line.board.pk for line in lines}
    return list(Result.objects.filter(board__in=boards).select_related("board", "ns_pair", "ew_pair"))


def _plans(session: Session, lines: Sequence[DeskLine], stored: list[Result]) -> list[_Plan]:
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
        plans.append(_Plan(line, result, same))
    return plans


def _line_stamp(line: DeskLine, result: Result, percentages: AdjustmentPercentages) -> str:
    """The stamp ``result`` will have once the line is saved over it (``result_stamp``'s form)."""
    assert line.ns_pair is not None and line.ew_pair is not None and line.outcome is not None
    shown = outcome_text(line.outcome, percentages)
    return f"{result.pk}|{line.ns_pair.label}|{line.ew_pair.label}|{shown}|{line.lead}"


def _shown(stamp: str) -> str:
    """The outcome a stamp holds, for a director to read (``4SN+1``), or a dash for nothing stored."""
    parts = stamp.split("|")
    return parts[3] if len(parts) == 5 else "-"


def _changed(plans: list[_Plan], percentages: AdjustmentPercentages) -> list[Changed]:
    """The lines that would write over a stored result the page did not show as it is now."""
    changed = []
    for plan in plans:
        now = result_stamp(plan.result, percentages)
        if now != plan.line.was and not plan.same:
            changed.append(Changed(plan.line.index, _shown(plan.line.was), _shown(now), now))
    return changed


# --- The save -------------------------------------------------------------------------------------


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
                check_in_play(_with_session(lines[0].board, locked))
            except ValidationError as error:
                raise TravellerRefused({GRID: {LINE: list(error.messages)}}) from None
        plans = _plans(locked, lines, _stored(lines))
        saved = Saved(unchanged=sum(plan.same for plan in plans))
        if saved.unchanged == len(plans):
            return saved  # nothing to write: a double submit, or nothing changed
        changed = _changed(plans, percentages)
        if changed:
            raise TravellerStale(changed)
        _write(locked, [plan for plan in plans if not plan.same], user, out_of_order, saved)
        scores_settle(locked)  # the new results' boards; each correction settled its own
    return saved


def _with_session(board: Board, session: Session) -> Board:
    """``board`` with the session read under the lock (its state is what the checks read)."""
    board.session = session
    return board


def _write(session: Session, plans: list[_Plan], user: User | None, out_of_order: bool, saved: Saved) -> None:
    """Write each line in its own savepoint; lines refused because of a later line are tried again after it.

    A line moving a pair onto a stored result that a later line moves away is refused
    until that line is written, so the refused lines are tried again while any gets in.
    """
    pending = plans
    while True:
        refused: list[tuple[_Plan, ValidationError]] = []
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
            raise TravellerRefused({plan.line.index: _cells(error) for plan, error in refused})
        pending = [plan for plan, _error in refused]


def _write_line(plan: _Plan, user: User | None, out_of_order: bool) -> None:
    line = plan.line
    entry = _entry(line)
    if isinstance(entry, AdjustedEntry):
        result_adjust(board=line.board, entry=entry, result=plan.result, user=user)
        return
    try:
        _write_played(plan, entry, user)  # refused, it leaves nothing: each service writes in a savepoint
    except NotInMovementError:
        if not out_of_order:
            raise
        _write_played(plan, _entry(line, out_of_order=True), user)  # type: ignore[arg-type]


def _write_played(plan: _Plan, entry: ResultEntry, user: User | None) -> None:
    if plan.result is None:
        result_record(board=plan.line.board, entry=entry, user=user, settle=False)
    else:
        result_correct(result=plan.result, entry=entry, user=user)


# --- The live check -------------------------------------------------------------------------------


def traveller_check(
    *, session: Session, lines: Sequence[DeskLine], out_of_order: bool = False
) -> dict[int, Checked]:
    """Judge the grid as the save would, without writing: each line's problems and North-South's score.

    It reads only: the movement, the results stored on the boards, the contract and its
    score. A stored result another line of the grid writes over is that line's; a pair
    clashes only with a stored result no line writes over (the grid checks itself).
    """
    problems = grid_problems(lines)
    stored = _stored(lines)
    plans = _plans(session, [line for line in lines if line.complete], stored)
    rewritten = {plan.result.pk for plan in plans if plan.result is not None}
    others = [result for result in stored if result.pk not in rewritten]
    scores = {
        plan.line.index: _check_line(session, plan.line, others, problems, out_of_order) for plan in plans
    }
    return {line.index: Checked(problems.get(line.index, {}), scores.get(line.index)) for line in lines}


def _check_line(
    session: Session, line: DeskLine, others: list[Result], problems: Problems, out_of_order: bool
) -> int | None:
    """Add the line's problems with the stored results and the movement; return its NS score, if any."""
    board = _with_session(line.board, session)
    for result in others:
        for cell, pair in (("ns", line.ns_pair), ("ew", line.ew_pair)):
            if (
                result.board_id == board.pk
                and pair is not None
                and pair.pk in (result.ns_pair_id, result.ew_pair_id)
            ):
                message = _("Pair %(pair)s already has a result on board %(board)d (%(result)s).")
                shown = {"pair": pair.label, "board": board.number, "result": result.display}
                _add(problems, line.index, cell, message % shown)
    entry = _entry(line)
    if isinstance(entry, AdjustedEntry):
        return None
    score = None
    try:
        score = score_entry(board, entry).ns_score
        if not out_of_order:
            check_movement(board, entry)
    except ValidationError as error:
        for cell, messages in _cells(error).items():
            for message in messages:
                _add(problems, line.index, cell, message)
    return score
