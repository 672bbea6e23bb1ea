"""A table's entry is scored once the session's entries pause: a burst shares one rescoring job.

The suite runs jobs inline with no delay (each entry is rescored at once); these tests set a
delay, as production does, and use the queue's database backend (``job_queue``): the
entries ask for the job in their transaction, and the test moves the times a worker would
see (the job's due time, the entries' times) instead of waiting for them, so what happens
"before the pause" and "after the longest wait" does not depend on how fast the machine is.
"""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests.conftest import mitchell_3nt, seated_mitchell
from tests.queue import JobQueue
from tournaments.night.models import Board, Result, Session, Standing, TableAccess, TableSubmission
from tournaments.night.selectors.movements import session_movement
from tournaments.night.services import settle_soon as soon
from tournaments.night.services.results import result_record
from tournaments.night.services.table_entry import TableEntry, table_result_submit

pytestmark = pytest.mark.django_db

SETTLE_JOB = soon.session_settle.module_path


def _settled(session: Session) -> bool:
    return not Board.objects.filter(session=session, needs_scoring=True).exists()


def _send_round(session: Session, round_: int = 1, tables: tuple[int, ...] = (1, 2, 3)) -> None:
    """The tables' sends of a round, as their phones make them."""
    movement = session_movement(session)
    for access in TableAccess.objects.filter(session=session, table__in=tables).order_by("table"):
        for board in movement.encounter(round_, access.table).boards:
            key = f"soon-{round_}-{access.table}-{board}"
            table_result_submit(access=access, entry=TableEntry(key, round_, board, "3NT", "N", "9"))


def _entries_quiet_for(session: Session, seconds: float) -> None:
    """Date the session's entries ``seconds`` back: the room has been quiet that long."""
    TableSubmission.objects.filter(session=session).update(
        at=timezone.now() - datetime.timedelta(seconds=seconds)
    )


def _due_now(job_queue: JobQueue) -> None:
    """Bring the waiting jobs' time to now (the delay has passed, for the worker)."""
    for row in job_queue.rows(SETTLE_JOB):
        if row.status == "READY":
            row.run_after = timezone.now()
            row.save(update_fields=["run_after"])


@pytest.fixture
def delay(settings):
    """A delay of a minute: the test's steps come within it however slow the machine is."""
    settings.TABLE_SETTLE_DELAY = 60.0
    settings.TABLE_SETTLE_MAX_WAIT = 600.0


def test_with_no_delay_and_jobs_inline_an_entry_is_scored_before_settle_soon_returns(club, settings):
    settings.TABLE_SETTLE_DELAY = 0
    session = seated_mitchell(club, start=True)
    result = result_record(
        board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1), settle=False
    )
    assert result.ns_matchpoints is None
    soon.settle_soon(session.pk)
    assert _settled(session)
    result.refresh_from_db()
    assert result.ns_percentage == 50.0  # alone on its board


def test_a_burst_of_entries_shares_one_job_run_once_after_the_pause(club, delay, job_queue):
    session = seated_mitchell(club, start=True)

    _send_round(session)

    (job,) = job_queue.rows(SETTLE_JOB)  # six sends, one job
    assert (job.run_after - job.enqueued_at).total_seconds() == pytest.approx(60.0, abs=1.0)
    assert job_queue.run_due() == 0 and not _settled(session)  # not before the delay
    _due_now(job_queue)
    job_queue.run_due()  # the delay has passed since the first send, not since the last
    job.refresh_from_db()
    assert job.status == "READY" and job.worker_ids == [] and not _settled(session)  # a wait, not a try
    assert 0 < (job.run_after - timezone.now()).total_seconds() <= 60.0

    _entries_quiet_for(session, 61.0)
    _due_now(job_queue)
    job_queue.run_due()

    job.refresh_from_db()
    assert job.status == "SUCCESSFUL" and job.return_value is True and len(job.worker_ids) == 1
    assert _settled(session) and [row.status for row in job_queue.rows(SETTLE_JOB)] == ["SUCCESSFUL"]
    assert all(r.ns_percentage is not None for r in Result.objects.filter(board__session=session))
    assert sorted(Standing.objects.filter(session=session).values_list("boards_played", flat=True)) == [2] * 6


def test_a_session_that_keeps_sending_is_scored_after_the_longest_wait(club, settings, job_queue):
    """The standings may lag a busy room by TABLE_SETTLE_MAX_WAIT, never for as long as it stays busy."""
    settings.TABLE_SETTLE_DELAY = 60.0
    settings.TABLE_SETTLE_MAX_WAIT = 120.0
    session = seated_mitchell(club, start=True)
    _send_round(session, tables=(1,))
    (job,) = job_queue.rows(SETTLE_JOB)
    job.enqueued_at -= datetime.timedelta(seconds=120)  # the first send, the longest wait ago
    job.save(update_fields=["enqueued_at"])
    _send_round(session, tables=(2, 3))  # and the room still sends: never quiet for a minute

    _due_now(job_queue)
    job_queue.run_due()

    job.refresh_from_db()
    assert job.status == "SUCCESSFUL" and _settled(session)


def test_a_send_while_the_rescoring_runs_asks_for_the_next_one(club, delay, job_queue):
    """The running job may have read the marks before this send: a new job follows it."""
    session = seated_mitchell(club, start=True)
    _send_round(session, tables=(1,))
    (running,) = job_queue.rows(SETTLE_JOB)
    running.claim("a-worker-at-it")  # claimed by a worker, mid-rescoring

    _send_round(session, tables=(2,))

    assert [row.status for row in job_queue.rows(SETTLE_JOB)] == ["RUNNING", "READY"]


def test_the_settle_job_run_twice_rescores_once(club, delay, job_queue, django_assert_num_queries):
    session = seated_mitchell(club, start=True)
    _send_round(session)
    _entries_quiet_for(session, 61.0)
    job_queue.run_waiting()
    standings = list(Standing.objects.filter(session=session).values_list("pair_id", "percentage", "rank"))
    (row,) = job_queue.rows(SETTLE_JOB)

    row.status = "READY"  # run again, as the admin's "run again" or a retry does
    row.save(update_fields=["status"])
    job_queue.run_due()

    row.refresh_from_db()
    assert row.status == "SUCCESSFUL" and row.return_value is False  # nothing was marked
    assert (
        list(Standing.objects.filter(session=session).values_list("pair_id", "percentage", "rank"))
        == standings
    )
