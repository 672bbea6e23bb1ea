"""The streams of a session's changes (server-sent events) that the night's open pages hold.

Each page's stream names what it may read: a session's public pages (its standings and
boards, public as the standings' poll is), a table's phone (its link: its session, while the
link works), the director's grid (his role at the session's club: ``director:tables_grid_events``
in ``core.route_roles``). An event says only "session N changed, stamp S"; the page then
fetches its own state from the endpoint it polls today, which answers 204 if nothing it shows
changed. A refused stream (its link dead, a role missing, too many streams from one address,
the server stopping or not serving streams) is an error to the page, which polls as before.

Under ASGI (production: docs/decisions/0082) the view grants the stream and the events
server's own code serves it in its event loop once Django's handler is done
(``night.push.granted``); where ``CLUBSCORE_EVENTS`` is "threads" (``make run``) the view
streams it, a thread a stream. The headers keep proxies from buffering the stream
(``X-Accel-Buffering``) and browsers from caching it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.views.decorators.http import require_GET

from tournaments.core.views.access import SignedInRequest
from tournaments.night import live
from tournaments.night.push.channel import hub
from tournaments.night.push.granted import session_stream, stream_grant
from tournaments.night.selectors import director as director_selectors
from tournaments.night.views.table_entry import _access_or_refusal


class EventStream(StreamingHttpResponse):
    """A stream's response, which gives its client's place back when it closes (the reader left,
    the stream ended, the server stopped)."""

    def __init__(self, lines: Iterator[bytes] | AsyncIterator[bytes], client: str) -> None:
        super().__init__(lines, content_type="text/event-stream; charset=utf-8")
        self.headers["Cache-Control"] = "no-cache, no-store"
        self.headers["X-Accel-Buffering"] = "no"
        self.reader_address: str | None = client

    def close(self) -> None:
        try:
            super().close()
        finally:
            if self.reader_address is not None:
                hub.release(self.reader_address)
                self.reader_address = None


def _client(request: HttpRequest) -> str:
    """The reader's address (behind ``TRUSTED_PROXY_COUNT`` proxies, as django-axes counts it)."""
    count = settings.TRUSTED_PROXY_COUNT
    if count:
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [part for part in forwarded if part]
        if len(forwarded) >= count:
            return forwarded[-count]
    return str(request.META.get("REMOTE_ADDR", ""))


def _refused(status: int, retry_after: int) -> HttpResponse:
    response = HttpResponse(status=status)
    response.headers["Retry-After"] = str(retry_after)
    response.headers["Cache-Control"] = "no-store"
    return response


def _stream(request: HttpRequest, session_id: int) -> HttpResponseBase:
    """The stream of ``session_id``'s changes, or a refusal the page answers by polling."""
    asynchronous = isinstance(request, ASGIRequest)
    mode = settings.CLUBSCORE_EVENTS
    if not mode or (mode == "asgi" and not asynchronous):
        return _refused(503, 3600)  # not served here: the page polls
    client = _client(request)
    if asynchronous:
        return _granted(session_id, client)
    if not hub.admit(client, settings.CLUBSCORE_EVENTS_PER_CLIENT):
        return _refused(503 if hub.stopping else 429, 60)
    try:
        return EventStream(session_stream(session_id).lines(), client)
    except BaseException:
        hub.release(client)
        raise


def _granted(session_id: int, client: str) -> HttpResponse:
    """Under ASGI: the stream granted, served by the events server's own code once Django's
    handler is done (``night.push.granted``: a stream held in Django's handler held a thread)."""
    if hub.stopping:
        return _refused(503, 60)
    # The view's thread ends with the request, but a persistent database connection it opened
    # would stay open unused until collected (measured: 220 streams held 220 of PostgreSQL's
    # 100 connections): closed now. The stream's reads of the stamp run on the loop's few threads.
    connections.close_all()
    return stream_grant(session_id, client)


@require_GET
def session_events(request: HttpRequest, pk: int) -> HttpResponseBase:
    """A session's public pages' stream (its standings, its boards)."""
    if live.session_stamp(pk) is None:
        return _refused(404, 3600)
    return _stream(request, pk)


@require_GET
def table_events(request: HttpRequest, token: str) -> HttpResponseBase:
    """A table's phone's stream: its session's changes, while its link works."""
    access = _access_or_refusal(token, with_club=False)
    if isinstance(access, HttpResponse):
        return access
    return _stream(request, access.session_id)


@login_required
@require_GET
def tables_grid_events(request: SignedInRequest, session_id: int) -> HttpResponseBase:
    """The director's grid's stream: his role at the session's club, as the grid itself."""
    session = director_selectors.session_for_director(request.user, session_id)
    return _stream(request, session.pk)
