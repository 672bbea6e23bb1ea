"""Work out the boards' double-dummy analyses after the request that dealt them (issue 24).

DDS takes 0.1-0.25 s of CPU a deal, so a 200-board PBN file without its tricks held a
worker for 20-50 s inside the upload. Dealing and the PBN import now store the deals at
once with the analysis left empty (``Board.dd_tricks`` null) and answer; the analyses are
then worked out by one background thread a process (one deal at a time, under
``analysis._solver_lock``), each board stored by its own short write as soon as it is
done. The write names the hands it analysed, so a board re-dealt meanwhile keeps its new
deal, and its new deal is analysed next.

Nothing is lost when a process dies: the boards without analysis are in the database,
and are picked up again by the director's session page and the board pages (public and
director's) and hand records, which already know whether a board is waiting
(``analysis_resume``), and by ``manage.py analyse_boards``. A resume takes the boards
from the last one down, so a live thread of another worker, which goes up from the
first, meets it in the middle instead of both solving every board; each board is
re-read just before it is solved.

``BOARD_ANALYSIS_IN_BACKGROUND = False`` (the test suite's setting) analyses in the
caller instead, so a test reads its analyses at once; so does a small deal
(``SYNCHRONOUS_UP_TO`` boards), which costs under a second.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

from tournaments.bridge import Deal
from tournaments.core.services.writes import write_one_statement
from tournaments.night.analysis import BoardAnalysis, board_analysis
from tournaments.night.models import Board

logger = logging.getLogger(__name__)

# Up to this many deals to solve, a request analyses them itself (under a second).
SYNCHRONOUS_UP_TO = 4
_HANDS = ("north", "east", "south", "west")

_lock = threading.Lock()
_queued: dict[int, bool] = {}  # session id -> from the last board down (a resume)
_busy: set[int] = set()  # sessions the thread is analysing now
_worker: threading.Thread | None = None


def in_background(deals_to_solve: int) -> bool:
    """Whether ``deals_to_solve`` new deals are left to the background thread."""
    return settings.BOARD_ANALYSIS_IN_BACKGROUND and deals_to_solve > SYNCHRONOUS_UP_TO


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


def analysis_request(session_id: int, *, last_first: bool = False) -> None:
    """Have the session's waiting boards analysed: by the background thread, or now (the setting off)."""
    if not settings.BOARD_ANALYSIS_IN_BACKGROUND:
        boards_analyse(session_id, last_first=last_first)
        return
    global _worker
    with _lock:
        _queued.setdefault(session_id, last_first)
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_drain, name="board-analysis", daemon=True)
            _worker.start()


def analysis_resume(session_id: int) -> None:
    """Pick up a session's boards left without analysis (a dead process), unless this process is at it.

    For the pages that found a board waiting: cheap when the thread already has the
    session in hand, and harmless beside another worker's live thread (see the module).
    """
    with _lock:
        if session_id in _queued or session_id in _busy:
            return
    analysis_request(session_id, last_first=True)


def analysis_wait(timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for the background thread to finish; True if it has (tests, bench)."""
    worker = _worker
    if worker is not None:
        worker.join(timeout)
        return not worker.is_alive()
    return True


def _drain() -> None:
    """The background thread: analyse the queued sessions one after the other, then stop."""
    global _worker
    try:
        while True:
            with _lock:
                if not _queued:
                    _worker = None
                    return
                session_id, last_first = next(iter(_queued.items()))
                del _queued[session_id]
                _busy.add(session_id)
            try:
                boards_analyse(session_id, last_first=last_first)
            except Exception:  # noqa: BLE001 - the boards stay waiting; the next resume retries
                logger.exception("Double-dummy analysis of session %s failed", session_id)
            finally:
                with _lock:
                    _busy.discard(session_id)
    finally:
        connections.close_all()
