"""A federation's evening as it really comes: clubs stepped up at an evening's own rates, open loop.

Serves the site with granian (``--server gunicorn``: gunicorn's gthread workers, as before
2026-11-27) on 127.0.0.1 against a throwaway PostgreSQL database
(``bench_evening``) with Redis as the shared cache (``CACHE_URL``, db 7, a key prefix
of its own), and steps the clubs in play up (``--clubs 100,200,400,800``), each club a
started 12-table Mitchell. At each step every table's phone refreshes its state every
15 s and sends a result about every 7.5 minutes (450 s), and ten standings pages a club
poll every 15 s, each at its own random phase, *whether or not the server has answered*
(``evening_load.py``: an open loop; latency counts from when a request was due). Per
club that is 0.8 refreshes, 0.67 polls and 0.027 results a second.

The evening is compressed in length, not in rate: a step is ``--warmup`` seconds (45,
three periods; not counted: the phones' and pages' first loads, every one a full build, all
due in the first 15 s, whose backlog ran into a 16 s warm-up's counted minute at 100
clubs) then ``--seconds`` (60) of steady state at the real rates, so a table sends a
result in a step with the chance a real table would. Each step prints, for each kind of
request, how many, the p50/p99 from when it was due, the share answered 204 (nothing
changed); the machine's busy cores (and the server's, PostgreSQL's and this client's share);
the errors; and the standings check
(every club's standings equal a recomputation and each accepted result is stored once).
Stepping stops after the first step whose p99 of any kind passes ``--p99`` (250 ms) or
that has an error or fails its check.

The client shares the server's cores, and on a shared machine so do other programs:
the clubs held is a floor (the load average is printed with each step).

Run alone: ``.venv/bin/python bench/bench_evening.py [--clubs 100,200,400,800] [--seconds 60]``;
quickly: ``--clubs 20,40 --seconds 20``. Figures and what they mean: docs/scaling.md.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import table_entry_server as server  # noqa: E402
from bench.evening_load import READERS_A_CLUB, Evening, play  # noqa: E402
from bench.evening_push import events_server, events_up, play_push  # noqa: E402
from bench.evening_report import REACH_GOAL_MS, Meter, reach_report, step_report  # noqa: E402

server.POSTGRES_NAME = os.environ.get("BENCH_EVENING_PG_NAME", "bench_evening")
REDIS_URL = os.environ.get("BENCH_EVENING_REDIS_URL", "redis://127.0.0.1:6379/7")
MODES = ("polling", "push")

KEY_PREFIX = f"bench-evening-{os.getpid()}"
TABLES, ROUNDS, BOARDS_PER_ROUND = 12, 3, 2  # 6 boards a table: more than a table sends in a run
_CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _setup(directory: Path, cache: bool) -> None:
    server.postgres_database(create=True)
    server.environment("postgres", directory, 60)
    if cache:
        os.environ["CACHE_URL"] = REDIS_URL
        with (directory / "bench_table_entry_settings.py").open("a") as settings:
            settings.write(f'CACHES["default"]["KEY_PREFIX"] = {KEY_PREFIX!r}  # noqa: F405\n')
    else:
        os.environ.pop("CACHE_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def _add_clubs(evening: Evening, have: int, want: int, sessions: list) -> None:
    """Bring the clubs in play from ``have`` to ``want`` (each a started Mitchell, no result yet)."""
    from django.db import connections

    from bench.national_clubs import clubs_in_play

    if want > have:
        added = clubs_in_play(
            clubs=want - have, tables=TABLES, rounds=ROUNDS, boards_per_round=BOARDS_PER_ROUND, first=have + 1
        )
        sessions += added.sessions
        evening.join(added.phones, [session.pk for session in added.sessions])
        with connections["default"].cursor() as cursor:
            cursor.execute("ANALYZE")
    connections.close_all()


def _send_headers(port: int, token: str) -> dict[str, str]:
    """A phone's CSRF cookie and token, from one table's page (any table's pair is good for all)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", f"/table/{token}/")
    response = connection.getresponse()
    page = response.read().decode()
    cookie = next(
        (
            c.split(";", 1)[0]
            for c in response.headers.get_all("Set-Cookie") or []
            if c.startswith("csrftoken=")
        ),
        "",
    )
    connection.close()
    found = _CSRF_INPUT.search(page)
    return {
        "X-CSRFToken": found.group(1) if found else "",
        "Cookie": cookie,
        "Origin": f"http://127.0.0.1:{port}",
    }


def _settled(sessions: list, timeout: float = 60.0) -> float | None:
    from django.db import connections

    from bench.national_clubs import unsettled_boards

    started = time.perf_counter()
    try:
        while time.perf_counter() - started < timeout:
            if unsettled_boards(sessions) == 0:
                return time.perf_counter() - started
            time.sleep(0.1)
        return None
    finally:
        connections.close_all()


def _checked(sessions: list, accepted: dict[int, int], unanswered: dict[int, int]) -> list[str]:
    """The national check for the clubs with a result in; the others must have none stored.
    A send that got no answer may or may not be stored: either is right."""
    from django.db.models import Count

    from bench.national_clubs import clubs_mismatches
    from tournaments.night.models import Result

    expected = dict(accepted)
    if unanswered:  # a send with no answer may have been stored: its session's count may be one more
        stored = dict(
            Result.objects.filter(board__session__in=list(unanswered))
            .values_list("board__session")
            .annotate(n=Count("pk"))
            .values_list("board__session", "n")
        )
        for pk, maybe in unanswered.items():
            if accepted.get(pk, 0) <= stored.get(pk, 0) <= accepted.get(pk, 0) + maybe:
                expected[pk] = stored.get(pk, 0)
    played = [session for session in sessions if expected.get(session.pk)]
    waiting = [session.pk for session in sessions if not expected.get(session.pk)]
    stray = set(Result.objects.filter(board__session__in=waiting).values_list("board__session", flat=True))
    return clubs_mismatches(played, expected) + [f"session {pk}: a result stored, none sent" for pk in stray]


def run(options: argparse.Namespace) -> int:
    steps = [int(count) for count in options.clubs.split(",")]
    directory = Path(tempfile.mkdtemp(prefix="bench-evening-"))
    process = events = worker = None
    failed = False
    reached: dict[str, dict[int, bool]] = {}
    try:
        _setup(directory, not options.no_cache)
        port, log = server.free_port(), directory / f"{options.server}.log"
        events_port, events_log = server.free_port(), directory / "events.log"
        # As behind a proxy keeping its upstream connections (granian keeps them by default).
        extra = ("--keep-alive", "75") if options.server == "gunicorn" else ()
        process = server.serve(port, options.workers, options.threads, log, extra=extra, kind=options.server)
        server.wait_until_up(process, port, log)
        # The work after the answers (the settles' rescoring) is the task queue's (decision 0063):
        # one worker beside the server, as production runs it.
        worker_log = directory / "worker.log"
        with worker_log.open("wb") as output:
            worker = subprocess.Popen(
                [sys.executable, str(ROOT / "manage.py"), "run_jobs"], stdout=output, stderr=subprocess.STDOUT
            )
        print(
            f"evening: {options.server} {options.workers} workers x {options.threads} threads, PostgreSQL, "
            f"{'Redis cache' if not options.no_cache else 'no shared cache'}; {TABLES} tables a club; "
            f"{options.warmup:.0f} s warm-up + {options.seconds:.0f} s a step; "
            f"stop at p99 > {options.p99:.0f} ms",
            flush=True,
        )
        evening, sessions, headers = Evening(), [], None
        modes = [mode for mode in options.modes.split(",") if mode]
        held = dict.fromkeys(modes, 0)
        holding = set(modes)
        for clubs in steps:
            started = time.perf_counter()
            _add_clubs(evening, len(sessions), clubs, sessions)
            built = time.perf_counter() - started
            headers = headers or _send_headers(port, evening.tables[0].phone.token)
            if "push" in modes and events is None:
                events = events_server(events_port, events_log, options.events_workers)
                events_up(events, events_port, events_log, sessions[0].pk)
            print(f"step: {clubs} clubs in play (set up in {built:.0f} s)", flush=True)
            for mode in modes:
                if mode not in holding:
                    print(
                        f"evening ({mode}): {clubs} clubs skipped (not held at the step before)", flush=True
                    )
                    continue
                masters = [process.pid, worker.pid] + ([events.pid] if events is not None else [])
                meter = Meter(*masters)
                steady = {"at": 0.0}

                def on_steady(meter: Meter = meter, steady: dict = steady) -> None:
                    steady["at"] = time.perf_counter()
                    meter.start()

                streams = None
                if mode == "polling":
                    samples = play(
                        port,
                        evening,
                        options.seconds,
                        options.warmup,
                        options.connections,
                        headers,
                        on_steady=on_steady,
                    )
                else:
                    warmup = max(options.warmup, clubs * (TABLES + READERS_A_CLUB) / options.opens_a_second)
                    samples, streams = play_push(
                        port,
                        events_port,
                        evening,
                        options.seconds,
                        warmup,
                        options.connections,
                        headers,
                        on_steady=on_steady,
                    )
                meter.stop()
                worst, errors = step_report(clubs, samples, options.seconds, meter, options.server, mode)
                reach = reach_report(evening, clubs, steady["at"], options.seconds)
                if streams is not None:
                    print(
                        f"  streams  {streams.most_open} open at most of {clubs * (TABLES + READERS_A_CLUB)} "
                        f"pages, {streams.opened} opened in the phase, {streams.told} events told, "
                        f"{streams.ignored} let pass by phones in a round",
                        flush=True,
                    )
                settled = _settled(sessions)
                problems = (
                    _checked(sessions, evening.accepted, evening.unanswered)
                    if settled is not None
                    else ["not settled"]
                )
                results = sum(evening.accepted.values())
                print(
                    f"  standings check: {'ok' if not problems else f'FAILED ({len(problems)})'} "
                    f"for {clubs} clubs, {results} results in all"
                    + (f", settled {settled:.1f} s after the step" if settled is not None else ""),
                    flush=True,
                )
                for problem in problems[:5]:
                    print(f"    {problem}")
                for error in errors[:5]:
                    print(f"    error: {error.kind} HTTP {error.status} {error.detail[:200]}")
                if problems:
                    failed = True
                ok = not errors and not problems and worst <= options.p99
                if ok and held[mode] == _previous(steps, clubs):
                    held[mode] = clubs
                if not ok and not options.every_step:
                    holding.discard(mode)
                print(
                    f"  {mode}: {'held' if ok else 'NOT held'} (p99 of sends and fetches {worst:.0f} ms, "
                    f"{len(errors)} errors; a change reached the pages at p99 {reach:.0f} ms)",
                    flush=True,
                )
                reached[mode] = reached.get(mode, {}) | {clubs: ok and reach <= REACH_GOAL_MS}
            if not holding or failed:
                break
        for mode in modes:
            within = [clubs for clubs, ok in sorted(reached.get(mode, {}).items()) if ok]
            print(
                f"evening ({mode}): one box held {held[mode]} clubs ({held[mode] * TABLES} tables) with p99 "
                f"under {options.p99:.0f} ms and no error; with a change on the pages within "
                f"{REACH_GOAL_MS / 1000:.0f} s too: {within[-1] if within else 0} clubs "
                f"(a floor: the machine is shared; load average {os.getloadavg()[0]:.1f})",
                flush=True,
            )
        if failed and log.exists():
            print(f"  {options.server} log (end):\n" + log.read_text()[-2000:])
        return 1 if failed else 0
    finally:
        for helper in (events, worker):
            if helper is not None:
                server.stop(helper)
        if process is not None:
            server.stop(process)
        server.drop_postgres()
        if not options.no_cache:
            _forget_keys()
        shutil.rmtree(directory, ignore_errors=True)


def _previous(steps: list[int], clubs: int) -> int:
    """The step before ``clubs`` (0 before the first): a step is held only if every one before it was."""
    place = steps.index(clubs)
    return steps[place - 1] if place else 0


def _forget_keys() -> None:
    """Delete this run's keys only (the Redis may be shared: never a FLUSHDB)."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=f"*{KEY_PREFIX}*", count=1000))
    for start in range(0, len(keys), 1000):
        client.delete(*keys[start : start + 1000])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clubs", default="100,200,400,800", help="the clubs in play at each step")
    parser.add_argument("--seconds", type=float, default=60.0, help="steady seconds a step (default 60)")
    parser.add_argument(
        "--warmup",
        type=float,
        default=45.0,
        help="seconds before each step's count (default 45: every phone and page asked, and was answered)",
    )
    parser.add_argument(
        "--server", choices=server.SERVERS, default="granian", help="the HTTP server (granian)"
    )
    parser.add_argument("--workers", type=int, default=2, help="the server's workers (default 2)")
    parser.add_argument("--threads", type=int, default=4, help="threads a worker (default 4)")
    parser.add_argument("--connections", type=int, default=64, help="the client's keep-alive connections")
    parser.add_argument("--p99", type=float, default=250.0, help="stop stepping past this p99 (ms)")
    parser.add_argument("--no-cache", action="store_true", help="run without CACHE_URL")
    parser.add_argument(
        "--modes",
        default="polling,push",
        help="polling, push or both, side by side in each step (default both)",
    )
    parser.add_argument(
        "--events-workers", type=int, default=1, help="the events server's workers (default 1)"
    )
    parser.add_argument(
        "--opens-a-second",
        type=float,
        default=150.0,
        help="push's warm-up is long enough to open the pages' streams at this rate (default 150 a second)",
    )
    parser.add_argument(
        "--every-step", action="store_true", help="go on past a p99 over --p99 (still stop at an error)"
    )
    options = parser.parse_args()
    reason = server.postgres_up()
    if reason:
        print(f"evening: skipped, {reason}")
        return 0
    # A TERM (a run stopped from outside) stops the server and drops the database as the end does.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(1))
    return run(options)


if __name__ == "__main__":
    sys.exit(main())
