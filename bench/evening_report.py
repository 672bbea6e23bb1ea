"""The evening benchmark's figures: the CPU of each part of the box, and each step's report."""

from __future__ import annotations

import os
import time

from bench import table_entry_server as server
from bench.evening_load import EXPECTED, KINDS, READERS_A_CLUB, Evening, Sample
from bench.national_cpu import cpu_seconds as database_cpu_of
from bench.national_cpu import machine_busy, server_cpu
from bench.table_entry_phones import percentile

REACH_GOAL_MS = 2000.0
# A change's reach is counted for the sends answered in the counted minute up to this many
# seconds before its end (a poll every 15 s must have had its chance to come).
REACH_WINDOW_END = 16.0


class Meter:
    """The CPU the machine, the HTTP server, PostgreSQL and this client spent between ``start`` and
    ``stop``."""

    def __init__(self, *masters: int) -> None:
        self.masters = masters
        self.before: tuple = ()
        self.figures: dict[str, float] = {}

    def _read(self) -> tuple:
        busy = machine_busy()
        return (
            time.perf_counter(),
            busy[0] if busy else 0.0,
            sum(server_cpu(master) or 0.0 for master in self.masters),
            _backends_cpu(),
            time.process_time(),
        )

    def start(self) -> None:
        self.before = self._read()

    def stop(self) -> None:
        after = self._read()
        seconds = after[0] - self.before[0]
        spent = [(after[n] - self.before[n]) / seconds for n in (1, 2, 4)]
        self.figures = dict(zip(("machine", "server", "client"), spent, strict=True))
        # Each backend's CPU since the start (all of it for one that connected since); one
        # that closed meanwhile is lost: connections are kept 60 s, so few do.
        database = sum(cpu - self.before[3].get(pid, 0.0) for pid, cpu in after[3].items())
        self.figures["database"] = database / seconds
        self.figures["seconds"] = seconds


def _backends_cpu() -> dict[int, float]:
    """CPU seconds of each PostgreSQL backend of the benchmark's database now, by process id."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [server.POSTGRES_NAME],
        )
        pids = [row[0] for row in cursor.fetchall()]
    return {pid: database_cpu_of(pid) for pid in pids}


def step_report(
    clubs: int, samples: list[Sample], seconds: float, meter: Meter, name: str = "granian", mode: str = ""
) -> tuple[float, list[Sample]]:
    """Print the step's figures; return its worst p99 and its errors."""
    errors = [s for s in samples if s.status not in EXPECTED[s.kind]]
    requests = [s for s in samples if s.kind != "stream"]
    print(
        f"evening{f' ({mode})' if mode else ''}: {clubs} clubs, {len(requests) / seconds:.0f} requests/s, "
        f"{len(errors)} errors; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        flush=True,
    )
    worst = 0.0
    for kind in KINDS:
        taken = [s.milliseconds for s in samples if s.kind == kind]
        if not taken:
            print(f"  {kind:8} none in the step", flush=True)
            continue
        p50, p99 = percentile(taken, 0.5), percentile(taken, 0.99)
        worst = max(worst, p99)
        unchanged = sum(s.status == 204 for s in samples if s.kind == kind)
        share = f", {100 * unchanged / len(taken):.0f}% unchanged (204)" if kind != "send" else ""
        rate = len(taken) / seconds
        print(
            f"  {kind:8} {len(taken):6} ({rate:6.1f}/s): p50 {p50:7.1f} ms, p99 {p99:7.1f} ms{share}",
            flush=True,
        )
    cores = meter.figures
    rest = max(0.0, cores["machine"] - cores["server"] - cores["database"] - cores["client"])
    late = percentile([s.late for s in requests], 0.99) if requests else 0.0
    print(
        f"  busy cores: the machine {cores['machine']:.2f} of {os.cpu_count()} ({name} "
        f"{cores['server']:.2f}, PostgreSQL {cores['database']:.2f}, this client {cores['client']:.2f}, "
        f"the rest {rest:.2f}); the client dispatched p99 {late:.1f} ms late",
        flush=True,
    )
    served = len(requests) / seconds
    if served:
        cost = (cores["server"] + cores["database"]) / served * 1000
        per_club = served / clubs
        cpus = os.cpu_count() or 1
        print(
            f"  server CPU a request {cost:.1f} ms ({name} and PostgreSQL): at {per_club:.2f} requests a "
            f"second a club, {cpus} cores of it alone would serve {cpus * 1000 / cost / per_club:.0f} "
            "clubs (derived, not measured: Redis, the client and the kernel left out)",
            flush=True,
        )
    return worst, errors


def reach_report(evening: Evening, clubs: int, steady: float, seconds: float) -> float:
    """Print how long a change took to reach the open standings pages; return its p99 (ms; inf if
    more than 1% of the pages never showed it within the step, or if no change was sent)."""
    window = (steady, steady + seconds - REACH_WINDOW_END)
    sends = sum(window[0] <= at <= window[1] for times in evening.sent_at.values() for at in times)
    taken = sorted(ms for answered, ms in evening.reach if window[0] <= answered <= window[1])
    expected = sends * READERS_A_CLUB
    if not expected:
        print("  change   none sent in the step's window", flush=True)
        return float("inf")
    missing = max(0, expected - len(taken))
    ranked = taken + [float("inf")] * missing
    p50, p99 = percentile(ranked, 0.5), percentile(ranked, 0.99)
    print(
        f"  change   {len(taken):6} of {expected} (a send's answer to each of its club's {READERS_A_CLUB} "
        f"standings pages): p50 {p50:7.1f} ms, p99 {p99:7.1f} ms",
        flush=True,
    )
    return p99
