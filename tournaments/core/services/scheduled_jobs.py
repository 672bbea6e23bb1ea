"""The jobs the workers enqueue themselves each day (``job_worker.schedules``): no cron line to write.

Each is idempotent: run twice (a retry, a worker that died mid-way) the backup writes a
second file, which the keeping of the newest ``BACKUP_KEEP`` removes in its turn, and the
pruning finds nothing more to remove.
"""

from __future__ import annotations

import datetime

from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from tournaments.core.services.backups import backup_create
from tournaments.core.services.jobs import job
from tournaments.core.services.writes import write

# Finished jobs are kept this long for the admin (a failed one's error, a mail's outcome).
KEEP_FINISHED = datetime.timedelta(days=7)


@job(retry_after=(60.0, 600.0))
def backup_nightly() -> str:
    """Back up the whole database into ``BACKUP_DIR``; return the file's path (shown in the admin)."""
    return str(backup_create(None))


@job(retry_after=(600.0,))
def finished_jobs_prune() -> int:
    """Delete the jobs that ended more than ``KEEP_FINISHED`` ago; return how many."""
    ended = (TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED)
    with write():
        deleted, _ = DBTaskResult.objects.filter(
            status__in=ended, finished_at__lt=timezone.now() - KEEP_FINISHED
        ).delete()
    return deleted
