"""Kill gunicorn's worker between the tables' last sends and their settle; the standings must
still come out right (issue 24, point 2).

Serves a 4-table Mitchell (its rounds but the last already in) with gunicorn, one worker
of 4 threads, and a settle delay of 2 s (``TABLE_SETTLE_DELAY``). Every table sends its
last round; as soon as the answers are in, the worker is killed (SIGKILL), taking its
settle timer with it: the boards stay marked, as in the probe. Gunicorn starts a new
worker; 2 s after the last send a visitor opens the public standings, which settles the
overdue boards. Then the stored standings and matchpoints must equal a recomputation
from the stored results (``standings check: ok``; exit 1 if not).

Run alone: ``.venv/bin/python bench/bench_settle_lost.py [--database sqlite|postgres|both]``.
Before the fix the boards stayed marked and the standings wrong until the next write.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import table_entry_server as server_room  # noqa: E402
from bench.table_entry_phones import play_last_round  # noqa: E402
from bench.table_entry_session import bench_session, standings_mismatches  # noqa: E402

SETTLE_DELAY = 2.0
server_room.POSTGRES_NAME = "bench_settle_lost"  # not the table-entry benchmark's database


def _workers(master: int) -> list[int]:
    """The process ids of gunicorn's workers: the master's children."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isascii() and entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                children.append(int(entry.name))
    return children


def _get(port: int, path: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def run_one(database: str) -> int:
    directory = Path(tempfile.mkdtemp(prefix="bench-settle-lost-"))
    try:
        if database == "postgres":
            server_room.postgres_database(create=True)
        server_room.environment(database, directory, conn_max_age=0)
        os.environ["TABLE_SETTLE_DELAY"] = str(SETTLE_DELAY)
        os.environ["TABLE_SETTLE_MAX_WAIT"] = str(SETTLE_DELAY * 5)
        return _play_kill_and_read("SQLite" if database == "sqlite" else "PostgreSQL", directory)
    finally:
        if database == "postgres":
            server_room.drop_postgres()
        shutil.rmtree(directory, ignore_errors=True)


def _play_kill_and_read(label: str, directory: Path) -> int:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    from tournaments.night.models import Board

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    bench = bench_session(tables=4, rounds=4, boards_per_round=2)
    connections.close_all()
    port = server_room.free_port()
    log = directory / "gunicorn.log"
    server = server_room.serve(port, 1, 4, log)
    try:
        server_room.wait_until_up(server, port, log)
        sends, _ = play_last_round(port, bench.tables)
        last_send = time.monotonic()
        killed = _workers(server.pid)
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        marked = Board.objects.filter(session=bench.session, needs_scoring=True).count()
        connections.close_all()
        server_room.wait_until_up(server, port, log)  # gunicorn has started a new worker
        time.sleep(max(0.0, last_send + SETTLE_DELAY + 0.2 - time.monotonic()))
        status = _get(port, f"/session/{bench.session.pk}/standings/")
    finally:
        server_room.stop(server)
    refused = [send for send in sends if send.status != 201]
    left = Board.objects.filter(session=bench.session, needs_scoring=True).count()
    problems = standings_mismatches(bench.session)
    print(
        f"settle-lost ({label}): {len(sends)} sends ({len(refused)} refused), worker {killed} killed "
        f"with {marked} boards marked; the standings page answered {status}, {left} boards left marked"
    )
    failures = bool(refused) or status != 200 or left or problems or not killed or not marked
    if problems:
        print(f"standings check: FAILED ({len(problems)} differences)")
        for problem in problems[:10]:
            print(f"  {problem}")
    else:
        print("standings check: ok" if not failures else "standings check: FAILED")
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--one", choices=("sqlite", "postgres"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.one:
        return run_one(options.one)
    failures = 0
    for database in ["sqlite", "postgres"] if options.database == "both" else [options.database]:
        if database == "postgres" and (reason := server_room.postgres_up()):
            print(f"settle-lost (PostgreSQL): skipped, {reason}")
            continue
        command = [sys.executable, str(Path(__file__).resolve()), "--one", database]
        failures += subprocess.run(command, cwd=ROOT, check=False).returncode != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
