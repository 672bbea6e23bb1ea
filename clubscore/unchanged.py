"""A refresh's or a poll's 204 from the shared cache, before the middleware it does not need.

Most of an evening's requests are a phone's refresh or a reader's poll that finds nothing
changed (97% and 68% in ``bench/bench_evening.py``): the views answer them from the cache
alone, with no query, yet each went through the whole middleware stack first (sessions,
CSRF, authentication, messages, the club's language, which asks the database when the
browser names no language we speak). ``UnchangedMiddleware`` answers those cases before
that stack, with the very checks the views make first (the live evening's interface, ``night.live``:
``table_unchanged``, ``standings_unchanged``), and hands everything else,
a stamp it cannot confirm from the cache included, to the stack and the view as before.

It answers only when the view would answer the same 204 without a query: a GET of the
table's state or of a session's standings with ``since``, a shared cache (``CACHE_URL``)
holding the link and the stamp, no settle owed (a marked stamp has the view settle after
its answer). It sits after ``SecurityMiddleware`` (its HTTPS redirect and headers apply)
and checks the host as ``CommonMiddleware`` would; the headers the skipped middleware
add to every response (frames, permissions, content security) are added here too, and
the table's 204 is never cached, as the view's. Figures: docs/scaling.md, "The HTTP server
and the unchanged requests' own path".
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils.deprecation import MiddlewareMixin
from django.utils.http import http_date

from clubscore.replica import public_read
from tournaments.night import live

STATE_VIEW, STANDINGS_VIEW = "table_state", "session_standings"
# What Django's add_never_cache_headers writes (the view's never_cache), less its work.
NEVER_CACHE = "max-age=0, no-cache, no-store, must-revalidate, private"
# A path longer than any of ours (a table's token is 32 characters) is resolved, not kept:
# 16,384 kept paths of a long junk address each would be a gigabyte.
LONGEST_KEPT = 128


class UnchangedMiddleware:
    """Answer a refresh or a poll that the cache says is unchanged with its 204, before the stack."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.dressing: dict[str, str] | None = None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET" and "since=" in request.META.get("QUERY_STRING", "") and live.shared():
            response = self._unchanged(request)
            if response is not None:
                return response
        return self.get_response(request)

    def _unchanged(self, request: HttpRequest) -> HttpResponse | None:
        path = request.path_info
        route = _route(path) if len(path) <= LONGEST_KEPT else _route.__wrapped__(path)
        if route is None:
            return None
        view, part = route
        since = request.GET.get("since", "")
        if view == STATE_VIEW:
            if not live.table_unchanged(str(part), since):
                return None
            response = HttpResponse(status=204)
            response.headers["Expires"] = http_date(time.time())
            response.headers["Cache-Control"] = NEVER_CACHE
        else:
            from tournaments.night.selectors.pages import page_asked

            with public_read():  # the stamp's key the view reads: a replica's are kept apart
                found = live.standings_unchanged(int(part), page_asked(request.GET.get("page")), since)
            if not found:
                return None
            response = HttpResponse(status=204)
        request.get_host()  # a host not allowed is refused (400) as CommonMiddleware refuses it
        return self._dressed(request, response)

    def _dressed(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        """The 204 with the headers the skipped middleware add to every response: the first one
        through those middleware themselves (``_dressing``), the next ones with the headers they
        added to it, the same for every 204 (no nonce: a 204 has no script), at a sixth of the cost."""
        if self.dressing is not None:
            for name, value in self.dressing.items():
                response.headers.setdefault(name, value)
            return response
        before = set(response.headers)
        request.unchanged_response = response  # type: ignore[attr-defined] # for _answer
        dressed = _dressing()(request)
        assert isinstance(dressed, HttpResponse)  # synchronous middleware around an HttpResponse
        self.dressing = {name: value for name, value in dressed.items() if name not in before}
        return dressed


@lru_cache(maxsize=16384)
def _route(path: str) -> tuple[str, str | int] | None:
    """The view a path names, if the short path may answer it, with its table's token or its
    session's pk; else None. Kept a path: resolving was a ninth of the short path's CPU, the
    routes do not change while the process runs, and none depends on the language."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    if match.namespace or match.url_name not in (STATE_VIEW, STANDINGS_VIEW):
        return None
    return match.url_name, match.kwargs["token" if match.url_name == STATE_VIEW else "pk"]


@receiver(setting_changed)
def _routes_forgotten(*, setting: str, **kwargs: object) -> None:
    """A test that swaps the routes (``ROOT_URLCONF``) has the kept ones forgotten, as Django's own."""
    if setting == "ROOT_URLCONF":
        _route.cache_clear()


def _answer(request: HttpRequest) -> HttpResponse:
    return request.unchanged_response  # type: ignore[attr-defined]


def _dressing() -> MiddlewareMixin:
    """The middleware the 204 skips that only add headers to every response, around the 204 itself:
    the same code, so the short 204 carries what the stack's would (frames, content security,
    permissions)."""
    from csp.middleware import CSPMiddleware
    from django.middleware.clickjacking import XFrameOptionsMiddleware

    from clubscore.middleware import PermissionsPolicyMiddleware

    return XFrameOptionsMiddleware(CSPMiddleware(PermissionsPolicyMiddleware(_answer)))
