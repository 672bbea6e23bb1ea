"""The server's CPU a request of an evening, by HTTP server and by checkout, side by side.

One throwaway PostgreSQL database (``bench_evening``'s set-up, Redis as the shared cache)
with ``--clubs`` clubs in play; then, in turns (``--rounds``, each round every server in
the order reversed from the last's), each server in ``--servers`` is started, driven by
this process's open loop at a fixed rate for ``--seconds``, and stopped. A server is
``gunicorn`` or ``granian`` (``table_entry_server.server_command``), optionally ``@PATH``:
the site of another checkout (main's, say) against the same database, so a change is
measured against what it changes under the same load.

The rate is an evening's per club (``evening_load``: a refresh every 15 s a table, a poll
every 15 s by each of ten readers a club, a result every 450 s a table) times ``--speed``,
so a few clubs ask what many would without setting up many (the share of changed pages
is the same: results come ``--speed`` times as often too). ``--unchanged`` sends no
result: every refresh and poll after the first is a 204, the evening's dominant request.

Each run prints, for each server, the requests a second it served, their p50 and p99, the
share answered 204, and the CPU the server's processes (its master and every worker, from
/proc) and PostgreSQL's backends spent a request; then each figure's median over the rounds
and its ratio to the first server's. The client shares the machine but not the processes
measured: the CPU figures hold whatever else runs (the wall-clock ones do not).

``.venv/bin/python bench/bench_servers.py --clubs 20 --speed 5 --seconds 30 --rounds 3 --unchanged``;
``--servers gunicorn,granian,granian@/work/main``. Figures: docs/scaling.md, "The HTTP server and
the unchanged requests' own path".
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import bench_evening as evening_bench  # noqa: E402
from bench import evening_load  # noqa: E402
from bench import table_entry_server as server  # noqa: E402
from bench.table_entry_phones import percentile  # noqa: E402


@dataclass(frozen=True)
class Spec:
    """A server to measure: its kind, its threads a worker (None: ``--threads``), the checkout it serves."""

    kind: str
    root: Path
    threads: int | None = None

    @classmethod
    def parse(cls, text: str) -> Spec:
        """``kind[:threads][@checkout]``, as ``granian``, ``granian:2``, ``gunicorn@/work/main``."""
        name, _, root = text.partition("@")
        kind, _, threads = name.partition(":")
        if kind not in server.SERVERS:
            raise SystemExit(f"no such server: {kind} (one of {', '.join(server.SERVERS)})")
        if threads and not threads.isdigit():
            raise SystemExit(f"{text}: threads must be a whole number, as granian:2")
        return cls(kind, Path(root).resolve() if root else ROOT, int(threads) if threads else None)

    def name(self) -> str:
        name = self.kind if self.threads is None else f"{self.kind}:{self.threads}"
        return name if self.root == ROOT else f"{name}@{self.root}"


@dataclass(frozen=True)
class Figures:
    rate: float  # requests a second served
    p50: float
    p99: float
    unchanged: float  # share of refreshes and polls answered 204
    app: float  # ms of the server's CPU a request
    database: float  # ms of PostgreSQL's CPU a request
    errors: int


def _measure(spec: Spec, options: argparse.Namespace, evening, directory: Path) -> Figures:
    """Start ``spec``, play the evening at its rate for ``--warmup`` + ``--seconds``, stop it."""
    port, log = server.free_port(), directory / f"{spec.kind}.log"
    threads = options.threads if spec.threads is None else spec.threads
    env = os.environ.copy()
    if spec.root != ROOT:  # the other checkout's modules first (the settings module stays the bench's)
        env["PYTHONPATH"] = os.pathsep.join([str(directory), str(spec.root)])
    extra = ("--keep-alive", "75") if spec.kind == "gunicorn" else ()
    process = server.serve(port, options.workers, threads, log, env, extra, kind=spec.kind, root=spec.root)
    try:
        server.wait_until_up(process, port, log)
        headers = evening_bench._send_headers(port, evening.tables[0].phone.token)
        meter = evening_bench.Meter(process.pid)
        samples = evening_load.play(
            port,
            evening,
            options.seconds,
            options.warmup,
            options.connections,
            headers,
            on_steady=meter.start,
        )
        meter.stop()
    finally:
        server.stop(process)
    return _figures(samples, options.seconds, meter.figures)


def _figures(samples: list, seconds: float, cores: dict[str, float]) -> Figures:
    rate = len(samples) / seconds
    reads = [s for s in samples if s.kind != "send"]
    taken = [s.milliseconds for s in samples] or [0.0]
    errors = sum(s.status not in evening_load.EXPECTED[s.kind] for s in samples)
    return Figures(
        rate=rate,
        p50=percentile(taken, 0.5),
        p99=percentile(taken, 0.99),
        unchanged=sum(s.status == 204 for s in reads) / max(1, len(reads)),
        app=cores["server"] / rate * 1000 if rate else 0.0,
        database=cores["database"] / rate * 1000 if rate else 0.0,
        errors=errors,
    )


def _print(name: str, figures: Figures) -> None:
    print(
        f"  {name:40} {figures.rate:6.1f}/s p50 {figures.p50:6.1f} ms p99 {figures.p99:7.1f} ms "
        f"{100 * figures.unchanged:3.0f}% 204; CPU a request: server {figures.app:5.2f} ms, "
        f"PostgreSQL {figures.database:5.2f} ms; {figures.errors} errors; load {os.getloadavg()[0]:.1f}",
        flush=True,
    )


def _summary(specs: list[Spec], runs: dict[Spec, list[Figures]]) -> None:
    first = specs[0]

    def median(spec: Spec, field: str) -> float:
        return statistics.median(getattr(figures, field) for figures in runs[spec])

    print(f"medians of {len(runs[first])} rounds (ratio to {first.name()}):", flush=True)
    for spec in specs:
        parts = []
        for field, label in (("app", "server"), ("database", "PostgreSQL")):
            value, base = median(spec, field), median(first, field)
            parts.append(f"{label} {value:5.2f} ms ({value / base if base else 0:4.2f}x)")
        both = median(spec, "app") + median(spec, "database")
        base = median(first, "app") + median(first, "database")
        print(
            f"  {spec.name():40} CPU a request: {', '.join(parts)}, both {both:5.2f} ms "
            f"({both / base if base else 0:4.2f}x); p50 {median(spec, 'p50'):6.1f} ms, "
            f"p99 {median(spec, 'p99'):7.1f} ms",
            flush=True,
        )


def run(options: argparse.Namespace) -> int:
    specs = [Spec.parse(text) for text in options.servers.split(",")]
    evening_load.REFRESH_EVERY /= options.speed
    evening_load.ACCEPT_LANGUAGE = None if options.no_language else evening_load.ACCEPT_LANGUAGE
    evening_load.POLL_EVERY /= options.speed
    evening_load.SEND_EVERY = 1e12 if options.unchanged else evening_load.SEND_EVERY / options.speed
    directory = Path(tempfile.mkdtemp(prefix="bench-servers-"))
    runs: dict[Spec, list[Figures]] = {spec: [] for spec in specs}
    try:
        evening_bench._setup(directory, cache=True)
        evening, sessions = evening_load.Evening(), []
        evening_bench._add_clubs(evening, 0, options.clubs, sessions)
        period = evening_load.REFRESH_EVERY
        mix = "no results: every refresh and poll 204" if options.unchanged else "the evening mix"
        print(
            f"servers: {options.clubs} clubs x {options.speed:g} an evening's rate "
            f"({mix}; Accept-Language {evening_load.ACCEPT_LANGUAGE}); "
            f"{options.workers} workers x {options.threads} threads; {options.warmup:.0f} s warm-up + "
            f"{options.seconds:.0f} s a server a round",
            flush=True,
        )
        primer = argparse.Namespace(**{**vars(options), "warmup": 0.0, "seconds": period + 1})
        _measure(specs[0], primer, evening, directory)  # every phone's and reader's first (full) load
        for round_ in range(options.rounds):
            print(f"round {round_ + 1}:", flush=True)
            for spec in specs if round_ % 2 == 0 else specs[::-1]:
                figures = _measure(spec, options, evening, directory)
                runs[spec].append(figures)
                _print(spec.name(), figures)
        _summary(specs, runs)
        return 1 if any(f.errors for figures in runs.values() for f in figures) else 0
    finally:
        server.drop_postgres()
        evening_bench._forget_keys()
        shutil.rmtree(directory, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--servers", default="gunicorn,granian", help="kind[:threads][@checkout],... (first: the base)"
    )
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--speed", type=float, default=5.0, help="times an evening's rate a club")
    parser.add_argument("--seconds", type=float, default=30.0, help="counted seconds a server a round")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before the count")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--connections", type=int, default=64, help="the client's keep-alive connections")
    parser.add_argument("--unchanged", action="store_true", help="no results: the 204s alone")
    parser.add_argument(
        "--no-language", action="store_true", help="the client names no language (the club's is read)"
    )
    options = parser.parse_args()
    reason = server.postgres_up()
    if reason:
        print(f"servers: skipped, {reason}")
        return 0
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(1))
    started = time.perf_counter()
    try:
        return run(options)
    finally:
        print(f"servers: {time.perf_counter() - started:.0f} s in all", flush=True)


if __name__ == "__main__":
    sys.exit(main())
