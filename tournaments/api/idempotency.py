"""Writes a program may send again: the ``Idempotency-Key`` header (issue 46, item 11).

The tables' phones already work this way (``night.services.table_entry``): every entry
carries a key, the first send stores the result and the key in one transaction, and a
later send of the key is given the first answer. A program writing through the API had
no such key, so a write retried after a worker was killed between its commit and its
answer was refused ("already has a result") and the program could not tell whether its
write had landed. Now a write sent with ``Idempotency-Key: <8-64 letters, digits, - or _>``
stores its answer under the key, in the write's own transaction:

- the same key again, for the same method, path and body: the first answer, with the
  header ``Idempotent-Replayed: true``, and nothing written;
- the same key for another write: 422, naming the key (the IETF draft
  ``draft-ietf-httpapi-idempotency-key-header``'s answer for a key reused);
- a refused write stores nothing, so the key may be sent again once the cause is fixed;
- two sends of one key at once: the second, refused by the service or the key's unique
  constraint once the first has committed, is given the first one's answer;
- without the header a write is as before.

A key is the token's (two programs' keys never meet) and is kept for a day
(``KEPT_FOR``), longer than any program retries one write.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import re
from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.http import HttpResponse
from django.http.request import RawPostDataException
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.api.auth import Refused, TokenRequest
from tournaments.core.models import ApiWriteKey
from tournaments.core.services.writes import write

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
KEPT_FOR = datetime.timedelta(days=1)
_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def idempotent_write(request: TokenRequest, run: Callable[[], HttpResponse]) -> HttpResponse:
    """Answer the write ``run`` performs, or the answer already given under the request's key."""
    key = _key(request)
    if key is None:
        return run()
    digest = _request_digest(request)
    stored = _stored(request, key, digest)
    if stored is not None:
        return stored
    try:
        with write():
            response = run()
            if 200 <= response.status_code < 300:
                _keep(request, key, digest, response)
    except (IntegrityError, ValidationError):
        # Two sends of one key at once (PostgreSQL; SQLite's gate queues them): the second
        # waited on the first's locks, then was refused by the service ("already has a
        # result") or by the key's constraint, and rolled back whole. The first one's
        # answer, committed meanwhile, is the answer; a refusal of its own is raised.
        stored = _stored(request, key, digest)
        if stored is None:
            raise
        return stored
    return response


def _key(request: TokenRequest) -> str | None:
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not _KEY.fullmatch(key):
        raise Refused(
            400,
            _("The %(header)s header is 8 to 64 letters, digits, '-' or '_', not %(key)r.")
            % {"header": HEADER, "key": key[:80]},
        )
    return key


def _request_digest(request: TokenRequest) -> str:
    """The write as compared: method, path and body (a JSON body read, so its spacing is no matter)."""
    try:
        body = request.body
    except RawPostDataException:  # a form's stream, read for a write that takes no body
        body = b""
    with contextlib.suppress(ValueError):  # not JSON: compared as sent
        body = json.dumps(json.loads(body or b"null"), sort_keys=True).encode()
    parts = [(request.method or "").encode(), request.path.encode(), body]
    return hashlib.sha256(b"\n".join(parts)).hexdigest()


def _stored(request: TokenRequest, key: str, digest: str) -> HttpResponse | None:
    """The first answer given under ``key``, or None; refused if the key was another write's."""
    since = timezone.now() - KEPT_FOR
    row = ApiWriteKey.objects.filter(token=request.auth, key=key, at__gte=since).first()
    if row is None:
        return None
    if row.request != digest:
        raise Refused(
            422,
            _(
                "The %(header)s %(key)s was sent with another write (another address or body): "
                "nothing was written. Send each write under a key of its own."
            )
            % {"header": HEADER, "key": key},
        )
    response = HttpResponse(row.body, status=row.status, content_type=row.content_type)
    response[REPLAYED] = "true"
    return response


def _keep(request: TokenRequest, key: str, digest: str, response: HttpResponse) -> None:
    """Store the answer under the key, in the write's transaction, and forget the token's old keys."""
    ApiWriteKey.objects.filter(token=request.auth, at__lt=timezone.now() - KEPT_FOR).delete()
    ApiWriteKey.objects.create(
        token=request.auth,
        key=key,
        request=digest,
        status=response.status_code,
        content_type=response.get("Content-Type", "application/json"),
        body=response.content.decode(),
    )
