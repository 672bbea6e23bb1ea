"""The task queue's throughput with one worker process and with two: a second machine of workers, here.

A throwaway site (an SQLite file, or PostgreSQL database ``bench_workers`` with
``--database postgres``) with ``--sessions`` sessions of ``--boards`` dealt boards each,
their double-dummy analyses left to the queue: one job a session, the work the queue's
workers spend the most CPU on (0.1-0.25 s a deal). Then, for each count of workers in
turn (``--workers 1,2``, the sides taking turns over ``--rounds``), the analyses are
cleared, the jobs put back, ``manage.py run_jobs`` started that many times (processes that
share only the database, as workers on another machine would), and the time until every
job has ended is taken. Printed: each count's median seconds and jobs a second, and the
speed-up over the first count.

``.venv/bin/python bench/bench_workers.py [--sessions 8] [--boards 12] [--rounds 3]``
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/bench_workers"
SETUP = """
import datetime, random
from tournaments.core.models import Club
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.sessions import session_create
club = Club.objects.create(name="Bench", slug="bench")
for number in range({sessions}):
    day = datetime.date(2026, 11, 24)
    session = session_create(club=club, date=day, name=f"S{{number}}", movement="howell")
    boards_deal(session=session, count={boards}, rng=random.Random(number))
"""
AGAIN = """
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from tournaments.night.models import Board
Board.objects.update(dd_tricks=None, par_score=None, par_contracts="")
DBTaskResult.objects.update(status="READY", run_after=timezone.now(), worker_ids=[], finished_at=None)
"""
UNFINISHED = (
    "from django_tasks_db.models import DBTaskResult as D; print(D.objects.exclude(status='SUCCESSFUL')"
)
UNFINISHED += ".count())"


def manage(env: dict[str, str], *arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def one_run(env: dict[str, str], workers: int) -> float:
    """Seconds for ``workers`` processes to run every job, from their start to the last job's end."""
    manage(env, "shell", "--no-imports", "-c", AGAIN)
    started = time.perf_counter()
    processes = [
        subprocess.Popen(
            [sys.executable, "manage.py", "run_jobs"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
        )
        for _ in range(workers)
    ]
    try:
        while manage(env, "shell", "--no-imports", "-c", UNFINISHED) != "0":
            if time.perf_counter() - started > 600:
                raise RuntimeError("the jobs did not end within 600 s")
            time.sleep(0.2)  # a bounded poll of the database, by a process of its own
        return time.perf_counter() - started
    finally:
        for process in processes:
            process.terminate()
            process.wait(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--boards", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    options = parser.parse_args()
    counts = [int(count) for count in options.workers.split(",")]
    folder = Path(tempfile.mkdtemp(prefix="bench-workers-"))
    url = f"sqlite:///{folder}/db.sqlite3" if options.database == "sqlite" else POSTGRES_URL
    env = os.environ | {
        "DATABASE_URL": url,
        "SECRET_KEY": "bench-only-key-" + "x" * 40,
        "DEBUG": "0",
        "SECURE_COOKIES": "0",
        "BACKUP_AT": "",
        "CONN_MAX_AGE": "60",
        "LOG_LEVEL": "WARNING",
    }
    try:
        if options.database == "postgres":
            import psycopg

            with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as admin:
                admin.execute("DROP DATABASE IF EXISTS bench_workers WITH (FORCE)")
                admin.execute("CREATE DATABASE bench_workers")
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(
            env, "shell", "--no-imports", "-c", SETUP.format(sessions=options.sessions, boards=options.boards)
        )
        seconds: dict[int, list[float]] = {count: [] for count in counts}
        for number in range(options.rounds):
            for count in counts if number % 2 == 0 else counts[::-1]:
                seconds[count].append(one_run(env, count))
                print(f"round {number + 1}: {count} worker(s) {seconds[count][-1]:.2f} s", flush=True)
        first = statistics.median(seconds[counts[0]])
        for count in counts:
            median = statistics.median(seconds[count])
            print(
                f"{count} worker(s): {options.sessions} jobs ({options.sessions * options.boards} deals) in "
                f"{median:.2f} s, {options.sessions / median:.2f} jobs/s, speed-up {first / median:.2f}"
            )
        return 0
    finally:
        if options.database == "postgres":
            import psycopg

            with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as admin:
                admin.execute("DROP DATABASE IF EXISTS bench_workers WITH (FORCE)")
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
