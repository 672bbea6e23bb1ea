"""One side of ``bench_settle_queue.py``: a checkout's site, its last round sent, the time to its standings.

Run with the checkout to measure (``--root``): its own code sets up a throwaway SQLite
database (``bench.table_entry_server.environment``) with the 30-table evening of
``bench_table_entry``, serves it with granian (2 workers x 4 threads), and, with
``--worker``, starts one ``manage.py run_jobs`` beside it (the queue's checkout: the
rescoring is a job). Every table sends its last round at once; the line printed (JSON)
holds the sends' p50 and p99, and the milliseconds from the last answer to the standings
counting every send (no board left marked), checked against a recomputation.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, required=True)
    parser.add_argument(
        "--worker", action="store_true", help="start a worker of the task queue beside the server"
    )
    options = parser.parse_args()
    root = options.root.resolve()
    sys.path.insert(0, str(root))
    os.chdir(root)
    from bench.table_entry_phones import percentile, play_last_round, wait_until_settled
    from bench.table_entry_server import environment, free_port, serve, stop, wait_until_up
    from bench.table_entry_session import bench_session, standings_mismatches

    directory = Path(tempfile.mkdtemp(prefix="bench-settle-queue-"))
    try:
        environment("sqlite", directory, 60)
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        bench = bench_session()
        connections.close_all()
        port = free_port()
        log = directory / "server.log"
        server = serve(port, 2, 4, log, kind="granian", root=root)
        worker = None
        if options.worker:
            worker = subprocess.Popen(
                [sys.executable, "manage.py", "run_jobs"],
                cwd=root,
                stdout=subprocess.DEVNULL,
                stderr=(directory / "worker.log").open("wb"),
            )
        try:
            wait_until_up(server, port, log)
            sends, _wall = play_last_round(port, bench.tables)
            settled = wait_until_settled(bench.session)
        finally:
            stop(server)
            if worker is not None:
                stop(worker)
        timings = [send.milliseconds for send in sends]
        errors = sum(send.status != 201 for send in sends)
        mismatches = standings_mismatches(bench.session)
        print(
            json.dumps(
                {
                    "p50": percentile(timings, 0.5),
                    "p99": percentile(timings, 0.99),
                    "errors": errors,
                    "settled_ms": None if settled is None else settled * 1000,
                    "standings_ok": not mismatches,
                }
            ),
            flush=True,
        )
        return 0 if not errors and settled is not None and not mismatches else 1
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
