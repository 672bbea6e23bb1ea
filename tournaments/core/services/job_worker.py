"""A worker of the task queue: claim a due job, run it, record its end; retry, recover, schedule.

``django-tasks-db`` claims and runs a job (its ``db_worker``); this worker adds what the
site needs of it (docs/decisions/0063-task-queue.md):

- retries: a job that raises is put back on the queue after its next wait
  (``jobs.job(retry_after=...)``), its error kept on the row for the admin, and left
  failed after the last; ``JobNotDue`` puts it back without counting a failure;
- recovery: a job whose worker died (kill -9, a machine that stopped) stays *running* in
  the database. Each worker's id names its machine and process, so a worker on the same
  machine sees at once that the process is gone and puts the job back; a job running longer
  than ``JOBS_LEASE_SECONDS`` is put back whatever its machine. The job runs again, and
  being idempotent does its work once;
- schedules: the jobs due at a time of day (the nightly backup) are enqueued by the
  workers themselves, under an id made of the job and the day, so however many workers
  see the time come, one row is written;
- a quiet poll: with nothing due the worker reads (one indexed query) and sleeps until the
  next job's time or ``JOBS_POLL_SECONDS``; it takes SQLite's write lock only to claim.
"""

from __future__ import annotations

import datetime
import logging
import os
import socket
import time
import uuid
from dataclasses import dataclass, field
from traceback import format_exception
from typing import Any, cast

from django.conf import settings
from django.db import DatabaseError, IntegrityError, close_old_connections
from django.db.models import Count, Min, Q
from django.utils import timezone
from django.utils.crypto import get_random_string
from django_tasks.base import TaskContext, TaskResultStatus
from django_tasks_db.models import DBTaskResult, get_date_max

from tournaments.core.services.jobs import JobNotDue, job_policy
from tournaments.core.services.writes import locked, write

logger = logging.getLogger(__name__)

_SCHEDULED = "tournaments.core.services.scheduled_jobs"
_NAMESPACE = uuid.UUID("5b0f8e2e-3c34-4c55-9a3f-4f0f2b8e6a47")


def worker_id_here() -> str:
    """A new worker's id: its machine, its process, and a random tail (at most 64 characters)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{get_random_string(8)}"


def _process_gone(worker_id: str) -> bool:
    """Whether the worker of ``worker_id`` ran on this machine and its process is gone."""
    host, _, rest = worker_id.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname()[:40] or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False


def jobs_recover() -> int:
    """Put back on the queue the jobs whose worker died (see the module); return how many."""
    lease = timezone.now() - datetime.timedelta(seconds=settings.JOBS_LEASE_SECONDS)
    running = list(DBTaskResult.objects.running().values_list("id", "worker_ids", "started_at"))
    lost = [
        pk
        for pk, worker_ids, started_at in running
        if (worker_ids and _process_gone(worker_ids[-1])) or (started_at is not None and started_at < lease)
    ]
    if not lost:
        return 0
    with write():
        back = DBTaskResult.objects.filter(pk__in=lost, status=TaskResultStatus.RUNNING).update(
            status=TaskResultStatus.READY, run_after=timezone.now()
        )
    if back:
        logger.warning("Put back on the queue %d jobs whose worker stopped", back)
    return back


@dataclass(frozen=True)
class Scheduled:
    """A job enqueued once a day at ``at`` (UTC, HH:MM) by whichever worker sees the time first."""

    name: str
    task_path: str
    at: str


def schedules() -> list[Scheduled]:
    """The site's scheduled jobs: the finished jobs' pruning, the nightly backup (``BACKUP_AT``), and
    the programme's daily round (its dates ahead, today's sessions, the reminders: ``bookings``).

    A job is named by its path, so the core imports no capability to schedule one."""
    found = [
        Scheduled("prune", f"{_SCHEDULED}.finished_jobs_prune", "04:30"),
        Scheduled("programme", "tournaments.bookings.services.scheduled.programme_daily", "00:10"),
    ]
    if settings.BACKUP_AT:
        found.append(Scheduled("backup", f"{_SCHEDULED}.backup_nightly", settings.BACKUP_AT))
    return found


def schedules_enqueue(now: datetime.datetime | None = None) -> int:
    """Enqueue each scheduled job whose time today has come and is not enqueued yet; return how many."""
    now = now or timezone.now()
    written = 0
    for scheduled in schedules():
        hour, minute = (int(part) for part in scheduled.at.split(":"))
        if (now.hour, now.minute) < (hour, minute):
            continue
        day = now.date().isoformat()
        pk = uuid.uuid5(_NAMESPACE, f"{scheduled.name}:{day}")
        if DBTaskResult.objects.filter(pk=pk).exists():
            continue
        try:
            with write():
                DBTaskResult.objects.create(
                    id=pk,
                    args_kwargs={"args": [], "kwargs": {}},
                    task_path=scheduled.task_path,
                    backend_name="default",
                    run_after=get_date_max(),
                )
        except IntegrityError:  # another worker wrote it first
            continue
        written += 1
    return written


@dataclass
class Worker:
    """One worker process's loop (``manage.py run_jobs``)."""

    worker_id: str = field(default_factory=worker_id_here)
    poll: float = 0.05
    recover_every: float = 5.0
    ran: int = 0
    running: bool = True
    # A process of its own drops broken or old connections between jobs, as a request's end
    # does; a caller running the due jobs in its own process keeps its connection.
    own_process: bool = True
    _recovered_at: float = float("-inf")

    def run(self, *, batch: bool = False, max_jobs: int | None = None) -> None:
        """Run due jobs until stopped (``batch``: until none is due; ``max_jobs``: that many)."""
        logger.info("Worker %s started", self.worker_id)
        while self.running:
            if self.own_process:
                close_old_connections()
            self._housekeeping()
            wait = self._seconds_to_next_job()
            if wait == 0 and self.run_one():
                if max_jobs is not None and self.ran >= max_jobs:
                    return
                continue
            if batch:
                return
            time.sleep(self.poll if wait is None else min(self.poll, max(wait, 0.001)))

    def _housekeeping(self) -> None:
        now = time.monotonic()
        if now - self._recovered_at < self.recover_every:
            return
        self._recovered_at = now
        try:
            jobs_recover()
            if self.own_process:  # the daily jobs are a worker process's, not a caller's run
                schedules_enqueue()
        except DatabaseError:
            logger.exception("The queue's housekeeping failed; tried again in %s s", self.recover_every)

    def _seconds_to_next_job(self) -> float | None:
        """Seconds until the next waiting job is due (0: one is due now; None: none waits), in one read.

        A read: SQLite's write lock is taken only to claim. A job enqueued without a time
        has the backend's far date (``get_date_max``), so it is counted apart.
        """
        now = timezone.now()
        far = get_date_max()
        found = DBTaskResult.objects.filter(status=TaskResultStatus.READY).aggregate(
            nearest=Min("run_after", filter=~Q(run_after=far)), at_once=Count("pk", filter=Q(run_after=far))
        )
        if found["at_once"]:
            return 0.0
        if found["nearest"] is None:
            return None
        return max(0.0, (found["nearest"] - now).total_seconds())

    def run_one(self) -> bool:
        """Claim the next due job and run it; False if none was due (or another worker took it)."""
        claimed = self._claim()
        if claimed is None:
            return False
        self._run(claimed)
        self.ran += 1
        return True

    def _claim(self) -> DBTaskResult | None:
        try:
            with write():
                claimed = locked(DBTaskResult.objects.ready(), skip_locked=True).first()
                if claimed is not None:
                    claimed.claim(self.worker_id)
                return claimed
        except DatabaseError:
            logger.exception("Claiming a job failed")
            return None

    def _run(self, row: DBTaskResult) -> None:
        try:
            declared = row.task
            arguments = row.args_kwargs
            if declared.takes_context:
                value = declared.call(
                    TaskContext(task_result=cast(Any, row.task_result)),
                    *arguments["args"],
                    **arguments["kwargs"],
                )
            else:
                value = declared.call(*arguments["args"], **arguments["kwargs"])
        except JobNotDue as not_due:
            self._put_back(row, after=not_due.after, error=None)
        except Exception as error:  # noqa: BLE001 - a job's failure is recorded on its row, never the worker's end
            self._failed(row, error)
        else:
            with write():
                row.set_successful(value)

    def _failed(self, row: DBTaskResult, error: Exception) -> None:
        waits = job_policy(row.task_path).retry_after
        failures = _failures(row)
        logger.warning("Job %s (%s) failed (try %d): %s", row.pk, row.task_path, failures + 1, error)
        if failures < len(waits):
            self._put_back(row, after=waits[failures], error=error)
            return
        with write():
            row.set_failed(error)

    def _put_back(self, row: DBTaskResult, *, after: float, error: Exception | None) -> None:
        """Back to the queue ``after`` seconds from now; a failure's error stays on the row (the admin)."""
        row.status = TaskResultStatus.READY
        row.run_after = timezone.now() + datetime.timedelta(seconds=after)
        fields = ["status", "run_after"]
        if error is None:
            row.worker_ids = row.worker_ids[:-1]  # a wait, not a try
            fields.append("worker_ids")
        else:
            row.exception_class_path, row.traceback = _failure_fields(error)
            fields += ["exception_class_path", "traceback"]
        with write():
            DBTaskResult.objects.filter(pk=row.pk).update(**{name: getattr(row, name) for name in fields})


def _failures(row: DBTaskResult) -> int:
    """How many times this job failed before: its tries so far, less this one."""
    return max(0, len(row.worker_ids) - 1)


def _failure_fields(error: Exception) -> tuple[str, str]:
    return f"{type(error).__module__}.{type(error).__qualname__}", "".join(format_exception(error))


def run_due_jobs(*, limit: int = 1000) -> int:
    """Run the jobs due now in this process until none is (the tests); return how many ran."""
    worker = Worker(own_process=False)
    jobs_recover()
    worker.run(batch=True, max_jobs=limit)
    return worker.ran
