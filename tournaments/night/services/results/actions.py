"""Enter, correct, adjust, assign and delete results: the public ``result_*`` services.

Each reads its board (and a result to change) again under the session's lock, checks
the entry, writes the result and its audit entry, and rescores (``writes``).
"""

from __future__ import annotations

from django.contrib.auth.models import User

from tournaments.core.services.writes import write
from tournaments.night.models import AuditAction, Board, Result
from tournaments.night.services.results.adjusted import apply_adjustment, apply_assigned, assigned_parts
from tournaments.night.services.results.audit import audit, snapshot
from tournaments.night.services.results.checks import check_in_play, check_movement, check_pairs, score_entry
from tournaments.night.services.results.entries import AdjustedEntry, AssignedEntry, ResultEntry
from tournaments.night.services.results.writes import (
    apply_played,
    locked_board,
    locked_result,
    written_and_scored,
)
from tournaments.night.services.scoring.settle import scores_pending, scores_settle_locked


def result_record(
    *,
    board: Board,
    entry: ResultEntry,
    user: User | None = None,
    table: int | None = None,
    settle: bool = True,
    board_locked: bool = False,
    pairs_checked: bool = False,
) -> Result:
    """Score and store a new result; the board's matchpoints and the standings follow.

    ``table`` is the table that entered it from its own page (no user), for the audit log.
    ``settle=False`` leaves the board marked for a later settle (``services.table_entry``,
    whose view has it settled once the sends pause), and ``board_locked`` says the caller
    already holds the session's lock and read ``board`` (with its session) under it.
    ``pairs_checked`` says the caller took the pairs from the movement's seats for this
    board and found that neither has a result on it yet, under that lock.
    """
    if settle:
        return written_and_scored(
            lambda: _record(board, entry, user, table, board_locked, pairs_checked), inserted=True
        )
    # No savepoint inside a caller's transaction: a refusal rolls the caller's back too.
    with write(savepoint=not board_locked):
        result = _record(board, entry, user, table, board_locked, pairs_checked)
        scores_pending(result.board)
    return result


def _record(
    board: Board,
    entry: ResultEntry,
    user: User | None,
    table: int | None,
    board_locked: bool,
    pairs_checked: bool,
) -> Result:
    if not board_locked:
        board = locked_board(board)
    check_in_play(board)
    if not pairs_checked:  # else the movement seated them for this board
        check_pairs(board, entry, editing=None)
        check_movement(board, entry)
    scored = score_entry(board, entry)
    result = Result(board=board)
    apply_played(result, entry, scored, user)
    after = snapshot(result, entry)
    audit(board, AuditAction.CREATE, user, result=result, after=after, table=table)
    return result


def result_adjust(
    *, board: Board, entry: AdjustedEntry, result: Result | None = None, user: User | None = None
) -> Result:
    """Give a table an artificial adjusted score, new or in place of its result (audited).

    A table is its two pairs: when they already have a result on the board and ``result``
    is not given, that result is replaced (issue 24, point 14), as an assigned score does.
    """
    return written_and_scored(lambda: _adjust(board, entry, result, user))


def _table_result(board: Board, entry: AdjustedEntry | AssignedEntry) -> Result | None:
    """The result these two pairs already have on the board (read under the session's lock)."""
    return board.results.filter(ns_pair=entry.ns_pair, ew_pair=entry.ew_pair).first()


def _replacing(
    board: Board, entry: AdjustedEntry | AssignedEntry, result: Result | None
) -> tuple[Board, Result, dict | None]:
    """Lock the board and the table's result an adjusted or assigned score replaces (if any),
    check the pairs, and return the result to fill (a new one if none) with what it was."""
    board = locked_board(board)
    check_in_play(board)
    result = result or _table_result(board, entry)
    if result is None:
        check_pairs(board, entry, editing=None)
        return board, Result(board=board), None
    result = locked_result(result, board)
    before = snapshot(result)
    check_pairs(board, entry, editing=result)
    return board, result, before


def _adjust(board: Board, entry: AdjustedEntry, result: Result | None, user: User | None) -> Result:
    board, result, before = _replacing(board, entry, result)
    apply_adjustment(result, entry, user)
    action = AuditAction.CREATE if before is None else AuditAction.UPDATE
    audit(board, action, user, result=result, before=before, after=snapshot(result))
    return result


def result_assign(
    *, board: Board, entry: AssignedEntry, result: Result | None = None, user: User | None = None
) -> Result:
    """Give a table an assigned (weighted) score, new or in place of its result (audited).

    Each part is scored like a played contract on this board; the weights must add up to
    exactly 100%. The board is matchpointed with each part weighted (``bridge.adjusted``).
    The two pairs' result already on the board, if any, is replaced, as ``result_adjust`` does.
    """
    return written_and_scored(lambda: _assign(board, entry, result, user))


def _assign(board: Board, entry: AssignedEntry, result: Result | None, user: User | None) -> Result:
    board, result, before = _replacing(board, entry, result)
    parts = assigned_parts(board, entry)
    apply_assigned(result, entry, parts, user)
    action = AuditAction.CREATE if before is None else AuditAction.UPDATE
    audit(board, action, user, result=result, before=before, after=snapshot(result))
    return result


def result_correct(*, result: Result, entry: ResultEntry, user: User | None = None) -> Result:
    """Replace a result with a corrected one, keeping what it was in the audit log."""
    return written_and_scored(lambda: _correct(result, entry, user))


def _correct(result: Result, entry: ResultEntry, user: User | None) -> Result:
    board = locked_board(result.board)
    check_in_play(board)
    result = locked_result(result, board)
    before = snapshot(result)
    check_pairs(board, entry, editing=result)
    check_movement(board, entry)
    scored = score_entry(board, entry)
    apply_played(result, entry, scored, user)
    audit(board, AuditAction.UPDATE, user, result=result, before=before, after=snapshot(result, entry))
    return result


def result_delete(*, result: Result, user: User | None = None) -> None:
    """Delete a result entered in error; the audit log keeps what it was."""
    with write():
        board = _delete(result, user)
        scores_settle_locked(board.session, changed=[board.pk], removed=True)


def _delete(result: Result, user: User | None) -> Board:
    board = locked_board(result.board)
    result = locked_result(result, board)
    audit(board, AuditAction.DELETE, user, before=snapshot(result))
    result.delete()
    return board
