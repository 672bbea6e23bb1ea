"""Settle a session's scores a moment after the tables' entries stop arriving: one job of the queue.

When every table of a night sends its last round at once, each entry is stored in a
short transaction and only marks its board (``services.table_entry``). Rescoring after
each answer put a rescoring of the marked boards and every standing between the sends,
queued behind it on the same two cores. So the rescoring waits until the session has
been quiet for ``TABLE_SETTLE_DELAY`` seconds (but never more than
``TABLE_SETTLE_MAX_WAIT`` after the first entry waiting), then runs once for every board
marked meanwhile: what the tables have seen since issue 11.

Since issue 47 that wait and the rescoring are a job of the task queue
(``core.services.jobs``), ``session_settle``, the one writer of a session's standings
after the tables' sends: the entry's own transaction asks for it (``settle_soon``) unless
one waits for the session already, due ``TABLE_SETTLE_DELAY`` later; so the job exists
iff the entry commits, whichever process dies after. A worker that runs it before the
session has been quiet (by the newest stored entry, whichever web process stored it)
puts it back for the rest of the wait (``JobNotDue``); a send during the rescoring finds
the job running, not waiting, and asks for the next. A rescoring that fails is retried
by the queue, the boards staying marked meanwhile.

A director's write, a finish or a file's import still rescores in its own transaction
(``scoring.settle``), under the session's row lock as the job does, so the standings
have one writer at a time. A page that shows the standings or a traveller and finds boards
marked long ago with no job for them (one that failed every try) asks for one
(``scores_settle_if_due``), never waiting for a writer. Meanwhile a table's traveller
works its board out in memory (``board_figures.board_scored_unsaved``), and the standings
shown are those of the last settle, at most a second or two old. Where jobs run inline
(the test suite, with a delay of 0) the entry is rescored in its own transaction.
"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import DatabaseError
from django.db.models import Max
from django.utils import timezone
from django_tasks import TaskContext

from tournaments.core.services.jobs import (
    JobNotDue,
    enqueue,
    enqueue_unless_waiting,
    job,
    jobs_inline,
    jobs_running_or_waiting,
)
from tournaments.core.services.writes import locked, write_if_free
from tournaments.night.models import Board, Session, TableSubmission
from tournaments.night.services.scoring.settle import scores_settle

logger = logging.getLogger(__name__)

# Seconds before each new try of a settle that failed (a statement timeout, a lost connection).
RETRY_AFTER = (1.0, 3.0, 10.0, 30.0)


def settle_delay() -> float:
    """Seconds of quiet after a table's entry before its session is rescored (0: at once)."""
    return settings.TABLE_SETTLE_DELAY


def settle_soon(session_id: int) -> None:
    """In a table's entry's transaction: have the session rescored once its entries pause.

    The waiting job is not locked: a settle takes the session's row for update, and the
    entry holds it shared from its first statement, so a job that was waiting when the
    entry looked cannot rescore before the entry commits.
    """
    enqueue_unless_waiting(session_settle, session_id, after=settle_delay(), lock=False)


# The tables wait for it: of the jobs due, a worker takes it before an analysis or a refit.
SETTLE_PRIORITY = 50


@job(retry_after=RETRY_AFTER, takes_context=True, priority=SETTLE_PRIORITY)
def session_settle(context: TaskContext, session_id: int) -> bool:
    """The queue's job: rescore the session's marked boards once it is quiet; True if any was marked."""
    first = context.task_result.enqueued_at or timezone.now()
    wait_more = _wait_more(session_id, first)
    if wait_more > 0:
        raise JobNotDue(wait_more)
    if not Session.objects.filter(pk=session_id).exists():
        return False  # deleted since: nothing to rescore
    return scores_settle(Session(pk=session_id))  # a write of its own (core.services.writes)


def _wait_more(session_id: int, first: datetime.datetime) -> float:
    """Seconds still to wait before settling (0: settle now).

    Quiet means no entry stored in the session for ``TABLE_SETTLE_DELAY`` seconds; the
    wait ends anyway ``TABLE_SETTLE_MAX_WAIT`` after ``first``, the entry that asked.
    """
    delay = settle_delay()
    if delay <= 0:
        return 0.0
    quiet_for = _seconds_since_last_entry(session_id)
    waited = (timezone.now() - first).total_seconds()
    longest = settings.TABLE_SETTLE_MAX_WAIT
    if quiet_for < delay and waited < longest:
        return min(delay - quiet_for, longest - waited)
    return 0.0


def scores_settle_if_due(session_id: int, *, marked: bool | None = None) -> bool:
    """Ask for the rescoring of marked boards nobody is rescoring; True if this call asked.

    For the pages that show standings or travellers. Overdue means marked, with no entry
    in the session for ``TABLE_SETTLE_DELAY`` seconds and no settle job waiting or
    running. Costs one query when nothing is marked (none when the caller read
    ``marked`` with its own first row); never waits for a writer.
    """
    if marked is None:
        marked = Board.objects.filter(session_id=session_id, needs_scoring=True).exists()
    if not marked:
        return False
    if _seconds_since_last_entry(session_id) < settle_delay():
        return False  # its job is due in a moment
    if not jobs_inline() and jobs_running_or_waiting(session_settle, session_id):
        return False
    return _enqueue_unless_busy(session_id)


def _enqueue_unless_busy(session_id: int) -> bool:
    """Ask for the settle now if no writer holds the gate or the session; else leave it to the next reader.

    The session's row is taken without waiting (PostgreSQL's NOWAIT): a writer holding it
    will have asked for its own settle, and a job run inline (the suite) must not wait.
    """
    try:
        with write_if_free() as free:
            if not free:
                return False
            list(locked(Session.objects.filter(pk=session_id).only("pk"), nowait=True))
            enqueue(session_settle, session_id)
    except DatabaseError as error:
        logger.info("Asking for the settle of session %s on a read was skipped: %s", session_id, error)
        return False
    return True


def _seconds_since_last_entry(session_id: int) -> float:
    newest = TableSubmission.objects.filter(session_id=session_id).aggregate(newest=Max("at"))["newest"]
    return float("inf") if newest is None else (timezone.now() - newest).total_seconds()
