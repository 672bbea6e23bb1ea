"""The evening benchmark's load with the pages told of changes (issue 52): streams, not polls.

Every table's phone and every open standings page holds a stream of server-sent events from
the events server (``clubscore.asgi`` under granian's ASGI) and, told its session changed,
fetches its state as ``static/live.js`` does: after a random 0.3-1.0 s (a send and its
settle are then fetched once), from the same endpoint it polls today (``?since=``, a 204 if
nothing it shows changed). The tables send their results as in ``evening_load`` (open loop,
latency from when each was due). Nothing polls.

Streams open at random moments in the first ``OPEN_SHARE`` of the warm-up (each, as a page
that opens its stream, fetches once: what it may have missed); a stream that ends or fails
is opened again after a random 0.5-3 s (a refused or failed one counts as an error). A
fetch is a sample of kind "refresh" or "poll", its latency counted from when the page asked.

The time a change takes to reach an open page (``Evening.reach``): from a send's answer to
the end of the first fetch of each of its club's standings pages that started after it
(the readers only; a phone's own result is its send's answer).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bench.evening_load import (
    _STAMP,
    ACCEPT_LANGUAGE,
    EXPECTED,
    TIMEOUT,
    Client,
    Evening,
    Reader,
    Sample,
    Table,
    _one,
)

ROOT = Path(__file__).resolve().parent.parent
OPEN_SHARE = 0.6
FETCH_AFTER = (0.3, 1.0)  # static/live.js: a random pause before the fetch, a burst fetched once
REOPEN_AFTER = (0.5, 3.0)


class Streams:
    """Every page's stream for one phase, and what they were told."""

    def __init__(self, events_port: int, client: Client, evening: Evening, warmup: float) -> None:
        self.port = events_port
        self.client = client
        self.evening = evening
        self.warmup = warmup
        self.started = time.perf_counter()
        self.stopping = asyncio.Event()
        self.samples: list[Sample] = []
        self.warming: list[Sample] = []
        self.refused: list[Sample] = []  # streams refused or failed (errors)
        self.opened = 0
        self.open_now = 0
        self.most_open = 0
        self.told = 0
        self.ignored = 0  # events a phone in a round let pass (another table's result, a settle)
        self.tasks: set[asyncio.Task] = set()
        self.rng = random.Random(52)

    def _out(self) -> list[Sample]:
        return self.warming if time.perf_counter() - self.started < self.warmup else self.samples

    def start(self) -> None:
        spread = self.warmup * OPEN_SHARE
        for table in self.evening.tables:
            self._spawn(self._hold(f"/table/{table.phone.token}/events/", table, self.rng.uniform(0, spread)))
        for reader in self.evening.readers:
            self._spawn(
                self._hold(f"/session/{reader.session_id}/events/", reader, self.rng.uniform(0, spread))
            )

    def _spawn(self, coroutine) -> None:
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def stop(self) -> None:
        self.stopping.set()
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=10)

    async def _hold(self, path: str, who: Table | Reader, after: float) -> None:
        """Hold one page's stream: open it, hear it, open it again when it ends."""
        await asyncio.sleep(after)
        pending = {"fetch": False}
        while not self.stopping.is_set():
            asked = time.perf_counter()
            try:
                ended = await self._listen(path, lambda told: self._changed(who, pending, told))
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as error:
                ended = repr(error)
            if ended and not self.stopping.is_set():  # refused or failed: an error, as a page's
                took = (time.perf_counter() - asked) * 1000
                self._out().append(Sample("stream", took, 0, 0.0, ended[:300]))
            await asyncio.sleep(self.rng.uniform(*REOPEN_AFTER))

    async def _listen(self, path: str, on_change: Callable[[dict], None]) -> str:
        """One stream from open to end: "" if it ended as streams end, else what went wrong."""
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", self.port), TIMEOUT)
        try:
            head = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nAccept: text/event-stream\r\n"
            if ACCEPT_LANGUAGE:
                head += f"Accept-Language: {ACCEPT_LANGUAGE}\r\n"
            writer.write((head + "\r\n").encode())
            header = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), TIMEOUT)
            status = int(header.split(b" ", 2)[1])
            if status != 200:
                return f"stream HTTP {status}"
            chunked = b"chunked" in header.lower()
            self.opened += 1
            self.open_now += 1
            self.most_open = max(self.most_open, self.open_now)
            try:
                buffer = b""
                while True:
                    if chunked:
                        size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                        if size == 0:
                            return ""
                        data = await reader.readexactly(size + 2)
                        buffer += data[:-2]
                    else:
                        data = await reader.read(65536)
                        if not data:
                            return ""
                        buffer += data
                    while b"\n\n" in buffer:
                        block, buffer = buffer.split(b"\n\n", 1)
                        if block.startswith(b"event: changed"):
                            self.told += 1
                            on_change(_told(block))
                        elif block.startswith(b"event: end"):
                            return ""
            finally:
                self.open_now -= 1
        finally:
            writer.close()

    def _changed(self, who: Table | Reader, pending: dict, told: dict) -> None:
        if isinstance(who, Table) and not _concerns(who.stamp, told):
            self.ignored += 1
            return
        if pending["fetch"]:
            return
        pending["fetch"] = True

        async def fetch() -> None:
            await asyncio.sleep(self.rng.uniform(*FETCH_AFTER))
            pending["fetch"] = False
            if not self.stopping.is_set():
                await _fetch(self.client, self.evening, who, self._out())

        self._spawn(fetch())


def _told(block: bytes) -> dict:
    """What a ``changed`` event says changed (its ``data:`` line's JSON)."""
    for line in block.split(b"\n"):
        if line.startswith(b"data:"):
            try:
                found = json.loads(line[5:])
            except ValueError:
                return {}
            return found if isinstance(found, dict) else {}
    return {}


def _concerns(stamp: str, told: dict) -> bool:
    """Whether a phone holding ``stamp`` fetches for the change ``told``, as static/table-entry.js
    decides: a narrow state ("session.table.digest.n...") only for its own table's result or anything."""
    parts = stamp.split(".")
    if len(parts) != 4 or not parts[3].startswith("n"):
        return True
    if told.get("kind") == "settled":
        return False
    table = told.get("table")
    return not (told.get("kind") == "result" and table is not None and str(table) != parts[1])


async def _fetch(client: Client, evening: Evening, who: Table | Reader, out: list[Sample]) -> None:
    """The page's fetch after its stream told it: the same request as its poll."""
    due = time.perf_counter()
    if isinstance(who, Table):
        since = f"?since={who.stamp}" if who.stamp else ""
        status, content = await client.call("GET", f"/table/{who.phone.token}/state/{since}", due=due)
        kind = "refresh"
        if status == 200:
            who.stamp = json.loads(content).get("stamp") or ""
    else:
        status, content = await client.call(
            "GET", f"/session/{who.session_id}/standings/?since={who.stamp}", due=due
        )
        kind = "poll"
        if status == 200:
            found = _STAMP.search(content)
            who.stamp = found.group(1).decode() if found else ""
            evening.reached(who, due)
    took = (time.perf_counter() - due) * 1000
    detail = "" if status in EXPECTED[kind] else content[:300].decode(errors="replace")
    out.append(Sample(kind, took, status, 0.0, detail))


def play_push(
    port: int,
    events_port: int,
    evening: Evening,
    seconds: float,
    warmup: float,
    connections: int,
    headers: dict,
    *,
    on_steady: Callable[[], object] = lambda: None,
) -> tuple[list[Sample], Streams]:
    """Run ``warmup + seconds`` of the evening with every page on a stream; return the samples after
    the warm-up (sends, the fetches the streams asked for, the streams that failed) and the streams."""
    due = [item for item in evening.schedule(warmup + seconds) if item[1] == "send"]
    holder: dict[str, Streams] = {}

    async def main() -> list[Sample]:
        client = Client(port, connections, headers)
        streams = Streams(events_port, client, evening, warmup)
        holder["streams"] = streams
        streams.start()
        loop = asyncio.get_running_loop()
        steady = loop.call_at(loop.time() + warmup, lambda: loop.run_in_executor(None, on_steady))
        sends: list[Sample] = []
        warming: list[Sample] = []
        tasks = set()
        started = streams.started
        for at, kind, who in due:
            wait = started + at - time.perf_counter()
            if wait > 0.0005:
                await asyncio.sleep(wait)
            out = warming if at < warmup else sends
            task = asyncio.create_task(_one(client, evening, kind, who, started + at, out))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        left = started + warmup + seconds - time.perf_counter()
        if left > 0:
            await asyncio.sleep(left)
        await streams.stop()
        if tasks:
            await asyncio.wait(tasks, timeout=2 * TIMEOUT + 5)
        steady.cancel()
        while not client.pool.empty():
            client.pool.get_nowait().close()
        return sends + streams.samples

    samples = asyncio.run(main())
    return samples, holder["streams"]


def events_server(port: int, log: Path, workers: int) -> subprocess.Popen:
    """granian's ASGI beside the WSGI workers: the pages' streams (clubscore.asgi, decision 0082)."""
    command = [sys.executable, "-m", "granian", "clubscore.asgi:application", "--interface", "asgi"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers), "--http", "1"]
    command += ["--no-ws", "--working-dir", str(ROOT), "--log-level", "warning", "--backpressure", "30000"]
    command += ["--backlog", "4096", "--workers-kill-timeout", "5"]
    env = dict(os.environ, CLUBSCORE_EVENTS="asgi", CLUBSCORE_EVENTS_PER_CLIENT="0")
    with log.open("wb") as output:
        return subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)


def events_up(process: subprocess.Popen, port: int, log: Path, session_id: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the events server exited:\n{log.read_text()[-3000:]}")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", f"/session/{session_id}/events/")
            response = connection.getresponse()
            connection.close()
            if response.status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the events server did not answer within 60 s:\n{log.read_text()[-3000:]}")
