"""What every read shares: a page of a list, and ``ETag``/``304 Not Modified``.

A read's ETag is either a cheap stamp known before the work (``session_stamp``: one
aggregate query over the session's results, pairs and boards), so a poll that finds
nothing changed costs two small queries and no body; or, for the club and player
lists, a digest of the body itself (correct whatever changed, but the body is built).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.db.models import Count, Max, QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.http import parse_etags, quote_etag
from pydantic import TypeAdapter

from tournaments.api.schemas import PageQuery
from tournaments.models import Board, Pair, Result, Session

JSON = "application/json"


def page_of(rows: QuerySet | Sequence, page: PageQuery) -> dict[str, Any]:
    """Slice one page of ``rows`` (a queryset is sliced in the database) with the whole count."""
    count = rows.count() if isinstance(rows, QuerySet) else len(rows)
    items = list(rows[page.offset : page.offset + page.limit])
    return {"count": count, "limit": page.limit, "offset": page.offset, "items": items}


def session_stamp(session: Session, *parts: object) -> str:
    """Return a stamp that changes whenever anything a session's reads show may have changed.

    Every result write saves its result (``updated_at``) or deletes one (the count and the
    highest id move), pairs and boards are added, and a state change saves the session.
    The standings and matchpoints are derived from the results in the same transaction.
    ``parts`` are the request's own (the page asked for, the board), so each read has its tag.
    """
    results = Result.objects.filter(board__session=session).aggregate(
        count=Count("id"), last=Max("updated_at"), top=Max("id")
    )
    pairs = Pair.objects.filter(session=session).aggregate(count=Count("id"), top=Max("id"))
    boards = Board.objects.filter(session=session).aggregate(count=Count("id"), top=Max("id"))
    key = (session.pk, session.state, session.updated_at, results, pairs, boards, parts)
    return _digest(repr(key).encode())


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
