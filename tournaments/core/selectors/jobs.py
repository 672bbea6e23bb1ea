"""How the task queue is doing, for ``/healthz``: the due job waiting longest, the jobs that failed.

One query (``/healthz`` is asked every few seconds). A due job that has waited
``JOBS_STUCK_AFTER_SECONDS`` means no worker takes jobs (none runs, or all are stuck on
one): the site still serves, but its analyses, rescorings and mail stop, so the health
check says so (503).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count, Min, Q
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

DAY = datetime.timedelta(days=1)


@dataclass(frozen=True)
class JobsFigures:
    """Seconds the oldest due job has waited (0: none), failed jobs of the last day, whether stuck."""

    oldest_waiting_seconds: int
    failed_last_day: int
    stuck: bool


def jobs_figures() -> JobsFigures:
    """The queue's figures, in one query."""
    now = timezone.now()
    found = DBTaskResult.objects.aggregate(
        due_since=Min("run_after", filter=Q(status=TaskResultStatus.READY, run_after__lte=now)),
        failed=Count("pk", filter=Q(status=TaskResultStatus.FAILED, finished_at__gte=now - DAY)),
    )
    due_since = found["due_since"]
    waited = 0 if due_since is None else max(0, int((now - due_since).total_seconds()))
    return JobsFigures(waited, found["failed"], waited >= settings.JOBS_STUCK_AFTER_SECONDS)
