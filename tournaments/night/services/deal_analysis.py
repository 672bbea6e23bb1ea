"""Work out the boards' double-dummy analyses after the request that dealt them (issue 24, 47).

DDS takes 0.1-0.25 s of CPU a deal, so a 200-board PBN file without its tricks held a
worker for 20-50 s inside the upload. Dealing and the PBN import store the deals at once
with the analysis left empty (``Board.dd_tricks`` null), and ask in the same transaction
for a job of the task queue (``core.services.jobs``): a worker process analyses the
session's waiting boards one deal at a time, each board stored by its own short write as
soon as it is done. The write names the hands it analysed, so a board re-dealt meanwhile
keeps its new deal, and its new deal is analysed next.

The job exists iff the dealing commits, and a worker that dies mid-way leaves it to be
run again (``core.services.job_worker``): it reads what is still waiting, so boards
done are not solved again. The pages that find a board waiting with no job for its
session (a job that failed every try, boards dealt before the queue) ask for one
(``analysis_resume``), and ``manage.py analyse_boards`` solves them in its own process.

A small deal (``SYNCHRONOUS_UP_TO`` boards, under a second) is analysed in the request;
so is every deal where jobs run inline (the test suite's backend).
"""

from __future__ import annotations

import logging

from django.db import DEFAULT_DB_ALIAS

from tournaments.bridge import Deal
from tournaments.core.services.jobs import enqueue_unless_waiting, job, jobs_inline, jobs_running_or_waiting
from tournaments.core.services.writes import write_one_statement
from tournaments.night.analysis import BoardAnalysis, board_analysis
from tournaments.night.models import Board

logger = logging.getLogger(__name__)

# Up to this many deals to solve, a request analyses them itself (under a second).
SYNCHRONOUS_UP_TO = 4
_HANDS = ("north", "east", "south", "west")


def in_background(deals_to_solve: int) -> bool:
    """Whether ``deals_to_solve`` new deals are left to a job of the queue (else solved in the request)."""
    return not jobs_inline() and deals_to_solve > SYNCHRONOUS_UP_TO


def analysis_store_fields(board: Board, analysis: BoardAnalysis | None) -> None:
    """Set a board's analysis fields (all empty for ``None``: the analysis is on its way)."""
    board.dd_tricks = analysis.tricks if analysis else None
    board.par_score = analysis.par_score if analysis else None
    board.par_contracts = analysis.par_contracts if analysis else ""


def _waiting(session_id: int):  # noqa: ANN202 - a QuerySet of Board
    """The session's boards waiting for analysis, read from the primary (a replica may lag)."""
    waiting = Board.objects.db_manager(DEFAULT_DB_ALIAS).filter(session_id=session_id, dd_tricks__isnull=True)
    return waiting.exclude(north="")


def board_analysis_store(board: Board, analysis: BoardAnalysis) -> bool:
    """Store the analysis of ``board``'s hands, unless the board was re-dealt since; True if stored."""
    hands = {hand: getattr(board, hand) for hand in _HANDS}
    with write_one_statement():
        stored = Board.objects.filter(pk=board.pk, dd_tricks__isnull=True, **hands).update(
            dd_tricks=analysis.tricks, par_score=analysis.par_score, par_contracts=analysis.par_contracts
        )
    return stored == 1


def boards_analyse(session_id: int, *, last_first: bool = False) -> int:
    """Analyse the session's dealt boards without analysis, storing each at once; return how many.

    The next waiting board is read again before each solve, so boards another process
    analysed meanwhile are skipped and a re-dealt board is solved with its new hands.
    """
    order = "-number" if last_first else "number"
    tried: set[tuple[int, str, str, str, str]] = set()
    stored = 0
    while True:
        board = _waiting(session_id).order_by(order).only("pk", "number", *_HANDS).first()
        if board is None:
            return stored
        key = (board.pk, board.north, board.east, board.south, board.west)
        if key in tried:  # solved once and not stored: leave it for the next resume
            return stored
        tried.add(key)
        deal = Deal.from_pbn("N:" + " ".join(getattr(board, hand) for hand in _HANDS))
        stored += board_analysis_store(board, board_analysis(deal, board.number))


@job(retry_after=(10.0, 60.0, 300.0))
def session_boards_analyse(session_id: int) -> int:
    """The queue's job: analyse the session's waiting boards; return how many were stored."""
    return boards_analyse(session_id)


def analysis_request(session_id: int) -> None:
    """Have the session's waiting boards analysed by a job, asked for in the caller's write."""
    enqueue_unless_waiting(session_boards_analyse, session_id)


def analysis_resume(session_id: int) -> None:
    """Ask for the analysis of boards found waiting, unless a job for the session waits or runs.

    For the pages that found a board waiting: one query when a job is at it.
    """
    if jobs_inline() or not jobs_running_or_waiting(session_boards_analyse, session_id):
        analysis_request(session_id)
