"""The national benchmark's load: every club's tables sending at once, and readers polling.

Phones: a pool of client threads takes the tables in turn (a table opens its page for its
CSRF token, then sends one board a turn, and goes back to the end of the queue), so every
table of every club is in play at once and each table's boards go in order, as the page
sends them. The pool is closed-loop: an entry's latency is the queue of the other
threads' requests ahead of it, and the results a second are what the server keeps up with.

Readers: a standings page polls ``/session/<id>/standings/?since=<stamp>`` every
``poll`` seconds (the public page's own period), answered 204 when nothing changed. The
readers' threads keep to that aggregate rate (readers / poll a second), each reader with
its own club and its last stamp, until the phones are done.
"""

from __future__ import annotations

import collections
import http.client
import json
import re
import threading
import time
from dataclasses import dataclass, field

from bench.national_clubs import Phone

_CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_STAMP = re.compile(r'data-stamp="([^"]*)"')


@dataclass
class Timing:
    session_id: int
    milliseconds: float
    status: int
    body: str = ""


@dataclass
class Load:
    entries: list[Timing] = field(default_factory=list)
    table_pages: list[Timing] = field(default_factory=list)
    reads: list[Timing] = field(default_factory=list)
    wall: float = 0.0
    stopped_early: bool = False


class KeepAliveClient:
    """One thread's keep-alive connection; reconnects after a dropped one."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def request(self, method: str, path: str, body: str | None = None, headers: dict | None = None):
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=headers or {})
            response = self.connection.getresponse()
            text = response.read().decode(errors="replace")
            status, cookies = response.status, response.headers.get_all("Set-Cookie") or []
        except Exception as error:  # a refused or dropped connection is an error like any other
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            status, text, cookies = 0, repr(error), []
        return status, text, cookies, (time.perf_counter() - started) * 1000


@dataclass
class _Table:
    phone: Phone
    sent: int = 0
    headers: dict | None = None


def _phone_turn(client: KeepAliveClient, table: _Table, load: Load) -> None:
    """The table's next step: open its page (the first turn), else send its next board."""
    phone, path = table.phone, f"/table/{table.phone.token}/"
    if table.headers is None:
        status, text, cookies, ms = client.request("GET", path)
        load.table_pages.append(Timing(phone.session_id, ms, status, "" if status == 200 else text[:300]))
        cookie = next((c.split(";", 1)[0] for c in cookies if c.startswith("csrftoken=")), "")
        found = _CSRF_INPUT.search(text)
        table.headers = {
            "Content-Type": "application/json",
            "X-CSRFToken": found.group(1) if found else "",
            "Cookie": cookie,
            "Origin": f"http://127.0.0.1:{client.port}",
        }
        return
    body = json.dumps(phone.bodies[table.sent])
    status, text, _, ms = client.request("POST", path + "results/", body, table.headers)
    load.entries.append(Timing(phone.session_id, ms, status, "" if status == 201 else text[:300]))
    table.sent += 1


def _phones(port: int, queue: collections.deque, lock: threading.Lock, load: Load, deadline: float) -> None:
    client = KeepAliveClient(port)
    while time.monotonic() < deadline:
        with lock:
            if not queue:
                return
            table = queue.popleft()
        _phone_turn(client, table, load)
        if table.sent < len(table.phone.bodies):
            with lock:
                queue.append(table)
    load.stopped_early = True


def _readers(port: int, clock: dict, lock: threading.Lock, load: Load, done: threading.Event) -> None:
    """Poll standings at the readers' aggregate rate until the phones are done."""
    client = KeepAliveClient(port)
    while not done.is_set():
        with lock:
            turn = clock["next"]
            clock["next"] += 1
        session_id, stamps = clock["sessions"][turn % len(clock["sessions"])], clock["stamps"]
        reader = turn % clock["readers"]
        delay = clock["start"] + turn * clock["interval"] - time.monotonic()
        if delay > 0 and done.wait(delay):
            return
        status, text, _, ms = client.request(
            "GET", f"/session/{session_id}/standings/?since={stamps.get(reader, '')}"
        )
        if status == 200:
            found = _STAMP.search(text)
            stamps[reader] = found.group(1) if found else ""
        load.reads.append(Timing(session_id, ms, status, "" if status in (200, 204) else text[:300]))


def play_evening(
    port: int,
    phones: list[Phone],
    session_ids: list[int],
    *,
    phone_threads: int,
    reader_threads: int,
    readers: int,
    poll: float,
    seconds: float,
) -> Load:
    """Every table sends its boards while the readers poll; stop after ``seconds`` at the latest."""
    load = Load()
    # Tables interleaved across clubs, so every club is in play from the first moment.
    order = sorted(phones, key=lambda phone: (phone.table, phone.club))
    queue, queue_lock = collections.deque(_Table(phone) for phone in order), threading.Lock()
    done = threading.Event()
    clock = {"next": 0, "start": time.monotonic(), "interval": poll / readers, "readers": readers}
    clock |= {"sessions": session_ids, "stamps": {}}
    started, deadline = time.perf_counter(), time.monotonic() + seconds
    workers = [
        threading.Thread(target=_phones, args=(port, queue, queue_lock, load, deadline), daemon=True)
        for _ in range(phone_threads)
    ]
    clock_lock = threading.Lock()  # one clock for all the readers
    watchers = [
        threading.Thread(target=_readers, args=(port, clock, clock_lock, load, done), daemon=True)
        for _ in range(reader_threads)
    ]
    for thread in workers + watchers:
        thread.start()
    for thread in workers:
        thread.join(timeout=seconds + 150)
    load.wall = time.perf_counter() - started
    done.set()
    for thread in watchers:
        thread.join(timeout=150)
    return load
