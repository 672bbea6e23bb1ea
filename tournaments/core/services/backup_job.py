"""The nightly backup as a job of the queue, enqueued by the workers at ``BACKUP_AT`` each day.

Run twice (a retry, a worker that died mid-copy) it writes a second file, which the
keeping of the newest ``BACKUP_KEEP`` removes in its turn: no harm done.
"""

from __future__ import annotations

from tournaments.core.services.backups import backup_create
from tournaments.core.services.jobs import job


@job(retry_after=(60.0, 600.0))
def backup_nightly() -> str:
    """Back up the whole database into ``BACKUP_DIR``; return the file's path (shown in the admin)."""
    return str(backup_create(None))
