"""Settle a session's scores a moment after the tables' entries stop arriving.

When every table of a night sends its last round at once, each entry is stored in a
short transaction and only marks its board (``services.table_entry``). Rescoring after
each answer (even shared) put a rescoring of the marked boards and every standing
between the sends queued behind it, on the same two cores. Here the rescoring waits
until the session has been quiet for ``TABLE_SETTLE_DELAY`` seconds (but never more than
``TABLE_SETTLE_MAX_WAIT`` after the first entry waiting), then runs once, in a thread of
the process that stored the entries, for every board marked meanwhile. Quiet means no
entry stored by any worker (each gunicorn worker has its own timer, and looks at the
newest entry in the database before it settles), so one worker does not settle in the
middle of a burst another is still receiving.

The marks are in the database, so nothing depends on the timer: if a worker stops
before its timer fires, the next entry or director's write settles the marked boards.
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
from django.db import connections
from django.db.models import Max
from django.utils import timezone

from tournaments.models import Session, TableSubmission
from tournaments.services.scoring.settle import scores_settle
from tournaments.services.write_gate import serialised_writes

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


def scores_settle_logged(session_id: int) -> None:
    """Rescore what the tables' entries marked; a failure is logged, not raised.

    Runs after the table's answer has been sent, so a failure cannot reach the phone; the
    boards stay marked for the next settle.
    """
    try:
        with serialised_writes():
            scores_settle(Session(pk=session_id))
    except Exception:  # noqa: BLE001 - the answer is sent; the marks keep the work for the next settle
        logger.exception("Rescoring session %s after a table's entry failed", session_id)


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
    timer = threading.Timer(after, _fire, args=(session_id,))
    timer.daemon = True
    timer.name = f"settle-session-{session_id}"
    timer.start()


def _fire(session_id: int) -> None:
    """Settle now if the session has been quiet long enough (or waited too long), else wait on."""
    try:
        wait_more = _wait_more(session_id)
        if wait_more > 0:
            _start_timer(session_id, wait_more)
            return
        scores_settle_logged(session_id)
    finally:
        connections.close_all()  # this thread's connection, which nothing else would close


def _wait_more(session_id: int) -> float:
    """Seconds to wait before settling (0: settle now, and entries from now on start a new wait).

    Quiet means no entry in the session for ``TABLE_SETTLE_DELAY`` seconds, in this
    process or, by the newest stored entry, in another worker (which waits on its own).
    The database is asked only once this process is quiet: each timer runs in a thread
    of its own, whose first query opens a connection, which a burst should not pay for.
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
