"""The evening benchmark's load: an open loop at an evening's own rates, and what each request took.

An evening does not wait for the server: each table's phone refreshes its state every
15 s and sends a result about every 7.5 minutes, each of a club's ten open standings
pages polls every 15 s, whether or not the last answer has come. So every request here
is *scheduled* (each table and each reader its own period and a random phase) and its
latency is counted from the moment it was due, not from when a connection was free: a
server that falls behind shows it as latency, as a phone would (the closed loop of
``national_load.py`` only slows down instead).

The client is one asyncio loop speaking plain HTTP/1.1 over a pool of keep-alive
connections (``http.client`` in threads costs several times the CPU a request, and the
client shares the server's two cores). How late the loop itself dispatched each request
is kept too (``late``): if it grows, the client, not the server, is the limit.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from bench.national_clubs import Phone

SEND_EVERY = 450.0  # a table's result every ~7.5 minutes (24-27 boards in about three hours)
REFRESH_EVERY = 15.0  # each table's phone reloads its round's state
POLL_EVERY = 15.0  # each open standings page
READERS_A_CLUB = 10
TIMEOUT = 30.0  # a request not answered by then is an error
# A phone's browser names its language; without it every page would read its club's
# (``core.language.ClubLocaleMiddleware``: a query a request). ``None``: a browser naming none.
ACCEPT_LANGUAGE: str | None = "en"

_STAMP = re.compile(rb'data-stamp="([^"]*)"')
KINDS = ("send", "refresh", "poll")
# "stream": a page's stream of changes refused or failed (evening_push.py), an error always.
EXPECTED = {"send": (200, 201), "refresh": (200, 204), "poll": (200, 204), "stream": (200,)}


@dataclass
class Sample:
    kind: str
    milliseconds: float  # from the moment it was due to the answer's last byte
    status: int  # 0: no answer (refused, dropped, timed out)
    late: float  # ms the loop dispatched it after it was due
    detail: str = ""


@dataclass
class Table:
    """One table's phone: its stamp, its sends so far, and when its next send and refresh are due."""

    phone: Phone
    stamp: str = ""
    sent: int = 0
    next_send: float = 0.0  # seconds of play from the step's start
    next_refresh: float = 0.0


@dataclass
class Reader:
    session_id: int
    stamp: str = ""
    next_poll: float = 0.0
    seen: float = 0.0  # when the fetch that gave its stamp was asked (perf_counter)


@dataclass
class Evening:
    """Everyone in play, and the sends each session has had accepted."""

    tables: list[Table] = field(default_factory=list)
    readers: list[Reader] = field(default_factory=list)
    accepted: dict[int, int] = field(default_factory=dict)  # session -> results stored
    # session -> sends whose answer never came (timed out or dropped after being sent):
    # the server may or may not have stored them
    unanswered: dict[int, int] = field(default_factory=dict)
    rng: random.Random = field(default_factory=lambda: random.Random(33))
    # session -> when each of its accepted sends was answered (perf_counter)
    sent_at: dict[int, list[float]] = field(default_factory=dict)
    # (when a send was answered, ms until one of its club's standings pages showed it: the end
    # of that page's first changed fetch asked after the answer), a pair a page
    reach: list[tuple[float, float]] = field(default_factory=list)

    def reached(self, reader: Reader, asked: float) -> None:
        """A reader's fetch asked at ``asked`` came back changed: it shows every send answered
        before it asked and after its last such fetch."""
        now = time.perf_counter()
        for answered in self.sent_at.get(reader.session_id, ()):
            if reader.seen < answered <= asked:
                self.reach.append((answered, (now - answered) * 1000))
        reader.seen = asked

    def join(self, phones: Iterable[Phone], sessions: Iterable[int]) -> None:
        """New clubs come into play, each table and reader at a random phase of its period."""
        for phone in phones:
            self.tables.append(
                Table(
                    phone,
                    next_send=self.rng.uniform(0, SEND_EVERY),
                    next_refresh=self.rng.uniform(0, REFRESH_EVERY),
                )
            )
        for session in sessions:
            self.readers += [
                Reader(session, next_poll=self.rng.uniform(0, POLL_EVERY)) for _ in range(READERS_A_CLUB)
            ]

    def schedule(self, seconds: float) -> list[tuple[float, str, object]]:
        """Every request due in the next ``seconds`` of play, in time order; the clocks move on."""
        due: list[tuple[float, str, object]] = []
        for table in self.tables:
            while table.next_refresh < seconds:
                due.append((table.next_refresh, "refresh", table))
                table.next_refresh += REFRESH_EVERY
            table.next_refresh -= seconds
            while table.next_send < seconds:
                due.append((table.next_send, "send", table))
                table.next_send += SEND_EVERY
            table.next_send -= seconds
        for reader in self.readers:
            while reader.next_poll < seconds:
                due.append((reader.next_poll, "poll", reader))
                reader.next_poll += POLL_EVERY
            reader.next_poll -= seconds
        due.sort(key=lambda item: item[0])
        return due


class Connection:
    """One keep-alive HTTP/1.1 connection to the server, opened when first used."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = False  # has answered once: a failure may be the server's idle timeout

    async def request(self, head: bytes, body: bytes = b"") -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.used = False
        assert self.reader is not None
        self.writer.write(head + body)
        header = await self.reader.readuntil(b"\r\n\r\n")
        lines = header.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            headers[name.strip().lower()] = value.strip()
        if status in (204, 304):
            content = b""
        elif b"content-length" in headers:
            content = await self.reader.readexactly(int(headers[b"content-length"]))
        elif headers.get(b"transfer-encoding", b"").lower() == b"chunked":
            content = await self._chunks()
        else:
            content = await self.reader.read()
            self.close()
        if headers.get(b"connection", b"").lower() == b"close":
            self.close()
        self.used = True
        return status, content

    async def _chunks(self) -> bytes:
        assert self.reader is not None
        parts = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            parts.append(await self.reader.readexactly(size + 2))
            if size == 0:
                return b"".join(parts)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Client:
    """A pool of connections; each request takes one, waiting for one to be free."""

    def __init__(self, port: int, connections: int, send_headers: dict[str, str]) -> None:
        self.port = port
        self.pool: asyncio.LifoQueue[Connection] = asyncio.LifoQueue()
        for _ in range(connections):
            self.pool.put_nowait(Connection(port))
        self.send_headers = "".join(f"{name}: {value}\r\n" for name, value in send_headers.items())

    def _head(self, method: str, path: str, length: int | None = None) -> bytes:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
        if ACCEPT_LANGUAGE:
            head += f"Accept-Language: {ACCEPT_LANGUAGE}\r\n"
        if length is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {length}\r\n{self.send_headers}"
        return (head + "\r\n").encode()

    async def call(
        self, method: str, path: str, body: bytes | None = None, *, due: float = 0.0
    ) -> tuple[int, bytes]:
        """Send one request; a kept connection the server had closed meanwhile is opened again once
        (a send may then be repeated: its key makes the server answer "repeated", not store twice).

        A request still waiting for a connection ``TIMEOUT`` after it was ``due`` is given up
        unsent (status -1), as a phone's fetch would time out: a step always ends.
        """
        head = self._head(method, path, None if body is None else len(body))
        try:
            connection = await asyncio.wait_for(
                self.pool.get(), max(0.0, due + TIMEOUT - time.perf_counter())
            )
        except TimeoutError:
            return -1, b"no connection free within the timeout (not sent)"
        try:
            for attempt in (1, 2):
                reused = connection.writer is not None and connection.used
                try:
                    return await asyncio.wait_for(connection.request(head, body or b""), TIMEOUT)
                except TimeoutError:  # before OSError, of which it is one
                    connection.close()
                    return 0, b"timed out"
                except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as error:
                    connection.close()
                    if attempt == 2 or not reused:
                        return 0, repr(error).encode()
            return 0, b"unreachable"
        finally:
            self.pool.put_nowait(connection)


async def _one(client: Client, evening: Evening, kind: str, who: object, due: float, out: list) -> None:
    late = (time.perf_counter() - due) * 1000
    if kind == "refresh":
        assert isinstance(who, Table)
        since = f"?since={who.stamp}" if who.stamp else ""
        status, content = await client.call("GET", f"/table/{who.phone.token}/state/{since}", due=due)
        if status == 200:
            who.stamp = json.loads(content).get("stamp") or ""
    elif kind == "poll":
        assert isinstance(who, Reader)
        path = f"/session/{who.session_id}/standings/?since={who.stamp}"
        asked = time.perf_counter()
        status, content = await client.call("GET", path, due=due)
        if status == 200:
            found = _STAMP.search(content)
            who.stamp = found.group(1).decode() if found else ""
            evening.reached(who, asked)
    else:
        assert isinstance(who, Table)
        if who.sent >= len(who.phone.bodies):
            return  # this table has played every board
        body = json.dumps(who.phone.bodies[who.sent]).encode()
        who.sent += 1
        status, content = await client.call("POST", f"/table/{who.phone.token}/results/", body, due=due)
        session = who.phone.session_id
        if status in EXPECTED["send"]:
            evening.accepted[session] = evening.accepted.get(session, 0) + 1
            evening.sent_at.setdefault(session, []).append(time.perf_counter())
        elif status == 0:  # sent, and no answer: stored or not
            evening.unanswered[session] = evening.unanswered.get(session, 0) + 1
    took = (time.perf_counter() - due) * 1000
    detail = "" if status in EXPECTED[kind] else content[:300].decode(errors="replace")
    out.append(Sample(kind, took, status, late, detail))


async def _play(
    client: Client, evening: Evening, due: list, warmup: float, out: list, on_steady: Callable[[], object]
) -> None:
    started = time.perf_counter()
    loop = asyncio.get_running_loop()
    # In a thread of its own: the callback may ask Django's database, which refuses an event loop's thread.
    steady = loop.call_at(loop.time() + warmup, lambda: loop.run_in_executor(None, on_steady))
    kept: list[Sample] = []
    warming: list[Sample] = []
    tasks = set()
    for at, kind, who in due:
        when = started + at
        wait = when - time.perf_counter()
        if wait > 0.0005:
            await asyncio.sleep(wait)
        task = asyncio.create_task(_one(client, evening, kind, who, when, warming if at < warmup else kept))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:  # every request ends: given up after TIMEOUT waiting, or TIMEOUT once sent
        await asyncio.wait(tasks, timeout=2 * TIMEOUT + 5)
    steady.cancel()  # a step shorter than its warm-up: never steady (its samples are none)
    out.extend(kept)


def play(
    port: int,
    evening: Evening,
    seconds: float,
    warmup: float,
    connections: int,
    headers: dict,
    *,
    on_steady: Callable[[], object] = lambda: None,
) -> list:
    """Run ``warmup + seconds`` of the evening at its rates; return the samples after the warm-up
    (``on_steady`` is called when the warm-up ends, to start counting the CPU)."""
    due = evening.schedule(warmup + seconds)
    out: list[Sample] = []

    async def main() -> None:
        client = Client(port, connections, headers)
        await _play(client, evening, due, warmup, out, on_steady)
        while not client.pool.empty():
            client.pool.get_nowait().close()

    asyncio.run(main())
    return out
