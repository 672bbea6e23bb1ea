"""The previewed file a confirm names: the user's own, of that kind, for that digest, still waiting.

Rows are written by ``tournaments.exchange.services.pending``; this is the one place that
reads them for a confirm.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.exchange.models import PENDING_LIFETIME, PendingImport


def pending_find(*, user: User, sha256: str, kind: PendingImport.Kind) -> PendingImport | None:
    """The user's own waiting preview with this digest and kind, with its club; None if gone.

    A USEBIO or Bridgemate file's digest is of its bytes, checked again here, so a row whose bytes are
    not the ones previewed is never imported (read it as ``bytes(pending.data)``: a database
    driver may hand back a ``memoryview``). A legacy file's digest is of its
    parsed content (``services.legacy.score_file_digest``), not of its text.
    """
    pending = (
        PendingImport.objects.filter(
            user=user, sha256=sha256, kind=kind, created_at__gte=timezone.now() - PENDING_LIFETIME
        )
        .select_related("club")
        .first()
    )
    if pending is None or kind == PendingImport.Kind.LEGACY:
        return pending
    return pending if hashlib.sha256(bytes(pending.data)).hexdigest() == sha256 else None
