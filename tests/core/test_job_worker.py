"""The queue's worker, run in the test's process: retries with backoff, jobs whose worker died put
back, the daily jobs enqueued once, a job that exists only if its transaction commits."""

from __future__ import annotations

import datetime
import os
import socket
import subprocess
import sys

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tests.core.queue_jobs import always_fails
from tests.queue import JobQueue
from tournaments.core.services import job_worker
from tournaments.core.services.jobs import enqueue
from tournaments.core.services.scheduled_jobs import finished_jobs_prune
from tournaments.core.services.writes import write

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def the_site_s_queue(job_queue: JobQueue) -> JobQueue:
    return job_queue


def test_a_job_that_fails_is_retried_after_each_wait_then_left_failed_with_its_error(job_queue):
    enqueue(always_fails, "the mail server said no")
    (row,) = job_queue.rows()

    job_queue.run_due()
    row.refresh_from_db()
    assert row.status == "READY" and "the mail server said no" in row.traceback
    assert (row.run_after - timezone.now()).total_seconds() == pytest.approx(1.0, abs=0.5)

    job_queue.run_waiting()  # the second try, then the third: no wait is left

    row.refresh_from_db()
    assert row.status == "FAILED" and len(row.worker_ids) == 3
    assert row.exception_class_path == "tests.core.queue_jobs.Refused"
    assert "the mail server said no" in row.traceback


def test_a_job_asked_for_in_a_write_that_rolls_back_does_not_exist():
    with pytest.raises(ZeroDivisionError), write():
        enqueue(always_fails, "never")
        1 / 0  # noqa: B018 - the write fails after asking

    assert not DBTaskResult.objects.exists()


def _running(worker_id: str, *, minutes_ago: float = 0) -> DBTaskResult:
    started = timezone.now() - datetime.timedelta(minutes=minutes_ago)
    return DBTaskResult.objects.create(
        args_kwargs={"args": ["x"], "kwargs": {}},
        task_path=always_fails.module_path,
        backend_name="default",
        run_after=started,
        status="RUNNING",
        started_at=started,
        worker_ids=[worker_id],
    )


def test_a_running_job_whose_worker_is_gone_is_put_back_and_the_others_are_left(settings):
    settings.JOBS_LEASE_SECONDS = 900
    here = socket.gethostname()[:40]
    ended = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead_here = _running(f"{here}:{int(ended.stdout)}:dead")
    alive_here = _running(f"{here}:{os.getpid()}:alive")
    elsewhere_lately = _running("another-machine:123:busy", minutes_ago=1)
    elsewhere_too_long = _running("another-machine:456:silent", minutes_ago=16)

    assert job_worker.jobs_recover() == 2

    statuses = {row.pk: row.status for row in DBTaskResult.objects.all()}
    assert statuses == {
        dead_here.pk: "READY",
        alive_here.pk: "RUNNING",
        elsewhere_lately.pk: "RUNNING",
        elsewhere_too_long.pk: "READY",
    }


def test_the_daily_jobs_are_enqueued_once_a_day_however_many_workers_look(settings):
    settings.BACKUP_AT = "03:00"
    night = datetime.datetime(2026, 11, 30, 2, 59, tzinfo=datetime.UTC)

    assert job_worker.schedules_enqueue(night) == 1  # the programme's daily round, from 00:10
    assert job_worker.schedules_enqueue(night) == 0
    assert job_worker.schedules_enqueue(night.replace(hour=3, minute=0)) == 1  # the backup
    assert job_worker.schedules_enqueue(night.replace(hour=3, minute=1)) == 0  # a second worker
    assert job_worker.schedules_enqueue(night.replace(hour=5)) == 1  # the pruning, from 04:30
    assert job_worker.schedules_enqueue(night.replace(hour=23)) == 0
    assert job_worker.schedules_enqueue(night + datetime.timedelta(days=1, hours=2)) == 3  # the next day

    task_paths = DBTaskResult.objects.values_list("task_path", flat=True)
    paths = sorted(path.rpartition(".")[2] for path in task_paths)
    assert paths == [
        "backup_nightly",
        "backup_nightly",
        "finished_jobs_prune",
        "finished_jobs_prune",
        "programme_daily",
        "programme_daily",
    ]


def test_the_pruning_removes_the_jobs_ended_a_week_ago_and_nothing_else(job_queue):
    long_ago = timezone.now() - datetime.timedelta(days=8)
    old = _running("vm:1:x", minutes_ago=8 * 24 * 60)
    DBTaskResult.objects.filter(pk=old.pk).update(status="SUCCESSFUL", finished_at=long_ago)
    recent = _running("vm:1:x", minutes_ago=60)
    DBTaskResult.objects.filter(pk=recent.pk).update(status="FAILED", finished_at=timezone.now())
    waiting = _running("vm:1:x")
    DBTaskResult.objects.filter(pk=waiting.pk).update(status="READY", started_at=None)

    assert finished_jobs_prune.call() == 1
    assert finished_jobs_prune.call() == 0  # run twice, no harm

    assert set(DBTaskResult.objects.values_list("pk", flat=True)) == {recent.pk, waiting.pk}


def test_a_rescoring_due_is_taken_before_an_analysis_due_earlier(job_queue):
    """The tables wait for their standings; an analysis of a dealt set can wait a moment."""
    from tournaments.night.services.deal_analysis import session_boards_analyse
    from tournaments.night.services.settle_soon import session_settle

    enqueue(session_boards_analyse, 1)
    enqueue(session_settle, 1)
    worker = job_worker.Worker(own_process=False)

    worker.run(batch=True, max_jobs=1)

    statuses = {row.task_path.rpartition(".")[2]: row.status for row in job_queue.rows()}
    assert statuses == {"session_boards_analyse": "READY", "session_settle": "SUCCESSFUL"}
