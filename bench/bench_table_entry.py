"""The last round of a 30-table evening: every table sends its boards from its phone at once.

Serves the site with gunicorn on 127.0.0.1 against a throwaway database (an SQLite file,
then PostgreSQL database ``bench_table_entry`` if a server answers at 127.0.0.1:5432),
with a 30-table Mitchell of 10 rounds of 3 boards whose first 9 rounds are already in
(entered through ``services.results.result_record``). 30 client threads each open their
table's page (for the CSRF token), wait on a barrier, then send the table's 3 boards of
the last round one after another as the page does (JSON POST to /table/<token>/results/),
timing each send. Once the server has rescored the session (it waits for the sends to
pause), the standings and every result's matchpoints must equal a recomputation from
the stored results (``standings check: ok``; exit 1 if not, or on any
refused send). The target: p99 under 250 ms with no error.

Run alone: ``.venv/bin/python bench/bench_table_entry.py [--database sqlite|postgres]
[--workers N] [--threads N] [--conn-max-age S]``.

Measured 2026-11-23 on the 2-core machine, 90 sends each (30 tables x 3 boards), p50 / p99
(= the slowest send). Runs of the same code vary by about 30% on this machine.

Before (each send rescored its board and every standing inside its own transaction):

  SQLite, gunicorn 1 sync worker                 1406 / 2382 ms, 0 errors (all in 5.2 s)
  SQLite, 3 sync workers                         1472 / 5025 ms, 1 error (500: database is locked)
  SQLite, 2 gthread workers x 4 threads          1308 / 4997 ms, 0 errors
  PostgreSQL, 2 sync workers, CONN_MAX_AGE 0     2557 / 3774 ms, 0 errors
  PostgreSQL, 2 sync workers, CONN_MAX_AGE 60    2101 / 3343 ms, 0 errors (all in 7.6 s)

Then (standings updated in place; a send wrote, then settled the scores after its answer,
so sends queued together shared one rescoring; SQLite writers took turns at a fair gate,
in WAL mode):

  SQLite, 1 worker x 8 threads, CONN_MAX_AGE 60       456-800 / 640-1160 ms, 0 errors (all in 1.5-2.6 s)
  PostgreSQL, 2 workers x 8 threads, CONN_MAX_AGE 60  693-912 / 1376-1681 ms, 0 errors (all in 2.8-3.6 s)

Now (a send only stores its result, in two reads and the result's writes, and the
session is rescored once the sends pause, services/settle_soon.py; the defaults below),
on another 2-core machine of the same kind, where the "then" code measured SQLite
693 / 1116 ms and PostgreSQL 1277 / 2095 ms at the start of the work:

  SQLite, 2 workers x 4 threads      135-191 / 178-234 ms, 0 errors (all in 465-630 ms)
  PostgreSQL, 2 workers x 4 threads  176-233 / 231-314 ms, 0 errors (all in 510-750 ms)
  PostgreSQL, 3 x 4, 4 x 2, 3 x 3, 2 x 8, 1 x 4: no better (p99 285-443 ms)

The scores are settled 350-570 ms after the last send (0.2 s of quiet, then one
rescoring of the round's boards and the standings), and the standings check passed in
every run. SQLite met the target; PostgreSQL missed it by up to a quarter. During the
sends the two cores are busy: about 6-7 ms of Python a send in gunicorn (Django's request
handling is some 1.5 ms of it) and, on PostgreSQL, 3.5-4 ms of the server's own for the
send's nine statements (measured from /proc over the burst).

Last (the next session, same machine kind: the table's link read in one plain statement
with its session, services.sql.from_row; the settle's standings moved instead of summed,
see bench/bench_entry.py), where the code above measured PostgreSQL 157 / 283 ms at the
start:

  SQLite, 2 workers x 4 threads      113-175 / 160-211 ms, 0 errors (all in 403-567 ms)
  PostgreSQL, 2 workers x 4 threads  111-197 / 197-228 ms, 0 errors (all in 437-503 ms)

Both meet the target, PostgreSQL in five runs out of five. The sends' latency is set by
the throughput: 30 tables each waiting on one send, so a send waits for about 30 others.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TABLES = 30
ROUNDS = 10
BOARDS_PER_ROUND = 3
TARGET_P99_MS = 250
POSTGRES_SERVER = ("127.0.0.1", 5432)
POSTGRES_NAME = "bench_table_entry"
POSTGRES_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
# gunicorn (workers, threads, CONN_MAX_AGE) by database, as the README's production
# section recommends; see the figures above for why. Two workers use both cores for
# Django's request handling (on SQLite their writes take turns at the write gate,
# services.write_gate); keeping connections saves the ~16 ms a new one costs.
DEFAULTS = {"sqlite": (2, 4, 60), "postgres": (2, 4, 60)}

# What a club's field bids on a board: the usual contract, making its usual tricks.
CONTRACTS = [("1NT", 7), ("2H", 8), ("2S", 8), ("3C", 9), ("3NT", 9), ("4H", 10), ("4S", 10), ("5D", 11)]
CONTRACTS += [("6S", 12), ("3D", 9), ("2NT", 8)]


# --- The session: everything before the last round ---------------------------------------------------


@dataclass
class TableSends:
    """One table's last round: its link's token and the JSON bodies of its boards, in order."""

    table: int
    token: str
    bodies: list[dict] = field(default_factory=list)


@dataclass
class BenchSession:
    session: object
    round: int
    tables: list[TableSends]


def _played(rng: random.Random, par: tuple[str, int, str]) -> tuple[str, str, str]:
    """A table's contract, declarer and tricks on a board whose field mostly plays ``par``."""
    contract, tricks, side = par
    roll = rng.random()
    if roll < 0.04:
        return "PASS", "", ""
    if roll < 0.16:
        contract, tricks = rng.choice(CONTRACTS)
        side = rng.choice(("NS", "EW"))
    if rng.random() < 0.05:
        contract += "X"
    taken = min(13, max(0, tricks + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1))))
    return contract, rng.choice(side), str(taken)


def bench_session(
    *, tables: int = TABLES, rounds: int = ROUNDS, boards_per_round: int = BOARDS_PER_ROUND, seed: int = 10
) -> BenchSession:
    """Create a club and a started Mitchell whose rounds but the last are in; return the last round's sends.

    Needs Django set up against a migrated database.
    """
    from django.db import transaction

    from tests.conftest import seated_mitchell
    from tournaments.models import Club
    from tournaments.selectors import movements as movement_selectors
    from tournaments.services.results import ResultEntry, result_record

    rng = random.Random(seed)
    with transaction.atomic():
        club = Club.objects.create(name="Bench Bridge Club", slug=f"bench-{seed}-{tables}")
        session = seated_mitchell(
            club,
            name="Monday evening",
            tables=tables,
            boards_per_round=boards_per_round,
            rounds=rounds,
            start=True,
        )
        boards = {board.number: board for board in session.boards.all()}
        accesses = {access.table: access.token for access in session.table_accesses.all()}
        movement = movement_selectors.session_movement(session)
        pars = {number: (*rng.choice(CONTRACTS), rng.choice(("NS", "NS", "EW"))) for number in sorted(boards)}
        played = movement_selectors.movement_rounds(session, movement, list(session.pairs.all()))
        for seating in [seat for round_ in played[:-1] for seat in round_]:
            for number in seating.boards:
                contract, declarer, tricks = _played(rng, pars[number])
                entry = ResultEntry(seating.ns.pair, seating.ew.pair, contract, declarer, tricks)
                result_record(board=boards[number], entry=entry)
    last = played[-1]
    sends = []
    for seating in last:
        table = TableSends(seating.table, accesses[seating.table])
        for number in seating.boards:
            contract, declarer, tricks = _played(rng, pars[number])
            table.bodies.append(
                {
                    "key": f"bench-{seating.table}-{number}-{rng.getrandbits(32):08x}",
                    "round": seating.round,
                    "board": number,
                    "contract": contract,
                    "declarer": declarer,
                    "tricks": tricks,
                    "lead": "",
                }
            )
        sends.append(table)
    return BenchSession(session, last[0].round, sends)


# --- The check: stored standings against a recomputation ------------------------------------------


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def standings_mismatches(session) -> list[str]:
    """Compare the stored standings and results' figures with a recomputation from the results.

    The recomputation rescored every board and the standings from scratch in a transaction
    that is rolled back, so the database is left as the sends left it.
    """
    from django.db import transaction

    from tournaments.models import Result, Session, Standing
    from tournaments.services.standings import (
        board_recalculate,
        session_full_board,
        session_recalculate_standings,
    )

    figures = ["ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage"]

    def standings() -> dict[int, tuple]:
        rows = Standing.objects.filter(session=session).values_list(
            "pair_id", "rank", "tied", "percentage", "matchpoints", "boards_played"
        )
        return {row[0]: row[1:] for row in rows}

    def results() -> dict[int, tuple]:
        rows = Result.objects.filter(board__session=session).values_list("pk", *figures)
        return {row[0]: row[1:] for row in rows}

    stored_standings, stored_results = standings(), results()
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        full = session_full_board(locked)
        for board in locked.boards.order_by("number"):
            board.session = locked
            board_recalculate(board, full=full)
        session_recalculate_standings(locked)
        fresh_standings, fresh_results = standings(), results()
        transaction.set_rollback(True)
    problems = []
    if stored_standings.keys() != fresh_standings.keys():
        problems.append(f"standings for pairs {sorted(stored_standings)} != {sorted(fresh_standings)}")
    for pair, fresh in fresh_standings.items():
        stored = stored_standings.get(pair)
        if stored is None:
            continue
        same = stored[:2] == fresh[:2] and stored[4] == fresh[4]
        if not (same and _close(stored[2], fresh[2]) and _close(stored[3], fresh[3])):
            problems.append(f"pair {pair}: stored (rank, tied, %, mp, boards) {stored}, recomputed {fresh}")
    for pk, fresh in fresh_results.items():
        stored = stored_results.get(pk)
        if stored is None or not all(_close(a, b) for a, b in zip(stored, fresh, strict=True)):
            problems.append(f"result {pk}: stored {figures} {stored}, recomputed {fresh}")
    return problems


# --- The server ------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(port: int, workers: int, threads: int, log: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "gunicorn", "clubscore.wsgi:application", "--bind", f"127.0.0.1:{port}"]
    command += ["--workers", str(workers), "--threads", str(threads), "--chdir", str(ROOT)]
    command += ["--graceful-timeout", "5", "--timeout", "60", "--log-level", "warning"]
    with log.open("wb") as output:
        return subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=os.environ.copy())


def _wait_until_up(server: subprocess.Popen, port: int, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited ({server.returncode}):\n{log.read_text()[-3000:]}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/table/scores.json")
            if connection.getresponse().status == 200:
                connection.close()
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer within 60 s:\n{log.read_text()[-3000:]}")


def _stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


# --- The tables ------------------------------------------------------------------------------------

_CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@dataclass
class Send:
    table: int
    board: int
    milliseconds: float
    status: int
    body: str


def _table(port: int, sends: TableSends, barrier: threading.Barrier, out: list[Send]) -> None:
    """One table's phone: open the page, wait for the others, then send each board in turn."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    path = f"/table/{sends.token}/"
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        page = response.read().decode()
        cookie = next(
            (
                value.split(";", 1)[0]
                for value in response.headers.get_all("Set-Cookie") or []
                if value.startswith("csrftoken=")
            ),
            "",
        )
        found = _CSRF_INPUT.search(page)
        token = found.group(1) if found else ""
    except Exception:
        barrier.abort()
        raise
    headers = {
        "Content-Type": "application/json",
        "X-CSRFToken": token,
        "Cookie": cookie,
        "Origin": f"http://127.0.0.1:{port}",
    }
    barrier.wait(timeout=60)
    for body in sends.bodies:
        started = time.perf_counter()
        try:
            connection.request("POST", path + "results/", body=json.dumps(body), headers=headers)
            response = connection.getresponse()
            status, text = response.status, response.read().decode(errors="replace")
        except Exception as error:  # a refused or dropped connection is an error like any other
            connection.close()
            status, text = 0, repr(error)
        out.append(Send(sends.table, body["board"], (time.perf_counter() - started) * 1000, status, text))
    connection.close()


def play_last_round(port: int, tables: list[TableSends]) -> tuple[list[Send], float]:
    """Every table sends its last round at the same moment; return the sends and the wall time."""
    barrier = threading.Barrier(len(tables) + 1)
    outs: list[list[Send]] = [[] for _ in tables]
    threads = [
        threading.Thread(target=_table, args=(port, sends, barrier, out), daemon=True)
        for sends, out in zip(tables, outs, strict=True)
    ]
    for thread in threads:
        thread.start()
    barrier.wait(timeout=120)
    started = time.perf_counter()
    for thread in threads:
        thread.join(timeout=300)
    return [send for out in outs for send in out], time.perf_counter() - started


def _wait_until_settled(session, timeout: float = 10.0) -> float | None:
    """Seconds until the server has rescored every board the sends marked (None: not within ``timeout``).

    The server rescores once the sends pause (``TABLE_SETTLE_DELAY``), in the background;
    the check afterwards reads what it stored.
    """
    from django.db import connections

    from tournaments.models import Board

    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if not Board.objects.filter(session=session, needs_scoring=True).exists():
            connections.close_all()
            return time.perf_counter() - started
        time.sleep(0.01)
    connections.close_all()
    return None


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (p99 of 90 sends is the slowest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


# --- One database, in its own process --------------------------------------------------------------


def _postgres_up() -> str:
    """Return why PostgreSQL cannot be used, or '' when it answers."""
    try:
        with socket.create_connection(POSTGRES_SERVER, timeout=2):
            pass
    except OSError as error:
        return f"no server at {POSTGRES_SERVER[0]}:{POSTGRES_SERVER[1]} ({error})"
    try:
        import psycopg

        with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True, connect_timeout=5):
            pass
    except Exception as error:
        return f"cannot connect as postgres ({error})"
    return ""


def _postgres_database(create: bool) -> None:
    import psycopg

    with psycopg.connect(POSTGRES_ADMIN_URL, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {POSTGRES_NAME} WITH (FORCE)")
        if create:
            connection.execute(f"CREATE DATABASE {POSTGRES_NAME}")


def _drop_postgres() -> None:
    """Close this process's connections (if Django got that far), then drop the database."""
    from django.conf import settings

    if settings.configured:
        from django.db import connections

        connections.close_all()
    _postgres_database(create=False)


def _environment(database: str, directory: Path, conn_max_age: int) -> None:
    """Point this process (and the gunicorn it starts) at the throwaway database and static root."""
    if database == "sqlite":
        url = f"sqlite:///{directory}/bench.sqlite3"
    else:
        url = f"postgres://postgres@127.0.0.1:5432/{POSTGRES_NAME}"
    # DEBUG is off as in production, so static files need their manifest: collect them
    # into the temporary directory through a settings module that says so.
    (directory / "bench_table_entry_settings.py").write_text(
        f"from clubscore.settings import *  # noqa: F403\n\nSTATIC_ROOT = {str(directory / 'static')!r}\n"
    )
    os.environ.update(
        {
            "DATABASE_URL": url,
            "SECRET_KEY": "bench-only-key-" + "x" * 40,
            "DJANGO_SETTINGS_MODULE": "bench_table_entry_settings",
            "DEBUG": "0",
            "SECURE_COOKIES": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CONN_MAX_AGE": str(conn_max_age),
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": os.pathsep.join([str(directory), str(ROOT)]),
        }
    )
    sys.path.insert(0, str(directory))


def run_one(database: str, workers: int, threads: int, conn_max_age: int) -> int:
    """Set up, serve, play the last round and check, against one database; 0 when all is well."""
    label = "SQLite" if database == "sqlite" else "PostgreSQL"
    directory = Path(tempfile.mkdtemp(prefix="bench-table-entry-"))
    try:
        if database == "postgres":
            _postgres_database(create=True)
        _environment(database, directory, conn_max_age)
        return _measure(label, directory, workers, threads)
    finally:
        if database == "postgres":
            _drop_postgres()
        shutil.rmtree(directory, ignore_errors=True)


def _measure(label: str, directory: Path, workers: int, threads: int) -> int:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    from tournaments.models import Result, TableSubmission

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    bench = bench_session()
    before = Result.objects.filter(board__session=bench.session).count()
    if connections["default"].vendor == "postgresql":
        # As autovacuum would have during the evening (it is off on some servers): the fill
        # leaves dead rows that would otherwise slow every query of the last round.
        with connections["default"].cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    setup = time.perf_counter() - started
    connections.close_all()
    port = _free_port()
    log = directory / "gunicorn.log"
    server = _serve(port, workers, threads, log)
    try:
        _wait_until_up(server, port, log)
        sends, wall = play_last_round(port, bench.tables)
        settled = _wait_until_settled(bench.session)
    finally:
        _stop(server)
    errors = [send for send in sends if send.status != 201]
    expected = sum(len(table.bodies) for table in bench.tables)
    errors += [Send(0, 0, 0.0, 0, "a table's thread did not finish its sends")] * (expected - len(sends))
    timings = [send.milliseconds for send in sends]
    p50, p99 = percentile(timings, 0.5), percentile(timings, 0.99)
    print(
        f"table-entry ({label}): {len(bench.tables)} tables, {len(sends)} results, "
        f"p50 {p50:.0f} ms, p99 {p99:.0f} ms, {len(errors)} errors",
        flush=True,
    )
    print(
        f"  gunicorn {workers} workers x {threads} threads, CONN_MAX_AGE {os.environ['CONN_MAX_AGE']}; "
        f"all {len(sends)} sends in {wall * 1000:.0f} ms, slowest {max(timings, default=0):.0f} ms; "
        f"setup {setup:.1f} s (round {bench.round} of {ROUNDS} left to play)"
    )
    print(
        f"  scores settled {settled * 1000:.0f} ms after the last send"
        if settled is not None
        else "  scores NOT settled 10 s after the last send"
    )
    verdict = "within" if not errors and p99 < TARGET_P99_MS else "OVER"
    print(f"  {verdict} the target (p99 under {TARGET_P99_MS} ms, no error)")
    for error in errors[:5]:
        print(f"  error: table {error.table} board {error.board}: HTTP {error.status} {error.body[:300]}")
    if errors and log.exists():
        print("  gunicorn log (end):\n" + log.read_text()[-2000:])
    failures = bool(errors)
    after = Result.objects.filter(board__session=bench.session).count()
    submitted = TableSubmission.objects.filter(session=bench.session).count()
    problems = standings_mismatches(bench.session)
    if after != before + expected:
        problems.insert(0, f"{after} results stored, expected {before} + {expected}")
    if submitted != expected:
        problems.insert(0, f"{submitted} table submissions stored, expected {expected}")
    if problems:
        print(f"standings check: FAILED ({len(problems)} differences)")
        for problem in problems[:10]:
            print(f"  {problem}")
        failures = True
    else:
        print("standings check: ok")
    return 1 if failures else 0


# --- Both databases ----------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: by database)")
    parser.add_argument("--threads", type=int, help="gunicorn threads a worker (default: by database)")
    parser.add_argument("--conn-max-age", type=int, help="Django's CONN_MAX_AGE (default: by database)")
    parser.add_argument("--one", choices=("sqlite", "postgres"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.one:
        given = (options.workers, options.threads, options.conn_max_age)
        chosen = [
            default if value is None else value
            for value, default in zip(given, DEFAULTS[options.one], strict=True)
        ]
        return run_one(options.one, *chosen)
    databases = ["sqlite", "postgres"] if options.database == "both" else [options.database]
    failures = 0
    for database in databases:
        if database == "postgres":
            reason = _postgres_up()
            if reason:
                print(f"table-entry (PostgreSQL): skipped, {reason}")
                continue
        # Each database in its own process: Django reads DATABASE_URL once, at set-up.
        command = [sys.executable, str(Path(__file__).resolve()), "--one", database]
        for name in ("workers", "threads", "conn_max_age"):
            if getattr(options, name) is not None:
                command += ["--" + name.replace("_", "-"), str(getattr(options, name))]
        failures += subprocess.run(command, cwd=ROOT, check=False).returncode != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
