"""``manage.py run_jobs``: a worker of the task queue (``core.services.job_worker``), as many as wanted.

Each is a process of its own, on this machine or any other that reaches the database:
``make run`` starts one beside the development server; in production systemd keeps them
(README, "Production"). SIGTERM or Ctrl+C lets the job in hand finish, then stops.
"""

from __future__ import annotations

import signal
from types import FrameType

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from tournaments.core.services.job_worker import Worker


class Command(BaseCommand):
    help = "Run the task queue's jobs (analyses, rescoring, ratings, mail, backups) as they come due."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--batch", action="store_true", help="Run the jobs due now, then stop (cron, a one-off)."
        )
        parser.add_argument("--max-jobs", type=int, default=None, help="Stop after this many jobs.")
        parser.add_argument(
            "--poll",
            type=float,
            default=None,
            help="Seconds between looks for new jobs when idle (default: JOBS_POLL_SECONDS).",
        )

    def handle(
        self, *args, batch: bool = False, max_jobs: int | None = None, poll: float | None = None, **options
    ) -> None:
        worker = Worker(poll=settings.JOBS_POLL_SECONDS if poll is None else poll)

        def stop(signum: int, frame: FrameType | None) -> None:
            if not worker.running:
                raise SystemExit(1)  # asked twice: leave the job; it is put back and run again
            worker.running = False

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        worker.run(batch=batch, max_jobs=max_jobs)
        self.stdout.write(f"Worker {worker.worker_id} ran {worker.ran} jobs.")
