"""A write's changes told to the open pages when it commits (``night.cached.stamps.sessions_changed``).

Each changed session is published with its stamp read after the commit (the cache's is
forgotten by then, so the read is the database's, and kept: the pages that fetch next find
it in the cache, as the first of them would have read it anyway). A write that changes many
sessions at once (a club's name, a player in a hundred nights) publishes the first
``STAMPS_READ`` with their stamps and the rest with none: their pages fetch and learn it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from django.db import DEFAULT_DB_ALIAS, connections, transaction

from tournaments.night.push.channel import Changed, publish

STAMPS_READ = 4


def told_when_committed(session_ids: Sequence[int], stamp_of: Callable[[int], str]) -> None:
    """Publish each session's change once the write commits (at once outside a transaction, or in
    a test's, which never commits)."""
    if not session_ids:
        return
    blocks = connections[DEFAULT_DB_ALIAS].atomic_blocks
    if blocks and not getattr(blocks[0], "_from_testcase", False):
        transaction.on_commit(partial(_tell, list(session_ids), stamp_of))
    else:
        _tell(list(session_ids), stamp_of)


def _tell(session_ids: list[int], stamp_of: Callable[[int], str]) -> None:
    for place, session_id in enumerate(session_ids):
        publish(Changed(session_id, stamp_of(session_id) if place < STAMPS_READ else ""))
