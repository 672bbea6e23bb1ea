"""The night's figure for ``/healthz``: how many dealt boards wait for their double-dummy analysis.

That is the analyses' queue as every process sees it (night/services/deal_analysis.py
keeps the boards waiting in the database, not only in a thread's memory), read from the
primary in one count.
"""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS

from tournaments.night.models import Board


def analysis_queue_length() -> dict[str, int]:
    """``{"analysis_queue": n}``: the dealt boards whose analysis is still to be worked out."""
    waiting = Board.objects.db_manager(DEFAULT_DB_ALIAS).filter(dd_tricks__isnull=True).exclude(north="")
    return {"analysis_queue": waiting.count()}
