"""The task queue for a test: the site's database backend, and a worker run in the test's process.

The suite runs jobs inline (``settings_test.TASKS``); a test of work in the background asks
for ``job_queue`` (import it into the module), which switches to the database backend, so
a job is a row that waits, and runs the jobs due when the test says (``run_due``), as a
worker process would. ``run_waiting`` first brings the jobs that wait for a time (a refit's
delay, a rescoring's pause, a retry's backoff) to now: the test's clock, not a sleep.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tournaments.core.services.job_worker import run_due_jobs

ROUNDS = 20  # a bound on the jobs that ask for more jobs, never reached by a sound one
DATABASE_BACKEND = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


@dataclass
class JobQueue:
    """The queue's rows, and a worker in this process."""

    def rows(self, task_path: str | None = None) -> list[DBTaskResult]:
        rows = DBTaskResult.objects.order_by("enqueued_at")
        return list(rows if task_path is None else rows.filter(task_path=task_path))

    def waiting(self) -> int:
        return DBTaskResult.objects.filter(status=TaskResultStatus.READY).count()

    def run_due(self) -> int:
        """Run the jobs due now until none is; return how many ran."""
        return run_due_jobs()

    def run_waiting(self) -> int:
        """Bring every waiting job's time to now, then run them all (and those they ask for)."""
        ran = 0
        for _round in range(ROUNDS):
            waiting = DBTaskResult.objects.filter(status=TaskResultStatus.READY)
            if not waiting.exists():
                return ran
            waiting.update(run_after=timezone.now())
            ran += run_due_jobs()
        raise AssertionError(f"Jobs still waiting after {ROUNDS} rounds: {self.rows()}")


@pytest.fixture
def job_queue(settings) -> JobQueue:
    """Jobs wait on the database backend for ``run_due``/``run_waiting`` (see the module)."""
    settings.TASKS = DATABASE_BACKEND
    return JobQueue()
