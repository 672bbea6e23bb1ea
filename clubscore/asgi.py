"""ASGI entry point for ClubScore: production's events server (the pages' streams of changes).

The site's pages are served by granian's WSGI workers (docs/decisions.md, "The HTTP server");
this application serves the open pages' streams of server-sent events (every path ending in
``/events/``, routed here by the proxy; docs/decisions/0082-pages-told-of-changes.md), each
an asynchronous iterator in the event loop, thousands to a process:

    CLUBSCORE_EVENTS=asgi granian clubscore.asgi:application --interface asgi --workers 1 \\
        --backpressure 20000 --port 8001

Django's handler takes HTTP; the server's lifespan is answered here. A server told to stop
(SIGTERM, SIGINT) waits for its open requests, and a stream is open for minutes: so the
worker's own signal handler (granian's, on the event loop) is wrapped to end every open
stream first, with a goodbye (``Hub.stop``): the pages reconnect after a short random pause,
to another process or to this one restarted, and the worker stops at once.
"""

import asyncio
import os
import signal
from collections.abc import Mapping
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
django_application = get_asgi_application()


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http" and str(scope.get("path", "")).endswith("/events/"):
        await _events(scope, receive, send)
        return
    if scope["type"] != "lifespan":
        await django_application(scope, receive, send)
        return
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            _streams_end_on_signals(asyncio.get_running_loop())
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            from tournaments.night.push.channel import hub

            hub.stop()
            await send({"type": "lifespan.shutdown.complete"})
            return


_openings: asyncio.Semaphore | None = None


def _opening() -> asyncio.Semaphore:
    """The streams opened at once (``CLUBSCORE_EVENTS_OPENING``): the rest wait their turn."""
    global _openings
    if _openings is None:
        from django.conf import settings

        _openings = asyncio.Semaphore(max(1, settings.CLUBSCORE_EVENTS_OPENING))
    return _openings


async def _events(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """A page's stream: Django's handler decides (the page's access, through the whole stack);
    a grant's answer is kept from the reader and its stream served once the handler is done
    (``night.push.granted``: the handler's thread for the request is then gone)."""
    from tournaments.night.push.granted import granted, serve_granted

    grant: dict[str, Mapping[str, Any]] = {}

    async def answered(message: Mapping[str, Any]) -> None:
        if not grant and message["type"] == "http.response.start" and granted(message) is not None:
            grant["start"] = message
        elif not grant:
            await send(message)  # any other answer (a refusal, an error) as Django gives it

    async with _opening():
        await django_application(scope, receive, answered)
    if grant:
        await serve_granted(grant["start"], receive, send)


def _streams_end_on_signals(loop: asyncio.AbstractEventLoop) -> None:
    """End the open streams when the worker is told to stop, then do what its server would."""
    from tournaments.night.push.channel import hub

    handlers = getattr(loop, "_signal_handlers", {})  # asyncio's own loop (granian's default)
    for number in (signal.SIGTERM, signal.SIGINT):
        handle = handlers.get(number)
        callback, args = (handle._callback, handle._args) if handle is not None else (None, ())

        def stopping(callback: Any = callback, args: Any = args) -> None:
            hub.stop()
            if callback is not None:
                callback(*args)

        loop.add_signal_handler(number, stopping)
