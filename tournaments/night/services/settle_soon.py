"""Settle a session's scores a moment after the tables' entries stop arriving.

When every table of a night sends its last round at once, each entry is stored in a
short transaction and only marks its board (``services.table_entry``). Rescoring after
each answer (even shared) put a rescoring of the marked boards and every standing
between the sends queued behind it, on the same two cores. Here the rescoring waits
until the session has been quiet for ``TABLE_SETTLE_DELAY`` seconds (but never more than
``TABLE_SETTLE_MAX_WAIT`` after the first entry waiting), then runs once, in a thread of
the process that stored the entries (``settle_timers``), for every board marked
meanwhile. Quiet means no entry stored by any worker (each gunicorn worker has its own
timer, and looks at the newest entry in the database before it settles), so one worker
does not settle in the middle of a burst another is still receiving.

The marks are in the database, so nothing depends on the timer (issue 24): if a worker
stops before its timer fires, or the settle fails (it is retried a few times, waiting
longer each time), the marked boards are settled by whoever comes next: the next entry
or director's write, finishing the session (``session_finish``), or any page that shows
the standings or a traveller (``scores_settle_if_due``: a page calls it once its answer
is sent, ``views.overdue``, as a GET does not write; the API before it reads). A reader
settles only boards marked longer than the delay ago (a live timer will have fired by
then), and never waits for a writer (``core.services.writes.write_if_free``): if the
session's lock is taken, a writer is at work and the reader shows the standings as they are.
Meanwhile a table's traveller works its board out in memory
(``board_figures.board_scored_unsaved``), and the standings shown to tables and on
the public pages are those of the last settle, at most a second or two old. A delay of 0
settles after each answer instead (the test suite's setting, so tests see their scores
at once).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import DatabaseError
from django.db.models import Max
from django.utils import timezone

from tournaments.core.services.writes import locked, write_if_free
from tournaments.night.models import Board, Session, TableSubmission
from tournaments.night.services.scoring.settle import scores_settle, scores_settle_locked
from tournaments.night.services.settle_timers import run_later

logger = logging.getLogger(__name__)


@dataclass
class _Waiting:
    first: float
    last: float


_lock = threading.Lock()
_waiting: dict[int, _Waiting] = {}


def settle_delay() -> float:
    """Seconds of quiet after a table's entry before its session is rescored (0: at once)."""
    return settings.TABLE_SETTLE_DELAY


# Seconds before each new try of a settle that failed (a statement timeout, a lost connection).
RETRY_AFTER = (1.0, 3.0, 10.0, 30.0)


def scores_settle_logged(session_id: int, attempt: int = 0) -> None:
    """Rescore what the tables' entries marked; a failure is logged and tried again later.

    Runs after the table's answer has been sent, so a failure cannot reach the phone; the
    boards stay marked, and the settle is tried again after ``RETRY_AFTER`` seconds (and
    by the next reader meanwhile, ``scores_settle_if_due``).
    """
    try:
        scores_settle(Session(pk=session_id))  # a write of its own (core.services.writes)
    except Exception:  # noqa: BLE001 - the answer is sent; the marks keep the work for the next settle
        logger.exception(
            "Rescoring session %s after a table's entry failed (try %d)", session_id, attempt + 1
        )
        if attempt < len(RETRY_AFTER):
            _start_retry(session_id, attempt + 1, RETRY_AFTER[attempt])


def _start_retry(session_id: int, attempt: int, after: float) -> None:
    run_later(after, _retry, session_id, attempt)


def _retry(session_id: int, attempt: int) -> None:
    scores_settle_logged(session_id, attempt)  # looked up when it runs (the tests count it)


def scores_settle_if_due(session_id: int, *, marked: bool | None = None) -> bool:
    """Settle the session's marked boards if their settle is overdue; True if this call settled.

    For the pages that show standings or travellers, so they never show the scores of a
    settle that was lost (a worker killed between an entry and its settle) or failed.
    Overdue means marked, with no entry in the session for ``TABLE_SETTLE_DELAY``
    seconds. Costs one query when nothing is marked (none when the caller read ``marked``
    with its own first row); never waits for the session's lock.
    """
    if marked is None:
        marked = Board.objects.filter(session_id=session_id, needs_scoring=True).exists()
    if not marked:
        return False
    if _seconds_since_last_entry(session_id) < settle_delay():
        return False  # a live timer settles these in a moment
    return _settle_unless_busy(session_id)


def _settle_unless_busy(session_id: int) -> bool:
    """Settle now if nobody holds the session (its row lock, or SQLite's write gate); else skip."""
    try:
        with write_if_free() as free:
            if not free:
                return False
            session = locked(Session.objects.all(), nowait=True).get(pk=session_id)
            scores_settle_locked(session, inserted=True)
    except DatabaseError as error:
        # Most often the lock is taken (NOWAIT): a writer settles, or leaves it to the
        # next reader. A failed settle must not cost the reader its page either.
        logger.info("Settling session %s on a read was skipped: %s", session_id, error)
        return False
    return True


def settle_soon(session_id: int) -> None:
    """Rescore the session once its entries have paused (at once when the delay is 0)."""
    delay = settle_delay()
    if delay <= 0:
        scores_settle_logged(session_id)
        return
    now = time.monotonic()
    with _lock:
        waiting = _waiting.get(session_id)
        if waiting is not None:
            waiting.last = now
            return
        _waiting[session_id] = _Waiting(first=now, last=now)
    _start_timer(session_id, delay)


def _start_timer(session_id: int, after: float) -> None:
    run_later(after, _fire, session_id)


def _fire(session_id: int) -> None:
    """Settle now if the session has been quiet long enough (or waited too long), else wait on."""
    wait_more = _wait_more(session_id)
    if wait_more > 0:
        _start_timer(session_id, wait_more)
        return
    scores_settle_logged(session_id)


def _wait_more(session_id: int) -> float:
    """Seconds to wait before settling (0: settle now, and entries from now on start a new wait).

    Quiet means no entry in the session for ``TABLE_SETTLE_DELAY`` seconds, in this
    process or, by the newest stored entry, in another worker (which waits on its own).
    The database is asked only once this process is quiet: a burst should not pay a
    query for each entry.
    """
    delay = settle_delay()
    longest = settings.TABLE_SETTLE_MAX_WAIT
    wait_more = _still_to_wait(session_id, delay, longest, elsewhere=None)
    if wait_more > 0:
        return wait_more
    elsewhere = _seconds_since_last_entry(session_id)
    return _still_to_wait(session_id, delay, longest, elsewhere=elsewhere, end_when_due=True)


def _still_to_wait(
    session_id: int, delay: float, longest: float, *, elsewhere: float | None, end_when_due: bool = False
) -> float:
    """Seconds the session's wait has still to run; with ``end_when_due``, a wait that is
    over is ended in the same breath (an entry from then on starts a new one, as the
    settle that follows may miss it)."""
    now = time.monotonic()
    with _lock:
        waiting = _waiting[session_id]
        quiet_for = now - waiting.last if elsewhere is None else min(now - waiting.last, elsewhere)
        waited = now - waiting.first
        if quiet_for < delay and waited < longest:
            return min(delay - quiet_for, longest - waited)
        if end_when_due:
            del _waiting[session_id]
    return 0.0


def _seconds_since_last_entry(session_id: int) -> float:
    newest = TableSubmission.objects.filter(session_id=session_id).aggregate(newest=Max("at"))["newest"]
    return float("inf") if newest is None else (timezone.now() - newest).total_seconds()
