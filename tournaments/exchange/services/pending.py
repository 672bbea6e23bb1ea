"""Keep a previewed file until its director confirms it, and drop it once imported.

The one place that writes ``PendingImport`` rows, for every import with a preview (the
legacy score file and USEBIO pages). What a confirm finds is read by
``tournaments.exchange.selectors.pending``. The confirm form carries only the row's
digest, and only the same user's row for that digest, kind and hour is imported, so what
is imported is exactly what was previewed and nothing can be slipped in.
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.core.models import Club
from tournaments.exchange.models import PENDING_LIFETIME, PENDING_PER_USER, PendingImport

# The kinds kept as their bytes (any encoding; a Bridgemate file is an Access database).
BINARY_KINDS = (PendingImport.Kind.USEBIO, PendingImport.Kind.BWS)


def pending_keep(
    *,
    user: User,
    club: Club,
    kind: PendingImport.Kind,
    sha256: str,
    date: datetime.date,
    name: str,
    text: str = "",
    data: bytes = b"",
    replace: bool = False,
) -> PendingImport:
    """Keep a preview's file: a legacy score file's ``text``, a USEBIO or Bridgemate file's ``data``.

    Every expired preview goes first, and this user's beyond the newest few of either
    kind, so the table stays a handful of rows however many files are previewed.
    """
    binary = kind in BINARY_KINDS
    if (bool(data), bool(text)) != (binary, not binary):
        raise ValueError(f"A {kind.label} preview keeps its file as {'bytes' if binary else 'text'} only.")
    _forget_old_previews(user)
    return PendingImport.objects.create(
        user=user,
        club=club,
        kind=kind,
        sha256=sha256,
        text=text,
        data=data,
        date=date,
        name=name,
        replace=replace,
    )


def _forget_old_previews(user: User) -> None:
    """Delete every expired preview, and this user's beyond the newest few (one is about to come)."""
    PendingImport.objects.filter(created_at__lt=timezone.now() - PENDING_LIFETIME).delete()
    kept = PendingImport.objects.filter(user=user).values_list("pk", flat=True)[: PENDING_PER_USER - 1]
    PendingImport.objects.filter(user=user).exclude(pk__in=list(kept)).delete()


def pending_done(pending: PendingImport) -> None:
    """The file is imported: its preview no longer waits."""
    pending.delete()
