"""What every read shares: a page of a list, and ``ETag``/``304 Not Modified``.

A read's ETag is either a cheap stamp known before the work (``session_stamp``: one
statement over the session's audit log, pairs and boards), so a poll that finds
nothing changed costs two small queries and no body; or, for the club and player
lists, a digest of the body itself (correct whatever changed, but the body is built).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.http import parse_etags, quote_etag
from pydantic import TypeAdapter

from tournaments.api.schemas import PageQuery
from tournaments.night.live import session_digest, stamp_with
from tournaments.night.models import Session
from tournaments.night.services.settle_soon import scores_settle_if_due

JSON = "application/json"


def page_of(rows: QuerySet | Sequence, page: PageQuery) -> dict[str, Any]:
    """Slice one page of ``rows`` (a queryset is sliced in the database) with the whole count."""
    count = rows.count() if isinstance(rows, QuerySet) else len(rows)
    items = list(rows[page.offset : page.offset + page.limit])
    return {"count": count, "limit": page.limit, "offset": page.offset, "items": items}


def session_stamp(session: Session, *parts: object, marked: bool | None = None) -> str:
    """Return a stamp that changes whenever anything a session's reads show may have changed.

    First, as the public pages do, ask for the settle of the session's marked boards if it
    is overdue (a settle job that failed every try, ``services.settle_soon``), so no read
    is left for long with scores a settle still owes. ``marked`` (or the session's
    ``scores_marked``, read by the selectors) spares that check's query.

    Every result write (a director's, a table's, the API's; entry, correction, adjustment,
    deletion) adds an audit entry, whose id only grows; a table's entry is settled later
    (its board marked, then unmarked), so the marked boards are counted too; pairs and
    boards are added; a state or scoring change saves the session; and, for writes without
    an audit entry (an import's), the results' count and latest save. The standings and
    matchpoints change only with these; the names shown change with the pairs' players
    (their names, their initials), which the stamp reads too. One plain statement
    (``live.sql.stamps``), however large the session, kept in the shared cache until a write
    in the session forgets it (``night.live``). ``parts`` are the request's own (the
    page, the board), so each read has its own tag.
    """
    if marked is None:
        marked = getattr(session, "scores_marked", None)
    scores_settle_if_due(session.pk, marked=marked)
    return stamp_with(session_digest(session.pk), *parts)


def page_key(page: PageQuery) -> tuple[int, int]:
    return (page.limit, page.offset)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:24]


@lru_cache(maxsize=64)
def _adapter(schema: Any) -> TypeAdapter:
    return TypeAdapter(schema)


def not_modified(request: HttpRequest, tag: str) -> HttpResponse | None:
    """Return a 304 when the client already holds ``tag`` (its ``If-None-Match``), else None."""
    etag = quote_etag(tag)
    held = parse_etags(request.headers.get("If-None-Match", ""))
    if etag in held or "*" in held:
        response = HttpResponse(status=304)
        response["ETag"] = etag
        return response
    return None


def stamped_response(request: HttpRequest, schema: Any, tag: str, build: Callable[[], Any]) -> HttpResponse:
    """Answer a read tagged by a stamp known before the work (``session_stamp``).

    A 304 when the client holds ``tag``, with no body built; else ``build()`` serialised
    through ``schema`` and tagged. The stamp is taken before ``build`` runs, so a poll
    that finds nothing changed costs only the stamp's queries.
    """
    unchanged = not_modified(request, tag)
    if unchanged is not None:
        return unchanged
    return json_response(request, schema, build(), tag=tag)


def json_response(
    request: HttpRequest,
    schema: Any,
    data: Any,
    *,
    tag: str | None = None,
    status: int = 200,
    conditional: bool = True,
) -> HttpResponse:
    """Serialise ``data`` through ``schema``; tag a read (by its own digest unless ``tag``); 304 if held.

    A write's answer (``conditional=False``) is neither tagged nor ever a 304.
    """
    adapter = _adapter(schema)
    body = adapter.dump_json(adapter.validate_python(data, from_attributes=True))
    if status != 200 or not conditional:
        return HttpResponse(body, status=status, content_type=JSON)
    tag = tag or _digest(body)
    unchanged = not_modified(request, tag)
    if unchanged is not None:
        return unchanged
    response = HttpResponse(body, content_type=JSON)
    response["ETag"] = quote_etag(tag)
    return response
