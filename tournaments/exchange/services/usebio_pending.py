"""A previewed USEBIO file waiting for its director to confirm the import.

As the legacy import's previews (``views.imports``): the file waits as a ``PendingImport``
row, the confirm form carries only its SHA-256, and only the same user's row for that
digest, less than an hour old, is imported, so what is imported is exactly what was
previewed. The row's text is ``USEBIO `` and the file's bytes in base64: a USEBIO file
may be in any encoding (UTF-16 holds NUL bytes, which PostgreSQL's text refuses), and the
prefix keeps the legacy confirm from taking it for a score file. A user keeps at most
``PENDING_PER_USER`` previews of either kind.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import hashlib

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from tournaments.bridge.formats.usebio import UsebioEvent
from tournaments.core.models import Club
from tournaments.exchange.models import PendingImport

PENDING_LIFETIME = datetime.timedelta(hours=1)
PENDING_PER_USER = 3
_PREFIX = "USEBIO "


def usebio_pending_keep(
    *, user: AbstractBaseUser, club: Club, data: bytes, event: UsebioEvent, name: str
) -> str:
    """Keep an uploaded file until it is confirmed; return the digest the confirm form carries."""
    digest = hashlib.sha256(data).hexdigest()
    PendingImport.objects.filter(created_at__lt=timezone.now() - PENDING_LIFETIME).delete()
    kept = PendingImport.objects.filter(user=user).values_list("pk", flat=True)[: PENDING_PER_USER - 1]
    PendingImport.objects.filter(user=user).exclude(pk__in=list(kept)).delete()
    PendingImport.objects.create(
        user=user,
        club=club,
        sha256=digest,
        text=_PREFIX + base64.b64encode(data).decode("ascii"),
        date=event.date,
        name=name,
    )
    return digest


def usebio_pending_find(*, user: AbstractBaseUser, sha256: str) -> tuple[PendingImport, bytes] | None:
    """The user's own waiting USEBIO file with this digest, and its bytes; None if gone or not USEBIO."""
    pending = (
        PendingImport.objects.filter(
            user=user,
            sha256=sha256,
            created_at__gte=timezone.now() - PENDING_LIFETIME,
            text__startswith=_PREFIX,
        )
        .select_related("club")
        .first()
    )
    if pending is None:
        return None
    try:
        data = base64.b64decode(pending.text.removeprefix(_PREFIX), validate=True)
    except (binascii.Error, ValueError):
        return None
    return (pending, data) if hashlib.sha256(data).hexdigest() == pending.sha256 else None


def usebio_pending_done(pending: PendingImport) -> None:
    pending.delete()
