"""Settle the marked boards: rescore the boards that new results marked, then the standings.

Entering a result marks its board (``scores_pending``); a director's entry settles in
the same transaction (``services.results``), a table's entry once the tables' sends
pause (``services.settle_soon``). Decision (issue 11, also in docs/decisions.md): when a
change moves Neuberg's full count (the result count of the session's fullest board),
every board with fewer results than the larger of the old and new full counts is
rescored in the same transaction, since its scaling moved; otherwise only the changed
boards are. The count each session was last scored with is kept
(``Session.scored_full_count``).
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.core.services.writes import write
from tournaments.night import hooks, live
from tournaments.night.figures import holds_average_plus
from tournaments.night.live.sql.rows import ScoredResult, board_results
from tournaments.night.live.sql.scoring import board_mark, marked_boards
from tournaments.night.models import Board, ScoringMethod, Session
from tournaments.night.services.locks import session_locked
from tournaments.night.services.scoring.board import boards_rescore, result_counts
from tournaments.night.services.scoring.standings import session_recalculate_standings
from tournaments.night.services.scoring.totals import stored_figures, totals_moves


def scores_pending(board: Board) -> None:
    """Mark ``board`` for the next ``scores_settle``, in the transaction that added a result to it.

    Only for a new result: the settle moves the standings by the marked boards' new
    results (``totals_moves``); a correction or deletion settles in its own transaction.
    Only a board not marked yet is written (``live.sql.scoring.board_mark``).
    """
    board_mark(board.pk)


@write()
def scores_settle(session: Session) -> bool:
    """Rescore the boards marked since the last settle, then the standings; False if none was marked.

    Entering a result marks its board; a director's entry settles in the same
    transaction (``services.results``), a table's entry once its answer is sent
    (``services.table_entry``). When many tables send at once, their entries queue on
    the session's lock; the first settle that gets it rescores every board marked by
    then and the standings once, and the settles queued behind it find nothing left to
    do. So a burst of N entries costs N short writes and a few rescorings, not N full
    ones, and the standings afterwards are those of all the stored results.

    Neuberg's full top is the result count of the fullest board: when it differs from the
    count the session was last scored with, every board short of the larger of the two
    is rescored too, since its scaling moved (see the module's docstring).
    """
    # A board is marked only by a new result (``result_record(settle=False)``).
    return bool(scores_settle_locked(session_locked(session), inserted=True))


def scores_settle_locked(
    session: Session,
    *,
    changed: Iterable[int] = (),
    removed: bool = False,
    inserted: bool = False,
    keep_datums: bool = False,
) -> dict[int, ScoredResult]:
    """``scores_settle`` for a caller that holds the session's lock, with the boards it ``changed``;
    return the rescored results by id, with their fresh figures (empty if nothing was to do).

    ``session`` must have been read under the lock (its ``scored_full_count`` is used).
    ``removed`` says a result was deleted, so the fullest board may have shrunk: every
    board's count is read again. Otherwise counts only grow, and the rescored boards'
    own counts tell whether the full top moved (one query less on every entry).
    ``inserted`` says the caller's change was only new results (as a table's entries,
    which mark their boards, always are): the standings can then be moved by what the
    rescored boards' figures moved (``totals_moves``) instead of summed over the session.
    A Butler datum an imported file gave a board is dropped when its results change, so
    ClubScore's own datum applies (docs/decisions.md); ``keep_datums`` only for the
    import that stored it.
    """
    marked = marked_boards(session.pk)
    boards = set(marked) | set(changed)
    if not boards:
        return {}
    live.session_settled(session.pk)  # the pages' stamps (night.live), whoever locked the session
    if session.scoring == ScoringMethod.BUTLER and not keep_datums:
        Board.objects.filter(pk__in=boards, butler_datum__isnull=False).update(butler_datum=None)
    by_board = board_results(boards)
    full = None if session.source_sha256 else _full_count(session, by_board, removed=removed)
    movable = inserted and not removed and not session.source_sha256
    before = stored_figures(by_board) if movable else {}
    boards_rescore(session, by_board, full=full, played=None)
    if marked:
        Board.objects.filter(pk__in=marked).update(needs_scoring=False)
    session_recalculate_standings(session, moves=totals_moves(before, by_board) if movable else None)
    plus = [board for board, results in by_board.items() if holds_average_plus(results)]
    if plus:  # the standings rescored these again: an Average-plus follows the pairs' other boards
        by_board.update(board_results(plus))
    hooks.session_settled(session)  # a teams round's matches follow their boards (teams.hooks)
    return {result.pk: result for results in by_board.values() for result in results}


def _full_count(session: Session, by_board: dict[int, list[ScoredResult]], *, removed: bool) -> int:
    """The session's full board count; when it moved, add its short boards to ``by_board`` and keep it."""
    before = session.scored_full_count
    counts = None
    if removed or before is None:
        counts = result_counts(session)
        full = max(counts.values(), default=0)
    else:
        full = max(before, *(len(results) for results in by_board.values()))
    if full != before:
        counts = counts if counts is not None else result_counts(session)
        top = max(full, before or 0)
        short = {pk for pk, count in counts.items() if count < top} - by_board.keys()
        by_board.update(board_results(short))
        Session.objects.filter(pk=session.pk).update(scored_full_count=full)
        session.scored_full_count = full
    return full
