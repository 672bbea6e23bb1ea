"""Rescore boards: their results' figures worked out again and the changed ones written in one go.

The figures come from ``tournaments.night.figures``; this module reads the boards'
results (``live.sql.rows.board_results``), finds the session's full board for Neuberg, and
writes. Decisions (issue 11, also in docs/decisions.md):

- **The full board** is the session's board with the most results (a Mitchell's boards
  are all played NS v EW, so one count serves both directions). While results come in
  it grows (and shrinks when a result is deleted): the settle rescores every board
  short of it when it moves (``services.scoring.settle``). A session imported from a
  legacy score file keeps the legacy rule (each board over its own results, ``full``
  None), so the site agrees with the simpscore report.
- **Average-plus follows the pairs' other boards** (Law 12C2): every board holding one
  is rescored whenever the standings are (``average_plus_rescore``), since any result
  can move it; the board itself never counts, so there is no circularity.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Q

from tournaments.bridge import adjusted
from tournaments.db.sql import update_rows
from tournaments.night.figures import board_scored, holds_average_plus, played_percentages, section_view
from tournaments.night.live.sql.rows import RESULT_FIGURES, ScoredResult, board_results
from tournaments.night.models import Adjustment, Board, Result, ScoringMethod, Session


def session_full_board(session: Session) -> int | None:
    """Return the number of results on the session's fullest board (None: legacy rule, no Neuberg)."""
    if session.source_sha256:
        return None
    counts = result_counts(session)
    return max(counts.values(), default=0)


def result_counts(session: Session) -> dict[int, int]:
    """Board id -> number of results, for every board of the session holding one (an empty one is left out).

    Grouped over the results alone (no ordering, no join of boards and sessions), as it
    runs on every result entered.
    """
    counts = (
        Result.objects.filter(board__session=session)
        .order_by()
        .values_list("board_id")
        .annotate(count=Count("pk"))
    )
    return dict(counts)


def board_recalculate(
    board: Board, *, full: int | None | bool = True, played: dict[int, float] | None = None
) -> None:
    """Rewrite the matchpoints, percentages and (in IMP pairs) IMPs of every result on ``board``.

    ``full`` is the session's full board count (``True``: look it up; ``None``: no Neuberg
    beyond the board's own count). ``played`` maps pair id -> percentage over the pair's
    boards without an artificial score, for Average-plus (looked up when needed if None).
    """
    session = board.session
    if full is True:
        full = session_full_board(session)
    boards_rescore(session, board_results([board.pk]), full=full, played=played)


def boards_rescore(
    session: Session,
    by_board: dict[int, list[ScoredResult]],
    *,
    full: int | None,
    played: dict[int, float] | None,
) -> None:
    """Rescore each board's results (read by ``board_results``) and write the changed ones in one go.

    Entering a result can rescale every short board of the session (Neuberg), so the
    boards are not read and written one by one.
    """
    if played is None and any(holds_average_plus(results) for results in by_board.values()):
        played = played_percentages(session)
    percentages: list[adjusted.AdjustmentPercentages] = []  # the club's, read once when needed
    datums = stored_datums(session, by_board)
    sections = section_view(session)
    changed: list[ScoredResult] = []
    for board_id, results in by_board.items():
        changed += board_scored(
            session,
            results,
            full=full,
            played=played or {},
            percentages=percentages,
            datum=datums.get(board_id),
            sections=sections,
        )
    update_rows(Result, changed, RESULT_FIGURES)


def stored_datums(session: Session, boards: Iterable[int]) -> dict[int, int]:
    """Board id -> the Butler datum an imported file gave it, for a Butler session's boards that keep one."""
    if session.scoring != ScoringMethod.BUTLER:
        return {}
    kept = Board.objects.filter(pk__in=list(boards), butler_datum__isnull=False)
    return {pk: datum for pk, datum in kept.values_list("pk", "butler_datum") if datum is not None}


def average_plus_rescore(session: Session) -> None:
    """Rescore every board holding an Average-plus from the pairs' current played percentages."""
    boards = list(_average_plus_boards(session))
    if not boards:
        return
    full = session_full_board(session)
    played = played_percentages(session)
    boards_rescore(session, board_results(boards), full=full, played=played)


def _average_plus_boards(session: Session) -> Iterable[int]:
    plus = Adjustment.AVERAGE_PLUS
    return (
        Result.objects.filter(board__session=session)
        .filter(Q(ns_adjustment=plus) | Q(ew_adjustment=plus))
        .order_by()
        .values_list("board_id", flat=True)
        .distinct()
    )
