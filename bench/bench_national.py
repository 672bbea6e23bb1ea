"""A federation's evening: 200 clubs with 12 tables each in play at once, and 2,000 readers.

Serves the site with gunicorn on 127.0.0.1 against a throwaway PostgreSQL database
(``scale_national``), with 200 clubs each running a started 12-table Mitchell of 2
boards a round, one round for each gunicorn worker count asked (``--workers 1,2``, the
default: round 1 served by 1 worker process, round 2 by 2; 4,800 results a round). A pool
of client threads plays every table as its phone does (its page, then each board as a
JSON POST to /table/<token>/results/, the tables interleaved so all 2,400 are in play
at once), while other threads poll the clubs' standings as 2,000 open public pages do
(one poll each every 15 s: 133 a second). After each round the server must have
rescored every session; at the end each club's standings and matchpoints must equal a
recomputation and each result be stored exactly once (exit 1 if not, or on any error).
Bounded: at most ``--seconds`` of sends a round (a round not done by then is cut short,
which the check allows for: it counts the results the server accepted).

Run alone: ``.venv/bin/python bench/bench_national.py [--workers 1,2] [--quick]``
(``--quick``: 10 clubs of 4 tables and 100 readers, for ``bench/run.py``). Its parts:
``national_clubs.py`` (the clubs and the check), ``national_load.py`` (the phones and the
readers) and ``national_cpu.py`` (the server side's CPU); the server and database come
from ``table_entry_server.py``. The client threads share the machine with gunicorn and
PostgreSQL, so besides the wall-clock figures it prints the CPU the server side used and
the machine's load average. Figures and what they mean: docs/scaling.md.
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import table_entry_server as server  # noqa: E402
from bench.national_clubs import Phone, clubs_in_play, clubs_mismatches, unsettled_boards  # noqa: E402
from bench.national_cpu import database_cpu, gunicorn_cpu, machine_busy  # noqa: E402
from bench.national_load import Load, play_evening  # noqa: E402
from bench.table_entry_phones import percentile  # noqa: E402

server.POSTGRES_NAME = os.environ.get("BENCH_NATIONAL_PG_NAME", "scale_national")
SIZES = {"full": (200, 12, 2000), "quick": (10, 4, 100)}  # clubs, tables a club, readers


def _settle(sessions: list, timeout: float = 60.0) -> float | None:
    from django.db import connections

    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if unsettled_boards(sessions) == 0:
            connections.close_all()
            return time.perf_counter() - started
        time.sleep(0.1)
    return None


def _report(clubs: int, load: Load, workers: int, threads: int) -> list[str]:
    """Print the figures; return the errors' descriptions."""
    entries = [t.milliseconds for t in load.entries]
    reads = [t.milliseconds for t in load.reads]
    errors = [t for t in load.entries if t.status != 201]
    errors += [t for t in load.table_pages if t.status != 200]
    errors += [t for t in load.reads if t.status not in (200, 204)]
    rate = len(load.entries) / load.wall if load.wall else 0.0
    print(
        f"national: {clubs} clubs, {rate:.0f} results/s, entry p50/p99 "
        f"{percentile(entries, 0.5):.0f}/{percentile(entries, 0.99):.0f} ms, "
        f"page p99 {percentile(reads, 0.99):.0f} ms, {len(errors)} errors",
        flush=True,
    )
    unchanged = sum(t.status == 204 for t in load.reads)
    print(
        f"  gunicorn {workers} workers x {threads} threads; "
        f"{len(load.entries)} results in {load.wall:.1f} s; {len(load.reads)} standings polls "
        f"({len(load.reads) / load.wall:.0f}/s, {unchanged} unchanged: 204), "
        f"page p50 {percentile(reads, 0.5):.0f} ms; {len(load.table_pages)} table pages opened, "
        f"p99 {percentile([t.milliseconds for t in load.table_pages], 0.99):.0f} ms"
        + ("; STOPPED at the time limit" if load.stopped_early else ""),
        flush=True,
    )
    return [f"session {t.session_id}: HTTP {t.status} {t.body}" for t in errors]


def _report_cpu(cpu: dict, load: Load) -> None:
    """What the server side spent, whatever else the machine ran, and who had the cores."""
    app, database = cpu["gunicorn"], cpu["database"]
    if app is None:
        return
    spent = app + (database or 0.0)
    print(
        f"  server CPU {spent:.1f} s (gunicorn {app:.1f} s, PostgreSQL {database or 0:.1f} s) for "
        f"{len(load.entries)} results and {len(load.reads)} polls: {spent / load.wall:.2f} cores busy; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        flush=True,
    )
    if cpu["machine"] is not None:
        busy, idle = cpu["machine"]
        print(
            f"  the machine: {busy / cpu['seconds']:.2f} of {os.cpu_count()} cores busy "
            f"({idle / cpu['seconds']:.2f} idle); this benchmark's client threads "
            f"{cpu['client'] / cpu['seconds']:.2f} cores, gunicorn {app / cpu['seconds']:.2f}, "
            f"the rest (PostgreSQL, settles' connections, other programs) "
            f"{max(0.0, busy - app - cpu['client']) / cpu['seconds']:.2f}",
            flush=True,
        )


def _round_phones(phones: list[Phone], round_: int) -> list[Phone]:
    """Every table's sends of one round (the tables with nothing to play in it left out)."""
    chosen = [replace(phone, bodies=[b for b in phone.bodies if b["round"] == round_]) for phone in phones]
    return [phone for phone in chosen if phone.bodies]


def _play_round(
    evening, round_: int, workers: int, options: dict, directory: Path
) -> tuple[Load, list[str], bool]:
    """Serve with ``workers`` processes while every table sends round ``round_``; report it."""
    from django.db import connections

    connections.close_all()
    port, log = server.free_port(), directory / f"gunicorn-{round_}.log"
    process = server.serve(port, workers, options["threads"], log)
    try:
        server.wait_until_up(process, port, log)
        booted = gunicorn_cpu(process.pid)  # importing Django is not the evening's work
        machine, client, clock = machine_busy(), time.process_time(), time.perf_counter()
        sessions = [session.pk for session in evening.sessions]
        load = play_evening(
            port,
            _round_phones(evening.phones, round_),
            sessions,
            phone_threads=options["phones"],
            reader_threads=options["reader_threads"],
            readers=options["readers"],
            poll=15.0,
            seconds=options["seconds"],
        )
        client, seconds, after = time.process_time() - client, time.perf_counter() - clock, machine_busy()
        settled = _settle(evening.sessions)
        app = gunicorn_cpu(process.pid)
        cpu = {
            "gunicorn": None if app is None or booted is None else app - booted,
            "database": database_cpu(server.POSTGRES_NAME),
            "machine": None if machine is None else (after[0] - machine[0], after[1] - machine[1]),
            "client": client,
            "seconds": seconds,
        }
    finally:
        server.stop(process)
    print(f"round {round_}:", flush=True)
    errors = _report(len(evening.sessions), load, workers, options["threads"])
    _report_cpu(cpu, load)
    print(
        f"  every session settled {settled:.1f} s after the last send"
        if settled is not None
        else "  NOT settled"
    )
    for error in errors[:5]:
        print(f"  error: {error}")
    if errors and log.exists():
        print("  gunicorn log (end):\n" + log.read_text()[-2000:])
    return load, errors, settled is not None


def run(*, size: str, workers: list[int], **options) -> int:
    """Set up the clubs once, then play one round per worker count (round 1 with the first, ...)."""
    clubs, tables, options["readers"] = SIZES[size]
    directory = Path(tempfile.mkdtemp(prefix="bench-national-"))
    try:
        server.postgres_database(create=True)
        server.environment("postgres", directory, 60)
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connections

        started = time.perf_counter()
        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        evening = clubs_in_play(clubs=clubs, tables=tables, rounds=len(workers))
        with connections["default"].cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
        print(f"  set-up {time.perf_counter() - started:.0f} s: {clubs} clubs x {tables} tables", flush=True)
        stored, failed = collections.Counter(), False
        for round_, count in enumerate(workers, start=1):
            load, errors, settled = _play_round(evening, round_, count, options, directory)
            stored.update(t.session_id for t in load.entries if t.status == 201)
            failed |= bool(errors) or not settled
        problems = clubs_mismatches(evening.sessions, stored) if not failed else ["not checked: errors above"]
        print(f"standings check: {'ok' if not problems else f'FAILED ({len(problems)})'} for {clubs} clubs")
        for problem in problems[:10]:
            print(f"  {problem}")
        return 1 if failed or problems else 0
    finally:
        server.drop_postgres()
        shutil.rmtree(directory, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--workers",
        default="1,2",
        help="gunicorn workers, one round of the evening each (default 1,2: round 1 with 1, round 2 with 2)",
    )
    parser.add_argument("--threads", type=int, default=4, help="gunicorn threads a worker (default 4)")
    parser.add_argument("--phones", type=int, default=32, help="client threads playing the tables")
    parser.add_argument("--reader-threads", type=int, default=32, help="client threads polling standings")
    parser.add_argument("--seconds", type=float, default=90.0, help="the longest the sends may take")
    parser.add_argument("--quick", action="store_true", help="10 clubs of 4 tables, 100 readers")
    options = parser.parse_args()
    reason = server.postgres_up()
    if reason:
        print(f"national: skipped, {reason}")
        return 0
    return run(
        size="quick" if options.quick else "full",
        workers=[int(count) for count in options.workers.split(",")],
        threads=options.threads,
        phones=options.phones,
        reader_threads=options.reader_threads,
        seconds=options.seconds,
    )


if __name__ == "__main__":
    sys.exit(main())
