"""A stream served by the events server's own ASGI code once Django's view has granted it.

Django's ASGI handler runs a request's synchronous middleware and view in a thread of the
request's own (``asgiref.sync.ThreadSensitiveContext``), which lives until the response is
sent, and a stream's response is sent for minutes: measured (``bench_evening.py``, 200
clubs, 4,400 pages), the events server held 4,400 idle threads, spent a core on them and
stopped opening streams past about 3,000. So under ASGI the view only decides (the page's
access, as every other request's, through the whole stack) and answers with a *grant*: a
200 carrying ``GRANT_HEADER`` (its session) and no body. ``clubscore.asgi`` keeps that
answer from the reader, lets Django's handler finish (its thread gone), and serves the
stream here, in the event loop alone: the grant's headers (the site's security headers),
then ``Stream.lines_async`` until it ends, the reader leaves (``http.disconnect``) or the
server stops. The client's place (``hub.admit``) is taken here and given back when the
stream ends.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any

from django.conf import settings
from django.http import HttpResponse

from tournaments.night import live
from tournaments.night.push.channel import hub
from tournaments.night.push.stream import Stream

GRANT_HEADER = "X-Clubscore-Stream"
_GRANT_KEY = GRANT_HEADER.lower().encode()

Message = Mapping[str, Any]
Send = Callable[[Message], Awaitable[None]]
Receive = Callable[[], Awaitable[Message]]


def stream_grant(session_id: int, client: str) -> HttpResponse:
    """The view's answer under ASGI: the stream of ``session_id`` may be served to ``client``."""
    response = HttpResponse(status=200, content_type="text/event-stream; charset=utf-8")
    response.headers[GRANT_HEADER] = f"{session_id} {client}"
    response.headers["Cache-Control"] = "no-cache, no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def granted(start: Message) -> tuple[int, str] | None:
    """The session and client a response's start grants a stream of, or None (any other answer)."""
    if start.get("type") != "http.response.start" or start.get("status") != 200:
        return None
    for name, value in start.get("headers", ()):
        if bytes(name).lower() == _GRANT_KEY:
            number, _, client = bytes(value).decode("latin-1").partition(" ")
            return (int(number), client) if number.isdigit() else None
    return None


def _headers_without_grant(start: Message) -> list[tuple[bytes, bytes]]:
    return [
        (bytes(name), bytes(value))
        for name, value in start.get("headers", ())
        if bytes(name).lower() not in (_GRANT_KEY, b"content-length")
    ]


async def _refuse(send: Send, status: int, retry_after: int) -> None:
    headers = [(b"retry-after", str(retry_after).encode()), (b"cache-control", b"no-store")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"", "more_body": False})


def _digest(session_id: int) -> str:
    stamp = live.session_stamp(session_id)  # the cache's, else the database's (then kept)
    return stamp.digest if stamp is not None else ""


def session_stream(session_id: int) -> Stream:
    """The stream of a session's changes as the settings have it: its lifetime, and without a
    shared channel (no ``CACHE_URL``) its own read of the stamp every few seconds, since the
    events of another process (the queue's worker, which settles) cannot reach this one's hub."""
    check = None if settings.CLUBSCORE_SHARED_CACHE else settings.CLUBSCORE_EVENTS_CHECK_SECONDS
    lifetime = settings.CLUBSCORE_EVENTS_LIFETIME_SECONDS
    return Stream(session_id, partial(_digest, session_id), lifetime=lifetime, check=check)


async def serve_granted(start: Message, receive: Receive, send: Send) -> None:
    """Serve the stream ``start`` (a grant's response start) grants, until it ends or its reader leaves."""
    found = granted(start)
    assert found is not None
    session_id, client = found
    if not hub.admit(client, settings.CLUBSCORE_EVENTS_PER_CLIENT):
        await _refuse(send, 503 if hub.stopping else 429, 60)
        return
    try:
        stream = session_stream(session_id)
        await send({"type": "http.response.start", "status": 200, "headers": _headers_without_grant(start)})
        serving = asyncio.ensure_future(_lines_sent(stream, send))
        leaving = asyncio.ensure_future(_disconnected(receive))
        done, _pending = await asyncio.wait({serving, leaving}, return_when=asyncio.FIRST_COMPLETED)
        for task in (serving, leaving):
            if task not in done:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, OSError):
                    await task
        if serving in done:
            serving.result()
    finally:
        hub.release(client)


async def _lines_sent(stream: Stream, send: Send) -> None:
    async for chunk in stream.lines_async():
        await send({"type": "http.response.body", "body": chunk, "more_body": True})
    await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _disconnected(receive: Receive) -> None:
    while (await receive()).get("type") != "http.disconnect":
        pass
