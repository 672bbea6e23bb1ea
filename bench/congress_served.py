"""The congress's pages served by gunicorn to many readers at once, by worker count.

``bench_congress.py`` times each page alone, in process. Here a pool of reader threads
asks for the same pages (in turn, each thread from its own place in the list) through
gunicorn over HTTP for a fixed time, with 1 and then 2 worker processes: how many pages
a second the server gives a congress's players and at what latency, and how that scales
with a second process. The readers run on the same two cores, so the benchmark also
prints their own CPU share.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench import table_entry_server as server
from bench.national_load import KeepAliveClient
from bench.table_entry_phones import percentile


@dataclass
class Served:
    milliseconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _reader(port: int, paths: list[str], start: int, until: float, served: Served) -> None:
    client, turn = KeepAliveClient(port), start
    while time.monotonic() < until:
        path = paths[turn % len(paths)]
        turn += 1
        status, text, _, elapsed = client.request("GET", path)
        with served.lock:
            served.milliseconds.append(elapsed)
            if status not in (200, 204):
                served.errors.append(f"HTTP {status} {path}: {text[:200]}")


def _round(port: int, paths: list[str], readers: int, seconds: float) -> tuple[Served, float, float]:
    """``readers`` threads reading for ``seconds``: what was served, the wall time, their CPU."""
    served, client_cpu, started = Served(), time.process_time(), time.perf_counter()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=_reader, args=(port, paths, number, until, served), daemon=True)
        for number in range(readers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 90)
    return served, time.perf_counter() - started, time.process_time() - client_cpu


def serve_readers(paths: list[str], workers: int, *, readers: int, seconds: float, directory: Path) -> int:
    """Serve ``paths`` with ``workers`` gunicorn processes to ``readers`` threads; print; 1 on errors."""
    from django.db import connections

    connections.close_all()
    port, log = server.free_port(), directory / f"gunicorn-congress-{workers}.log"
    process = server.serve(port, workers, 4, log)
    try:
        server.wait_until_up(process, port, log)
        _round(port, paths, readers, 3.0)  # every worker loads its templates and connections
        served, wall, client_cpu = _round(port, paths, readers, seconds)
    finally:
        server.stop(process)
    times = served.milliseconds
    print(
        f"congress served: {workers} worker{'s' if workers > 1 else ''} x 4 threads, {readers} readers: "
        f"{len(times) / wall:.0f} pages/s, p50/p99 {percentile(times, 0.5):.0f}/"
        f"{percentile(times, 0.99):.0f} ms, {len(served.errors)} errors "
        f"(the readers' own CPU {client_cpu / wall:.2f} cores)",
        flush=True,
    )
    for error in served.errors[:5]:
        print(f"  error: {error}")
    return 1 if served.errors else 0
