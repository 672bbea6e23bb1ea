"""Who is told of a session's change: each process's listeners, fed by Redis or by the process itself.

A write in a session (the live evening's ``result_stored``, ``session_settled``,
``session_changed``: the send, the settle, a name changed) *publishes* "session N changed,
stamp S" once it commits (``night.push.publish``, a ``night.live.listen``-er). Each
process keeps its open streams' listeners by session in a ``Hub``, and hands them every
event of their session:

- with a shared cache (``CACHE_URL``: production) the event goes through Redis pub/sub, one
  channel for the site (its cache's key prefix in the name), and every process serving
  streams has one subscriber that hands what it hears to its hub: a write in any app server
  or worker reaches every stream of every server;
- without one (``make run``: SQLite, no other service) the event goes straight to the
  writing process's own hub. ``make run``'s page server is that process (the phones' sends,
  the director's edits); the queue's worker, a process of its own, cannot reach it, so a
  settle it runs reaches the pages at their next event or poll (the stamp the page then
  fetches is the settled one: nothing is lost, it comes later).

An event carries nothing private: a session's number and its stamp (a digest). A listener
is handed only its own session's events, and a stream is opened only for what its reader
may read (``night.views.events``). The subscriber is the one thread a streaming process
starts: it does no work of its own but hand a message to the hub (work after an answer goes
on the queue; a subscriber must hear within milliseconds, which a queue's claim does not).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings

logger = logging.getLogger(__name__)

# What a listener is handed when its stream must end (the server stops, or a test cuts it).
END = object()
RESUBSCRIBE_AFTER = 1.0  # seconds between a lost subscription and the next try


@dataclass(frozen=True)
class Changed:
    """Session ``session`` changed; its stamp is now ``stamp`` ("" if it could not be read).

    ``kind`` and ``table`` say what changed (``night.live.told``): "result" of ``table``,
    "settled", or "" for anything (a narrow phone fetches only for its own table or anything)."""

    session: int
    stamp: str
    kind: str = ""
    table: int | None = None


class Listener:
    """One open stream's ear: the events of its session, in order, for a thread or an event loop."""

    def __init__(self, session: int, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.session = session
        self.loop = loop
        self.events: queue.SimpleQueue[Any] | asyncio.Queue[Any] = (
            asyncio.Queue() if loop is not None else queue.SimpleQueue()
        )

    def hand(self, event: object) -> None:
        """Called from any thread."""
        if self.loop is not None:
            assert isinstance(self.events, asyncio.Queue)
            with contextlib.suppress(RuntimeError):  # its loop has closed: the stream is gone
                self.loop.call_soon_threadsafe(self.events.put_nowait, event)
        else:
            self.events.put(event)

    def next(self, timeout: float) -> object | None:
        """The next event, or None after ``timeout`` seconds (a thread's stream)."""
        assert isinstance(self.events, queue.SimpleQueue)
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    async def next_async(self, timeout: float) -> object | None:
        """The next event, or None after ``timeout`` seconds (an event loop's stream)."""
        assert isinstance(self.events, asyncio.Queue)
        try:
            return await asyncio.wait_for(self.events.get(), timeout)
        except TimeoutError:
            return None


class Hub:
    """A process's listeners by session, and its open streams by client."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[int, set[Listener]] = {}
        self._clients: dict[str, int] = {}
        self.stopping = False

    def admit(self, client: str, limit: int) -> bool:
        """Count one more stream of ``client``, unless it holds ``limit`` already (0: no limit) or
        the process is stopping."""
        with self._lock:
            if self.stopping or (limit and self._clients.get(client, 0) >= limit):
                return False
            self._clients[client] = self._clients.get(client, 0) + 1
            return True

    def release(self, client: str) -> None:
        with self._lock:
            left = self._clients.get(client, 0) - 1
            if left > 0:
                self._clients[client] = left
            else:
                self._clients.pop(client, None)

    def listen(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.setdefault(listener.session, set()).add(listener)
        _subscriber_started()

    def forget(self, listener: Listener) -> None:
        with self._lock:
            found = self._listeners.get(listener.session)
            if found is not None:
                found.discard(listener)
                if not found:
                    del self._listeners[listener.session]

    def deliver(self, event: Changed) -> None:
        with self._lock:
            listeners = list(self._listeners.get(event.session, ()))
        for listener in listeners:
            listener.hand(event)

    def end_streams(self) -> int:
        """End every open stream (each says goodbye and closes; its page reconnects); return how many."""
        with self._lock:
            listeners = [listener for found in self._listeners.values() for listener in found]
        for listener in listeners:
            listener.hand(END)
        return len(listeners)

    def stop(self) -> int:
        """The process stops: refuse new streams and end the open ones."""
        self.stopping = True
        return self.end_streams()

    def streams(self) -> int:
        with self._lock:
            return sum(len(found) for found in self._listeners.values())


hub = Hub()


# --- Publishing ---------------------------------------------------------------------------------


def channel_name() -> str:
    """Redis's channel of the site's events: its cache's key prefix in the name, so two sites (or a
    benchmark's run) sharing one Redis hear only their own."""
    prefix = settings.CACHES.get("default", {}).get("KEY_PREFIX", "")
    return f"{prefix}:clubscore:events"


def _redis_url() -> str | None:
    if not getattr(settings, "CLUBSCORE_SHARED_CACHE", False):
        return None
    location = settings.CACHES.get("default", {}).get("LOCATION")
    return location if isinstance(location, str) else None


_publisher: Any = None
_publisher_lock = threading.Lock()


def publish(event: Changed) -> None:
    """Tell every stream of the event's session, in every process (Redis) or in this one (none).

    A Redis that cannot be told loses the event, never the write: the pages find the change at
    their next event or, their stream lost, at their next poll."""
    url = _redis_url()
    if url is None:
        hub.deliver(event)
        return
    global _publisher
    try:
        if _publisher is None:
            import redis

            with _publisher_lock:
                _publisher = _publisher or redis.Redis.from_url(
                    url, socket_connect_timeout=0.5, socket_timeout=0.5
                )
        _publisher.publish(channel_name(), message(event))
    except Exception as error:  # noqa: BLE001 - a lost event is a late page, not a failed write
        logger.warning("An event could not be published (%s): the pages will poll", error)


# --- Hearing Redis --------------------------------------------------------------------------------

_subscriber: threading.Thread | None = None
_subscriber_lock = threading.Lock()


def _subscriber_started() -> None:
    """With Redis, start this process's one subscriber when its first stream opens."""
    global _subscriber
    url = _redis_url()
    if url is None or (_subscriber is not None and _subscriber.is_alive()):
        return
    with _subscriber_lock:
        if _subscriber is None or not _subscriber.is_alive():
            _subscriber = threading.Thread(
                target=_hear, args=(url, channel_name(), hub.deliver), name="clubscore-events", daemon=True
            )
            _subscriber.start()


def _hear(url: str, channel: str, deliver: Callable[[Changed], None]) -> None:
    """Hand every message of ``channel`` to ``deliver``, subscribing again after a lost connection."""
    import redis

    while not hub.stopping:
        try:
            client = redis.Redis.from_url(url, socket_connect_timeout=0.5, health_check_interval=30)
            subscription = client.pubsub(ignore_subscribe_messages=True)
            subscription.subscribe(channel)
            for message in subscription.listen():
                found = parsed(message.get("data"))
                if found is not None:
                    deliver(found)
        except Exception as error:  # noqa: BLE001 - Redis restarting: the streams wait, then hear again
            logger.warning("The events' subscription was lost (%s); subscribing again", error)
            time.sleep(RESUBSCRIBE_AFTER)


def message(event: Changed) -> str:
    """The Redis message of ``event``: "<session> <stamp> <kind> <table>" (the last two may be empty)."""
    table = "" if event.table is None else str(event.table)
    return f"{event.session} {event.stamp} {event.kind} {table}".rstrip()


def parsed(data: object) -> Changed | None:
    """The event a Redis message carries (``message``; an older server's "<session> <stamp>"
    too), or None if it is not one."""
    if not isinstance(data, bytes | str):
        return None
    text = data.decode(errors="replace") if isinstance(data, bytes) else data
    number, stamp, kind, table = (text.split(" ", 3) + ["", "", ""])[:4]
    if not number.isdigit():
        return None
    if kind == "result" and table.isdigit() and len(table) < 12:
        return Changed(int(number), stamp[:200], kind, int(table))
    return Changed(int(number), stamp[:200], "settled" if kind == "settled" else "")
