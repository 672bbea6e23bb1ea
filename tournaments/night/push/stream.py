"""A page's stream of server-sent events: its session's changes, a heartbeat, and a clean end.

The stream opens with the session's stamp now (``changed``: a page that reconnects after a
drop fetches once and so misses nothing), then one ``changed`` event a change, a comment
every ``HEARTBEAT`` seconds (proxies and phones drop a silent connection), and after
``lifetime`` seconds, or when the process stops (``Hub.stop``), an ``end`` event: the page
reconnects ``RETRY_MS`` later (a proxy's timeouts and a server's restart cost one
reconnection, never a dead stream).

Two forms of the same stream: a generator for a thread (``make run``'s runserver, the browser
tests' live server: WSGI, a thread a stream) and an asynchronous one for an event loop (the
events' ASGI server in production: thousands of streams in one process). Without a shared
channel (no ``CACHE_URL``) the stream also reads its session's stamp every ``check``
seconds: the queue's worker, another process, settles the sessions there and cannot reach
this process's hub.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

from django.db import close_old_connections, connection

from tournaments.night.push.channel import END, Changed, Listener, hub

RETRY_MS = 3000
# The event loop's reads of a stamp (an opening stream's, a check's): a few threads, each with
# its own database connection. Not asgiref's ``sync_to_async``, which would keep a connection
# in each stream's context for the stream's life (measured: 3,000 streams opened against a cold
# cache asked PostgreSQL for more than its 100 connections).
READERS = 4
_READS = ThreadPoolExecutor(max_workers=READERS, thread_name_prefix="clubscore-stamp-reads")
HEARTBEAT = 20.0


def frame(event: Changed) -> bytes:
    """One ``changed`` event: the session's number, its stamp, and what changed if it is known
    (``kind`` "result" of ``table``, or "settled": a phone in a round fetches for neither
    unless the result is its table's, static/table-entry.js)."""
    told: dict[str, object] = {"session": event.session, "stamp": event.stamp}
    if event.kind:
        told["kind"] = event.kind
    if event.table is not None:
        told["table"] = event.table
    data = json.dumps(told, separators=(",", ":"))
    return f"event: changed\ndata: {data}\n\n".encode()


OPENING = f"retry: {RETRY_MS}\n\n".encode()
BEAT = b": still here\n\n"
CLOSING = b"event: end\ndata: {}\n\n"


def reads_close() -> None:
    """Close each reading thread's database connection (a test's end: PostgreSQL will not drop a
    test database a thread still holds open). One task per thread, each held at a barrier until
    all have closed theirs, so no thread takes two and none is missed."""
    closed = threading.Barrier(READERS)

    def close_mine() -> None:
        connection.close()
        closed.wait(timeout=60)

    for done in [_READS.submit(close_mine) for _ in range(READERS)]:
        done.result()


def _read_with_own_connection(read: Callable[[], str]) -> str:
    """``read`` in a reading thread, on its connection (closed first if broken or too old, as a
    request's would be)."""
    close_old_connections()
    return read()


class Stream:
    """What one stream needs: its session, how to read its stamp, how long it lives, how often it reads
    the stamp itself (None: never, the shared channel tells every change)."""

    def __init__(
        self,
        session: int,
        stamp_now: Callable[[], str],
        *,
        lifetime: float,
        check: float | None,
    ) -> None:
        self.session = session
        self.stamp_now = stamp_now
        self.lifetime = lifetime
        self.check = check  # None: the shared channel tells every change
        self.last = ""

    def _fresh(self, stamp: str, told: Changed | None = None) -> bytes | None:
        """The event for ``stamp`` (what ``told`` says changed, if it is its event) if the page
        has not been told it yet."""
        if stamp == self.last:
            return None
        self.last = stamp
        if told is not None and told.stamp == stamp:
            return frame(told)
        return frame(Changed(self.session, stamp))

    def _wait(self, ends: float) -> float:
        return max(0.0, min(HEARTBEAT, self.check or HEARTBEAT, ends - time.monotonic()))

    def lines(self) -> Iterator[bytes]:
        """The stream for a thread (WSGI)."""
        listener = Listener(self.session)
        hub.listen(listener)
        ends = time.monotonic() + self.lifetime
        try:
            yield OPENING + (self._fresh(self.stamp_now()) or b"")
            while time.monotonic() < ends:
                event = listener.next(self._wait(ends))
                if event is END:
                    break
                if isinstance(event, Changed):
                    told = self._fresh(event.stamp or self.stamp_now(), event)
                    if told is None:
                        continue  # a stamp the page was told already
                else:  # a quiet while: the stamp read (no shared channel), or a heartbeat
                    told = self._fresh(self.stamp_now()) if self.check is not None else None
                yield told or BEAT
            yield CLOSING
        finally:
            hub.forget(listener)

    async def lines_async(self) -> AsyncIterator[bytes]:
        """The stream for an event loop (ASGI); a reader that leaves cancels it (Django's handler)."""
        import asyncio

        listener = Listener(self.session, asyncio.get_running_loop())
        hub.listen(listener)
        ends = time.monotonic() + self.lifetime
        loop = asyncio.get_running_loop()

        async def stamp_now() -> str:
            return await loop.run_in_executor(_READS, _read_with_own_connection, self.stamp_now)

        try:
            yield OPENING + (self._fresh(await stamp_now()) or b"")
            while time.monotonic() < ends:
                event = await listener.next_async(self._wait(ends))
                if event is END:
                    break
                if isinstance(event, Changed):
                    told = self._fresh(event.stamp or await stamp_now(), event)
                    if told is None:
                        continue  # a stamp the page was told already
                else:  # a quiet while: the stamp read (no shared channel), or a heartbeat
                    told = self._fresh(await stamp_now()) if self.check is not None else None
                yield told or BEAT
            yield CLOSING
        finally:
            hub.forget(listener)
