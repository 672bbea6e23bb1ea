"""A congress: one session of 500 tables (1,000 pairs) x 40 boards, and its public pages' speed.

Builds the session in bulk (``congress_build.py``: 20,000 results, each board's traveller
500 long) in a throwaway PostgreSQL database (``scale_congress``; SQLite if no server
answers), then requests the pages a congress's players open, each ``--repeat`` times
through Django's whole request handling (middleware, views, templates; in process, no
network): the session's standings, their poll (changed, and unchanged: 204), a board's
traveller and a pair's page, first pages and a later one. It prints each page's p50 and
slowest time and its size. The target: every page under 100 ms and 100 kB, whatever the
size of the field (long lists come a page at a time: ``?page=N``). Then the same pages
are served by gunicorn to ``--readers`` threads at once, with 1 and then 2 worker
processes (``congress_served.py``): pages a second and their latency.

Run alone: ``.venv/bin/python bench/bench_congress.py [--quick]`` (``--quick``: 60
tables x 10 boards, for ``bench/run.py``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import table_entry_server as server  # noqa: E402
from bench.congress_build import congress_build  # noqa: E402
from bench.congress_served import serve_readers  # noqa: E402
from bench.table_entry_phones import percentile  # noqa: E402

server.POSTGRES_NAME = os.environ.get("BENCH_CONGRESS_PG_NAME", "scale_congress")
TARGET_MS, TARGET_BYTES = 100, 100_000
SIZES = {"full": (500, 40), "quick": (60, 10)}


def _time_page(client, path: str, repeat: int) -> tuple[float, float, float, float, int, int]:
    """p50 milliseconds (wall, Django's CPU, waiting on queries), slowest, status and size of ``path``.

    The CPU time is this process's (Django's request handling, not the database's): on a
    shared machine it tells what the page costs when the wall clock is waiting on others.
    """
    from django.db import connection

    timings, cpu, queries, response = [], [], [], None
    waited = [0.0]

    def timed(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            waited[0] += time.perf_counter() - started

    client.get(path)  # the first request warms the templates and the connection
    for _ in range(repeat):
        started, used, waited[0] = time.perf_counter(), time.process_time(), 0.0
        with connection.execute_wrapper(timed):
            response = client.get(path)
        body = response.content
        timings.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - used) * 1000)
        queries.append(waited[0] * 1000)
    p50s = percentile(timings, 0.5), percentile(cpu, 0.5), percentile(queries, 0.5)
    return *p50s, max(timings), response.status_code, len(body)


def _measure(size: str, repeat: int, directory: Path, readers: int, seconds: float) -> int:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections
    from django.test import Client

    tables, boards = SIZES[size]
    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    session = congress_build(tables=tables, boards=boards)
    if connections["default"].vendor == "postgresql":
        with connections["default"].cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    pair = session.pairs.order_by("direction", "number").first()
    print(
        f"  set-up {time.perf_counter() - started:.0f} s: {tables} tables, {boards} boards",
        flush=True,
    )
    base = f"/session/{session.pk}/"
    pages = [
        ("standings", base),
        ("standings, page 5", base + "?page=5"),
        ("standings poll", base + "standings/"),
        ("traveller", base + "board/1/"),
        ("traveller, page 5", base + "board/1/?page=5"),
        ("pair", base + f"pair/{pair.pk}/"),
    ]
    client, failures = Client(SERVER_NAME="127.0.0.1"), 0
    stamp = re.search(r'data-stamp="([^"]*)"', client.get(base).content.decode()).group(1)
    pages.insert(3, ("poll, unchanged", base + f"standings/?since={stamp}"))
    for label, path in pages:
        p50, cpu, waited, slowest, status, size_bytes = _time_page(client, path, repeat)
        within = status in (200, 204) and p50 < TARGET_MS and size_bytes < TARGET_BYTES
        failures += not within
        print(
            f"congress: {label:18} p50 {p50:5.1f} ms (Django CPU {cpu:4.1f}, queries {waited:4.1f}), "
            f"slowest {slowest:5.1f} ms, "
            f"{size_bytes / 1000:6.1f} kB, HTTP {status}{'' if within else '  OVER the target'}",
            flush=True,
        )
    print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    paths = [path for _, path in pages]
    for workers in (1, 2):
        failures += serve_readers(paths, workers, readers=readers, seconds=seconds, directory=directory)
    print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    return 1 if failures else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="60 tables x 10 boards")
    parser.add_argument("--repeat", type=int, default=20, help="requests of each page")
    parser.add_argument("--readers", type=int, default=8, help="reader threads through gunicorn")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of reading a worker count")
    options = parser.parse_args()
    database = "sqlite" if server.postgres_up() else "postgres"
    directory = Path(tempfile.mkdtemp(prefix="bench-congress-"))
    try:
        if database == "postgres":
            server.postgres_database(create=True)
        server.environment(database, directory, 60)
        print(f"congress on {'PostgreSQL' if database == 'postgres' else 'SQLite'}", flush=True)
        size = "quick" if options.quick else "full"
        seconds = 3.0 if options.quick else options.seconds
        return _measure(size, options.repeat, directory, options.readers, seconds)
    finally:
        if database == "postgres":
            server.drop_postgres()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
