"""A write's changes told once it commits: one ``Change`` a session a transaction, as narrow as true.

A table's send and a settle are most of an evening's writes, and most open phones show
nothing either changes: a phone in a round (its state "narrow", ``tables``) shows its own
table's results and the session's structure, never another table's result or the
standings. So a change says what it was: ``RESULT_STORED`` with the table that sent it, or
``SESSION_SETTLED``, and a narrow phone's page fetches only for its own table's result or a
general change (``static/table-entry.js``; measured: 91-92% of phones' fetches after an
event were 204s before, docs/scaling.md "Told, not asked").

A write tells several things: a settle locks the session (``SESSION_LOCKED``: "anything may
change") and then settles; a director's correction locks the board's session and stores a
result with no table. Told one by one, the general "locked" would reach every phone first.
So the changes of one transaction are gathered and told together at its commit (``tell``),
a session's merged by ``coalesced``: the lock's "may change" gives way to what the write
said it changed, any general change wins, and a result of no table (a director's) or of
two tables (no write of ClubScore stores two tables' in one) is told to every page.
Telling more than happened costs a fetch; telling less would leave a page stale, so every
doubt is general, and a change made in a savepoint later rolled back may still be told.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

logger = logging.getLogger(__name__)

RESULT_STORED, SESSION_SETTLED, SESSION_CHANGED = "result", "settled", "changed"
SESSION_LOCKED = "locked"  # a write locked the session: told as SESSION_CHANGED unless it says more


@dataclass(frozen=True)
class Change:
    """What a committed write changed: its session, its ``kind`` (``RESULT_STORED``,
    ``SESSION_SETTLED``, ``SESSION_CHANGED``) and the table that sent it, if a table did."""

    session_id: int
    kind: str
    table: int | None = None


_listeners: list[Callable[[Change], None]] = []


def coalesced(changes: list[Change]) -> list[Change]:
    """One change a session (in the order first told): what the transaction's changes say together."""
    by_session: dict[int, list[Change]] = {}
    for change in changes:
        by_session.setdefault(change.session_id, []).append(change)
    return [_merged(session_id, told) for session_id, told in by_session.items()]


def _merged(session_id: int, told: list[Change]) -> Change:
    kinds = {change.kind for change in told}
    tables = {change.table for change in told if change.kind == RESULT_STORED}
    if SESSION_CHANGED in kinds:
        return Change(session_id, SESSION_CHANGED)
    if tables:  # a result, and perhaps its settle: of one table (all a narrow phone needs), or none
        return Change(session_id, RESULT_STORED, tables.pop() if len(tables) == 1 else None)
    if SESSION_SETTLED in kinds:
        return Change(session_id, SESSION_SETTLED)
    return Change(session_id, SESSION_CHANGED)  # locked, nothing said: anything may have changed


def tell(changes: list[Change]) -> None:
    """Have the listeners told of ``changes`` once the write commits (at once outside one)."""
    if not _listeners or not changes:
        return
    connection = connections[DEFAULT_DB_ALIAS]
    blocks = connection.atomic_blocks
    if not blocks or getattr(blocks[0], "_from_testcase", False):
        told(coalesced(changes))
        return
    batch = _open_batch(connection)
    if batch is None:
        batch = []
        transaction.on_commit(partial(_told_batch, batch))
    batch.extend(changes)


def _open_batch(connection: BaseDatabaseWrapper) -> list[Change] | None:
    """The list the transaction's changes gather in, if its on-commit is still to run (a
    savepoint rolled back drops the on-commit it registered: a new one is then made)."""
    for entry in connection.run_on_commit:
        callback = entry[1]  # (savepoints, callback, robust)
        if isinstance(callback, partial) and callback.func is _told_batch:
            batch: list[Change] = callback.args[0]
            return batch
    return None


def _told_batch(batch: list[Change]) -> None:
    told(coalesced(batch))


def told(changes: list[Change]) -> None:
    """Tell every listener every change, now; a listener's failure is logged (the write is done)."""
    for listener in list(_listeners):
        for change in changes:
            try:
                listener(change)
            except Exception:  # noqa: BLE001 - the write is done; a listener's failure is logged
                logger.exception("A listener of the live evening failed on %s", change)
