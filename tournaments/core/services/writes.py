"""The one way in for a write: the write gate, one transaction, and the rows it locks.

Every service that writes goes through here (issue 29, point 2), so the three parts are
always put together in the same order, which a hand-assembled site could get wrong:

1. the write gate (``write_gate.serialised_writes``: SQLite's writers queue fairly; a
   no-op on PostgreSQL), taken outside the transaction, as SQLite's ``BEGIN IMMEDIATE``
   takes the database's lock when the transaction starts;
2. one transaction (``transaction.atomic``);
3. the rows the write depends on, locked and read afresh (``SELECT ... FOR UPDATE`` on
   PostgreSQL), in the order the caller asks for them: where several rows are locked
   the callers keep one order (a session before its boards, a club before its
   sessions, players by id), so two writers never wait for each other round a circle.

``write()`` is both a context manager and a decorator (a service whose whole body is
the write); ``row_write(instance)`` is the common case in one line; ``locked(rows)``
locks inside a write already open, and refuses outside one, so a lock can no longer be
taken without the gate. A reader that finds overdue work (a settle) uses
``write_if_free()``, which never queues behind a writer. tests/test_write_protocol.py
keeps ``select_for_update`` and the gate out of every other module.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from django.db import connection, models, transaction

from tournaments.core.services.write_gate import (
    serialised_writes,
    serialised_writes_if_free,
    write_gate_held,
)
from tournaments.db.sqlite import busy_timeout, busy_timeout_set

M = TypeVar("M", bound=models.Model)


class WriteProtocolError(RuntimeError):
    """A row lock asked for outside ``write()``: the code skipped the gate or the transaction."""


@contextmanager
def write(*, savepoint: bool = True) -> Iterator[None]:
    """Hold the write gate, then one transaction, for the block (or the decorated function).

    Re-entrant: a write inside another joins it (a savepoint, unless ``savepoint=False``,
    where a refusal rolls the caller's transaction back too).
    """
    with serialised_writes(), transaction.atomic(savepoint=savepoint):
        yield


@contextmanager
def write_one_statement() -> Iterator[None]:
    """Hold the write gate for a write of one statement, which commits on its own (no transaction)."""
    with serialised_writes():
        yield


def locked(
    rows: models.QuerySet[M], *, of: tuple[str, ...] = (), nowait: bool = False, skip_locked: bool = False
) -> models.QuerySet[M]:
    """``rows`` to be read locked for update until the write's transaction ends.

    Refused (``WriteProtocolError``) outside ``write()`` or ``write_if_free()``: on SQLite
    a lock without the gate would poll for the database, and any lock needs the
    transaction it lasts for. ``nowait`` takes effect on PostgreSQL only (SQLite has one
    writer, which the gate already admitted). ``skip_locked`` leaves out the rows another
    transaction holds (a queue's workers claiming jobs side by side, ``core.services.job_worker``).
    """
    if not connection.in_atomic_block or not write_gate_held():
        raise WriteProtocolError("A row is locked outside a write: open one with writes.write() first.")
    postgres = connection.vendor == "postgresql"
    return rows.select_for_update(of=of, nowait=nowait and postgres, skip_locked=skip_locked and postgres)


def locked_row(instance: M, rows: models.QuerySet[M] | None = None) -> M:
    """``instance``'s row locked and read afresh (through ``rows``, to join or narrow the read)."""
    if rows is None:
        rows = type(instance)._default_manager.all()
    return locked(rows).get(pk=instance.pk)


@contextmanager
def row_write(instance: M, rows: models.QuerySet[M] | None = None) -> Iterator[M]:
    """A write that locks ``instance``'s row first; yields the row as read under the lock."""
    with write():
        yield locked_row(instance, rows)


@contextmanager
def write_if_free() -> Iterator[bool]:
    """A write for a reader that found work to do: yields False at once if a writer holds the gate.

    It must never queue behind writers: on SQLite the gate is taken only if free, and the
    transaction's ``BEGIN IMMEDIATE`` fails at once if a writer outside the gate holds
    the database; on PostgreSQL the caller locks its row with ``locked(..., nowait=True)``.
    A refusal there raises ``DatabaseError`` out of the block.
    """
    with serialised_writes_if_free() as free:
        if not free:
            yield False
            return
        with _sqlite_lock_not_awaited(), transaction.atomic():
            yield True


@contextmanager
def _sqlite_lock_not_awaited() -> Iterator[None]:
    """On SQLite, let the block's BEGIN IMMEDIATE fail at once if a writer outside the write
    gate holds the database (SQLite would otherwise retry for its 5 s busy timeout)."""
    if connection.vendor != "sqlite":
        yield
        return
    previous = busy_timeout()
    busy_timeout_set(0)
    try:
        yield
    finally:
        busy_timeout_set(previous)
