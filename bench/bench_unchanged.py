"""An unchanged refresh's and poll's 204 in process: before the middleware, and through it all.

One 12-table night in play on a throwaway PostgreSQL database with Redis as the shared
cache (``bench_evening``'s set-up); each phone and reader holds its fresh stamp. Two of
Django's WSGI handlers are built, one with ``UnchangedMiddleware`` (the 204 answered
before the stack, ``clubscore.unchanged``) and one without (the whole stack and the
view, as before), and called directly (no HTTP, no test client) in turns, ``--blocks``
blocks of ``--requests`` each, for: a table's refresh and a standings poll, each with
the browser's language named (``Accept-Language: en``) and without (the club's is then
read, a query, on the full path). Printed: the CPU a request (median of the blocks'
means) and the queries, each kind's ratio short to full, and a 404 through the whole
stack (Django's floor) beside them. Then a table's check after its session's stamp moved:
the whole statement (``live.sql.stamps.table_stamp_row``) against the table's own part alone
(``table_part_row``, when the cache holds the session's stamp and structure), the CPU of
this process and of its PostgreSQL backend (from /proc) a statement.

``.venv/bin/python bench/bench_unchanged.py [--blocks 15 --requests 200]``; figures in
docs/scaling.md, "The HTTP server and the unchanged requests' own path".
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import bench_evening as evening_bench  # noqa: E402
from bench import table_entry_server as server  # noqa: E402

SHORT = "clubscore.unchanged.UnchangedMiddleware"


def _handlers():
    """Two WSGI handlers: with the short path, and with the whole stack alone."""
    from django.conf import settings
    from django.core.handlers.wsgi import WSGIHandler
    from django.test.utils import override_settings

    short = WSGIHandler()
    with override_settings(MIDDLEWARE=[name for name in settings.MIDDLEWARE if name != SHORT]):
        full = WSGIHandler()
    return short, full


def _environ(path: str, query: str, language: bool) -> dict:
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "HTTP_HOST": "127.0.0.1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
    }
    if language:
        environ["HTTP_ACCEPT_LANGUAGE"] = "en"
    return environ


def _call(handler, environ: dict) -> int:
    status: list[str] = []
    result = handler(dict(environ), lambda code, headers, exc_info=None: status.append(code))
    b"".join(result)
    result.close()
    return int(status[0].split(" ", 1)[0])


def _requests(night) -> dict[str, dict]:
    """Each kind's environ, with the stamp a fresh phone or reader holds."""
    from django.db import connection

    from tournaments.night.models import TableAccess

    session = night.sessions[0]
    token = TableAccess.objects.get(session=session, table=1).token
    short, _full = _handlers()
    state = f"/table/{token}/state/"
    response = short(_environ(state, "", True), lambda code, headers, exc_info=None: None)
    body = b"".join(response)
    response.close()
    since = json.loads(body)["stamp"]
    standings = f"/session/{session.pk}/standings/"
    response = short(_environ(standings, "", True), lambda code, headers, exc_info=None: None)
    page = re.search(rb'data-stamp="([0-9a-f]+)"', b"".join(response)).group(1).decode()
    response.close()
    connection.close()
    kinds = {}
    for language in (True, False):
        said = "" if language else ", no language named"
        kinds[f"table refresh, unchanged{said}"] = _environ(state, f"since={since}", language)
        kinds[f"standings poll, unchanged{said}"] = _environ(standings, f"since={page}", language)
    kinds["floor: a 404"] = _environ("/no-such-page/", "", True)
    return kinds


def _measure(handler, environ: dict, requests: int) -> tuple[float, int, int]:
    """Mean CPU ms a request over ``requests``, the queries of one, its status."""
    from django.db import connection

    counted = [0]

    def count(execute, sql, params, many, context):
        counted[0] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        status = _call(handler, environ)
    queries = counted[0]
    started = time.process_time()
    for _ in range(requests):
        _call(handler, environ)
    return (time.process_time() - started) * 1000 / requests, queries, status


def _statements(night, blocks: int, requests: int) -> None:
    """A table's check: the whole statement against its own part, in turns."""
    from django.db import connection

    from bench.national_cpu import cpu_seconds
    from tournaments.night.live.sql.stamps import table_part_row, table_stamp_row
    from tournaments.night.models import Pair

    session = night.sessions[0]
    pairs = list(Pair.objects.filter(session=session, direction="NS").values_list("pk", flat=True))
    slots = tuple((number, pairs[(number - 1) // 2]) for number in range(1, 7))  # three rounds of two
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    spent: dict[str, list[tuple[float, float]]] = {}
    for block in range(blocks):
        kinds = (("whole statement", table_stamp_row), ("the table's part", table_part_row))
        for name, read in kinds if block % 2 == 0 else kinds[::-1]:
            database, python = cpu_seconds(backend), time.process_time()
            for _ in range(requests):
                read(session.pk, 1, slots)
            database, python = cpu_seconds(backend) - database, time.process_time() - python
            spent.setdefault(name, []).append((database * 1000 / requests, python * 1000 / requests))
    print("  a table's check after its session's stamp moved (CPU a statement, median of blocks):")
    for name, figures in spent.items():
        database = statistics.median(figure[0] for figure in figures)
        python = statistics.median(figure[1] for figure in figures)
        print(f"    {name:18} PostgreSQL {database:.3f} ms, this process {python:.3f} ms", flush=True)


def run(options: argparse.Namespace) -> int:
    directory = Path(tempfile.mkdtemp(prefix="bench-unchanged-"))
    try:
        evening_bench._setup(directory, cache=True)
        from bench.national_clubs import clubs_in_play

        night = clubs_in_play(clubs=1, tables=12, rounds=3, boards_per_round=2)
        kinds = _requests(night)
        short, full = _handlers()
        times: dict[tuple[str, str], list[float]] = {}
        seen: dict[tuple[str, str], tuple[int, int]] = {}
        for block in range(options.blocks):
            pair = (
                (("short", short), ("full", full)) if block % 2 == 0 else (("full", full), ("short", short))
            )
            for kind, environ in kinds.items():
                for name, handler in pair:
                    cpu, queries, status = _measure(handler, environ, options.requests)
                    times.setdefault((kind, name), []).append(cpu)
                    seen[(kind, name)] = (queries, status)
        print(
            f"unchanged: {options.blocks} blocks x {options.requests} requests, in process, "
            f"PostgreSQL and Redis; load average {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        heading = "request (CPU a request, median of blocks)"
        print(f"  {heading:44} {'short path':>22} {'whole stack':>22}  ratio")
        for kind in kinds:
            row = []
            for name in ("short", "full"):
                queries, status = seen[(kind, name)]
                row.append(f"{statistics.median(times[(kind, name)]):6.3f} ms {queries} q {status}")
            ratio = statistics.median(times[(kind, "short")]) / statistics.median(times[(kind, "full")])
            print(f"  {kind:44} {row[0]:>22} {row[1]:>22}  {ratio:4.2f}x", flush=True)
        _statements(night, options.blocks, options.requests)
        return 0
    finally:
        from django.db import connections

        connections.close_all()
        server.drop_postgres()
        evening_bench._forget_keys()
        shutil.rmtree(directory, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--blocks", type=int, default=15)
    parser.add_argument("--requests", type=int, default=200)
    options = parser.parse_args()
    reason = server.postgres_up()
    if reason:
        print(f"unchanged: skipped, {reason}")
        return 0
    return run(options)


if __name__ == "__main__":
    sys.exit(main())
