"""The night's way into a write (``core.services.writes``): a session's row, locked first.

A session's row is the lock every write in it takes (a pair seated, a result entered, a
settle, a state moved), so two directors, or a director and a table, see each other's
writes. ``session_write`` opens a write on it; ``session_locked`` locks it inside a
write already open (a service decorated with ``write()``). Taking the lock tells the
pages' cache that the session changes (``night.live.session_locked``): whatever the
write does, a poll then reads the session's stamp afresh.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db.models import QuerySet

from tournaments.core.services.writes import locked_row, write
from tournaments.night import live
from tournaments.night.models import Session


def session_locked(session: Session, rows: QuerySet[Session] | None = None) -> Session:
    """Lock the session's row and read it afresh (through ``rows``: ``only``, ``select_related``)."""
    fresh = locked_row(session, rows)
    live.session_locked(fresh.pk)
    return fresh


@contextmanager
def session_write(session: Session, rows: QuerySet[Session] | None = None) -> Iterator[Session]:
    """A write in ``session``: the gate, a transaction, the session's row locked; yields it fresh."""
    with write():
        yield session_locked(session, rows)
