"""Send the public pages' reads to a read replica, when one is configured.

A federation's evening is mostly readers: open standings pages polling every 15 s, far
more requests than the tables' sends (docs/scaling.md). With ``DATABASE_REPLICA_URL``
set, those reads go to the replica and the primary keeps its cores for the writes.

What goes there, and only that: reads of ClubScore's own tables (app ``tournaments``)
made while a GET or HEAD of a public page (``PUBLIC_READ_URL_NAMES``) is answered, and
outside any transaction. Everything else reads the primary: the director's pages and
the tables' own links (a table must see the result it has just sent, and a replica may
lag by a fraction of a second), logins and sessions (``auth``, ``sessions``), and every
read inside a write's transaction (which locks and must see its own writes). Writes
always go to the primary. Without a replica the router answers None: the default.

A public page that finds overdue scores (``settle_soon.scores_settle_if_due``) has them
settled once its answer is sent (``night.views.overdue``), when this mark is already
reset: the settle decides and writes on the primary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse

PUBLIC_READ_URL_NAMES = frozenset(
    {
        "home",
        "club",
        "session",
        "session_standings",
        "board",
        "hand_records",
        "pair",
        "player",
        "player_search",
    }
)
REPLICATED_APPS = frozenset({"tournaments"})

_public_read: ContextVar[bool] = ContextVar("public_read", default=False)


def replica_alias() -> str | None:
    """The replica's alias in ``DATABASES``, or None when reads all go to the primary."""
    alias = getattr(settings, "READ_REPLICA_ALIAS", None)
    return alias if alias and alias in settings.DATABASES else None


@contextmanager
def public_read() -> Iterator[None]:
    """Read as a public page's GET does (``PublicReadsMiddleware``'s mark), for code that answers
    one before the middleware (``clubscore.unchanged``)."""
    token = _public_read.set(True)
    try:
        yield
    finally:
        _public_read.reset(token)


class PublicReadsToReplica:
    """A database router: the public pages' reads to the replica, all else to the primary."""

    def db_for_read(self, model, **hints) -> str | None:
        alias = replica_alias()
        if alias is None or not _public_read.get() or model._meta.app_label not in REPLICATED_APPS:
            return None
        if connections["default"].in_atomic_block:
            return None  # inside a write's transaction: read what it wrote, under its locks
        return alias

    def db_for_write(self, model, **hints) -> str | None:
        return "default" if replica_alias() else None

    def allow_relation(self, obj1, obj2, **hints) -> bool | None:
        # The replica holds the primary's rows: an object read from either may point to the other.
        return True if replica_alias() else None

    def allow_migrate(self, db: str, app_label: str, **hints) -> bool | None:
        """Never migrate a replica: it copies the primary's schema (a test mirror *is* the primary)."""
        mirrored = settings.DATABASES.get(db, {}).get("TEST", {}).get("MIRROR")
        return False if db == replica_alias() or mirrored else None


class PublicReadsMiddleware:
    """Mark the handling of a GET of a public page, for ``PublicReadsToReplica``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _public_read.set(False)
        try:
            return self.get_response(request)
        finally:
            _public_read.reset(token)

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> None:
        match = request.resolver_match
        if (
            request.method in ("GET", "HEAD")
            and match is not None
            and match.view_name in PUBLIC_READ_URL_NAMES
        ):
            _public_read.set(True)
        return None
