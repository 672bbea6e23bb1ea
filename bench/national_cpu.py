"""CPU seconds the server side spent: the HTTP server's workers and the database's backends.

The machine is shared (other programs' load shows in the wall-clock figures), so the
national benchmark also reports the CPU its own server processes used, read from /proc
just before gunicorn stops: what a result and a poll cost, whoever else was running.
And the whole machine's busy time over the round (``machine_busy``), beside the
benchmark's own client threads' CPU: whether the cores were the limit, and who had them.
Linux only; elsewhere the figures are None.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(pid: int) -> float:
    """User and system CPU of one process (its threads included), or 0 if it has gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICKS  # utime, stime (fields 14, 15)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of one process so far (0 if it has gone)."""
    return _cpu_seconds(pid)


def _children(pid: int) -> list[int]:
    children = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):  # the thread ended meanwhile
            children += [int(child) for child in task.read_text().split()]
    return children


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants (granian's workers are a spawner's children)."""
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += _children(found[-1])
    return found


def server_cpu(master: int) -> float | None:
    """CPU seconds of a server's master and its workers (all its descendants) so far."""
    if not Path(f"/proc/{master}").exists():
        return None
    return sum(_cpu_seconds(pid) for pid in _tree(master))


gunicorn_cpu = server_cpu  # its first name: gunicorn's master and workers


def database_cpu(database: str) -> float | None:
    """CPU seconds of the PostgreSQL backends connected to ``database`` now (the server's, if local)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [database]
        )
        pids = [row[0] for row in cursor.fetchall()]
    if not pids or not Path(f"/proc/{pids[0]}").exists():
        return None
    return sum(_cpu_seconds(pid) for pid in pids)


def machine_busy() -> tuple[float, float] | None:
    """Seconds of CPU the whole machine has spent busy and idle since boot (all cores summed)."""
    try:
        ticks = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle, iowait
    return (sum(ticks) - idle) / _TICKS, idle / _TICKS
