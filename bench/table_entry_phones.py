"""The table-entry benchmark's tables: 30 phones that send their last round at once."""

from __future__ import annotations

import http.client
import json
import math
import re
import threading
import time
from dataclasses import dataclass

from bench.table_entry_session import TableSends

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


def wait_until_settled(session, timeout: float = 10.0) -> float | None:
    """Seconds until the server has rescored every board the sends marked (None: not within ``timeout``).

    The server rescores once the sends pause (``TABLE_SETTLE_DELAY``), in the background;
    the check afterwards reads what it stored.
    """
    from django.db import connections

    from tournaments.night.models import Board

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
