"""The evening's reads against Django's own floor: a phone's refresh, a reader's poll, a table's send.

Polls and the phones' refreshes are 98% of an evening's requests (docs/scaling.md), so
what each costs beside the least Django can answer is what a server holds. This bench
builds one 12-table Mitchell in play (12 rounds of 2 boards, 24 pairs) in a throwaway
PostgreSQL database (SQLite if no server answers), then, result after result, times in
process (Django's test client, the whole middleware stack, no network):

- the floor: a 404 through the same stack;
- a table's send (its settle is the timer's, after the answer, so left out);
- the standings poll of a reader whose stamp the result moved: the first reader after
  the change, and another reader after it; and of a reader whose stamp is fresh (204);
- the refresh of the table that sent, with its old stamp and with its fresh one;
- the refresh of the next table's phone, with the stamp it holds: in a round (its page shows
  its own rounds, which another table's result leaves as they were) or between rounds (its
  page shows the standings, which the result moved).

Each kind's median and its ratio to the floor are printed for the branch and, side by
side in the same run, for a baseline checkout (``--baseline REF``, main by default,
taken where this checkout left it, their merge base, and exported with ``git archive``;
``--baseline none`` for the branch alone): two processes,
each on its own database, asked in turns for a few results each (``refresh_child.py``),
so the machine's moods fall on both alike. With Redis at 127.0.0.1:6379 both run with
``CACHE_URL`` pointing at it (db 7, a key prefix of their own; ``--no-cache`` without).

The goal (issue 33): an unchanged refresh or poll within 3x of the floor, a changed
poll within 10x; issue 52's: the public session page within 3x unchanged and 20x changed
(the first reader after a change draws it), a table's send within 20x (with Redis at
db 13: ``BENCH_REFRESH_REDIS_URL=redis://127.0.0.1:6379/13``). Run alone:
``.venv/bin/python bench/bench_refresh.py [--baseline REF] [--results N] [--no-cache]``
(``--quick``: 36 results a side, as ``bench/run.py`` runs it).
Besides the wall clock, each request's CPU (the process's) is printed: on a shared machine
the wall clock is mostly waiting for a core, which the CPU is not.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "refresh_child.py"
POSTGRES = ("127.0.0.1", 5432)
REDIS = ("127.0.0.1", 6379)
REDIS_URL = os.environ.get("BENCH_REFRESH_REDIS_URL", "redis://127.0.0.1:6379/7")
KEY_PREFIX = "bench-refresh"
KINDS = (
    "floor: a 404",
    "table refresh, unchanged",
    "table refresh, changed",
    "table refresh, another table's result (in a round)",
    "table refresh, another table's result (between rounds)",
    "standings poll, unchanged",
    "standings poll, changed (other readers)",
    "standings poll, changed (first reader)",
    "public session page, unchanged",
    "public session page, changed (first reader)",
    "a table's send",
    "a 404 through ASGI (a push channel's server)",
)
GOALS = {
    "table refresh, unchanged": 3,
    "standings poll, unchanged": 3,
    "standings poll, changed (other readers)": 10,
    # Issue 52: the public session page, drawn once per change; a table's send.
    "public session page, unchanged": 3,
    "public session page, changed (first reader)": 20,
    "a table's send": 20,
}


def _answers(address: tuple[str, int]) -> bool:
    try:
        with socket.create_connection(address, timeout=2):
            return True
    except OSError:
        return False


def _postgres(name: str, create: bool) -> None:
    import psycopg

    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        if create:
            connection.execute(f"CREATE DATABASE {name}")


def _redis_forget(prefix: str) -> None:
    """Delete this bench's keys only (the Redis may be shared: never a FLUSHDB)."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
    if keys:
        client.delete(*keys)


def _baseline_commit(ref: str) -> str:
    """Where this checkout left ``ref``: their merge base, so the baseline differs from this
    checkout by this checkout's own change only (and runs with this venv's packages)."""
    found = subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", ref, "HEAD"], check=True, capture_output=True, text=True
    )
    return found.stdout.strip()


def _baseline_tree(commit: str, directory: Path) -> Path:
    """The baseline's files as committed (its working tree is never touched)."""
    tree = directory / "baseline"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    return tree


class Side:
    """One checkout's child process, its database and its figures."""

    def __init__(self, label: str, tree: Path, directory: Path, *, postgres: bool, cache: bool) -> None:
        self.label, self.tree = label, tree
        # Another prefix (BENCH_REFRESH_PG_PREFIX) lets several checkouts run this at once.
        self.database = f"{os.environ.get('BENCH_REFRESH_PG_PREFIX', 'refresh_bench')}_{label}"
        self.prefix = f"{KEY_PREFIX}-{label}"
        self.samples: dict[str, list] = {}
        settings_dir = directory / f"settings_{label}"
        settings_dir.mkdir()
        lines = [
            "from clubscore.settings import *  # noqa: F403",
            'STORAGES["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}',
            f"STATIC_ROOT = {str(settings_dir)!r}",
        ]
        if cache:
            lines.append(f'CACHES["default"]["KEY_PREFIX"] = {self.prefix!r}  # noqa: F405')
        (settings_dir / "bench_refresh_settings.py").write_text("\n".join(lines) + "\n")
        if postgres:
            _postgres(self.database, create=True)
            url = f"postgres://postgres@127.0.0.1:5432/{self.database}"
        else:
            url = f"sqlite:///{directory}/{label}.sqlite3"
        environment = {
            **os.environ,
            "DATABASE_URL": url,
            "SECRET_KEY": "bench-only-key-" + "x" * 40,
            "DJANGO_SETTINGS_MODULE": "bench_refresh_settings",
            "DEBUG": "0",
            "SECURE_COOKIES": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",  # testserver: the ASGI test client's Host
            "CONN_MAX_AGE": "60",
            "LOG_LEVEL": "WARNING",
            # A send's settle is the timer's, after the answer: the child settles itself, untimed.
            "TABLE_SETTLE_DELAY": "3600",
            "TABLE_SETTLE_MAX_WAIT": "7200",
            "PYTHONPATH": os.pathsep.join([str(settings_dir), str(tree)]),
        }
        environment.pop("CACHE_URL", None)
        if cache:
            environment["CACHE_URL"] = REDIS_URL
        self.process = subprocess.Popen(
            [sys.executable, str(CHILD), str(tree)],
            cwd=tree,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ready(self) -> None:
        line = self.process.stdout.readline() if self.process.stdout else ""
        if not line or not json.loads(line).get("ready"):
            raise RuntimeError(f"the {self.label} side did not start: {line!r}")

    def run(self, results: int) -> None:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"run {results}\n")
        self.process.stdin.flush()
        for kind, rows in json.loads(self.process.stdout.readline()).items():
            self.samples.setdefault(kind, []).extend(rows)

    def stop(self, postgres: bool, cache: bool) -> None:
        if self.process.poll() is None and self.process.stdin:
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
            self.process.wait(timeout=60)
        if postgres:
            _postgres(self.database, create=False)
        if cache:
            _redis_forget(self.prefix)

    def median(self, kind: str) -> tuple[float, float, float, str]:
        """Median wall-clock ms, median CPU ms, median queries, and the statuses seen."""
        rows = self.samples.get(kind, [])
        if not rows:
            return float("nan"), float("nan"), float("nan"), "-"
        statuses = "/".join(sorted({str(row[2]) for row in rows}))
        wall, cpu = statistics.median(r[0] for r in rows), statistics.median(r[3] for r in rows)
        return wall, cpu, statistics.median(r[1] for r in rows), statuses


def _report(sides: list[Side]) -> None:
    floors = {side.label: side.median(KINDS[0]) for side in sides}
    header = "".join(f"  {side.label + ': wall, CPU, queries':>44}" for side in sides)
    print(f"{'request (median; ratio to the 404 floor)':56}{header}")
    for kind in KINDS:
        cells = []
        for side in sides:
            wall, cpu, queries, statuses = side.median(kind)
            floor = floors[side.label]
            cells.append(
                f"  {wall:6.2f} ms {wall / floor[0]:5.1f}x {cpu:5.2f} ms {cpu / floor[1]:5.1f}x"
                f" {queries:2.0f} q {statuses:>3}"
            )
        goal = f"   (goal: within {GOALS[kind]}x)" if kind in GOALS else ""
        print(f"{kind:56}{''.join(cells)}{goal}")
    count = len(sides[0].samples.get("a table's send", []))
    print(f"  {count} results each; CPU: this process's for the request; q: queries; HTTP status")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--baseline", default="main", help="the checkout to compare with ('none': no baseline)"
    )
    parser.add_argument("--results", type=int, default=120, help="results each side plays (at most 288)")
    parser.add_argument("--batch", type=int, default=6, help="results a side plays before the other's turn")
    parser.add_argument("--no-cache", action="store_true", help="run without CACHE_URL")
    parser.add_argument("--quick", action="store_true", help="36 results each (for bench/run.py)")
    options = parser.parse_args()
    if options.quick:
        options.results = 36
    postgres = _answers(POSTGRES)
    cache = not options.no_cache and _answers(REDIS)
    directory = Path(tempfile.mkdtemp(prefix="bench-refresh-"))
    trees = [("branch", ROOT)]
    if options.baseline != "none":
        commit = _baseline_commit(options.baseline)
        print(f"baseline: {options.baseline} as this checkout left it, {commit[:10]}", flush=True)
        trees.insert(
            0,
            (
                options.baseline.replace("/", "_").replace("-", "_"),
                _baseline_tree(commit, directory),
            ),
        )
    print(
        f"refresh: {'PostgreSQL' if postgres else 'SQLite'}, "
        f"{'CACHE_URL=' + REDIS_URL if cache else 'no CACHE_URL'}; "
        f"{' vs '.join(label for label, _ in trees)}",
        flush=True,
    )
    sides: list[Side] = []
    try:
        sides = [Side(label, tree, directory, postgres=postgres, cache=cache) for label, tree in trees]
        for side in sides:
            side.ready()
        done = 0
        while done < options.results:
            batch = min(options.batch, options.results - done)
            turn = sides if (done // options.batch) % 2 == 0 else list(reversed(sides))
            for side in turn:
                side.run(batch)
            done += batch
        _report(sides)
    finally:
        for side in sides:
            side.stop(postgres, cache)
        shutil.rmtree(directory, ignore_errors=True)
    print(f"  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
