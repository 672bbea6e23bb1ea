"""One writer at a time on SQLite, queued fairly instead of polling for the database's lock.

SQLite lets one transaction write at a time; the others wait in SQLite's busy handler,
which sleeps and polls (1 ms, then 2, 5, ... up to 100 ms between tries), so under a
burst of entries (every table of a night sending its boards at once) a waiting writer
often sleeps while the lock is free, and after 5 s gives up with "database is locked".
The services that write results therefore pass through this gate first: a lock shared
by the threads of a process, and a ``flock`` on a file beside the database shared by the
processes (gunicorn's workers), both of which wake the next writer as soon as the
previous one is done. On PostgreSQL the gate does nothing: its row locks queue writers.
Services do not take it themselves: they write through ``core.services.writes``, which
takes it with the transaction and the row locks, always in that order.

The gate is taken outside the transaction (SQLite's ``BEGIN IMMEDIATE`` takes the write
lock when the transaction starts) and is re-entrant, so a service that calls another
inside its own transaction does not wait for itself.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


class _TicketLock:
    """A re-entrant lock that lets waiting threads in first come, first served.

    Python's own locks let the releasing thread take the lock straight back, so a service
    that writes and then settles the scores would settle before the writes queued behind
    it got in, and nothing would be shared; taking turns in order lets them in first.
    """

    def __init__(self) -> None:
        self._condition = threading.Condition(threading.Lock())
        self._next_ticket = 0
        self._serving = 0
        self._owner: int | None = None
        self._depth = 0

    def acquire(self) -> bool:
        """Take the lock; True if this thread already held it (a nested acquire)."""
        me = threading.get_ident()
        with self._condition:
            if self._owner == me:
                self._depth += 1
                return True
            ticket = self._next_ticket
            self._next_ticket += 1
            while self._serving != ticket:
                self._condition.wait()
            self._owner, self._depth = me, 1
            return False

    def held_here(self) -> bool:
        with self._condition:
            return self._owner == threading.get_ident()

    def acquire_if_free(self) -> bool:
        """Take the lock only if nobody holds it or waits for it; True if taken."""
        me = threading.get_ident()
        with self._condition:
            if self._owner == me:
                self._depth += 1
                return True
            if self._owner is not None or self._next_ticket != self._serving:
                return False
            self._next_ticket += 1
            self._owner, self._depth = me, 1
            return True

    def release(self) -> None:
        with self._condition:
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._serving += 1
                self._condition.notify_all()


_process_lock = _TicketLock()
_lock_files: dict[str, int] = {}


def _lock_file(database: str) -> int | None:
    """The open lock file beside an SQLite database file; None for an in-memory database."""
    if not database or database == ":memory:" or "mode=memory" in database:
        return None
    if database not in _lock_files:
        _lock_files[database] = os.open(f"{database}.write-lock", os.O_RDWR | os.O_CREAT, 0o600)
    return _lock_files[database]


def write_gate_held() -> bool:
    """Whether this thread holds the gate (always on PostgreSQL, where there is none)."""
    return connection.vendor != "sqlite" or _process_lock.held_here()


@contextmanager
def serialised_writes() -> Iterator[None]:
    """Hold the write gate for the block (SQLite only; re-entrant in a thread)."""
    if connection.vendor != "sqlite":
        yield
        return
    nested = _process_lock.acquire()
    descriptor = None if nested else _lock_file(str(connection.settings_dict["NAME"]))
    try:
        if descriptor is not None:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        if descriptor is not None:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
        _process_lock.release()


@contextmanager
def serialised_writes_if_free() -> Iterator[bool]:
    """Hold the write gate for the block if it is free at once; yield whether it is held.

    For a reader that finds work to do (a settle that is overdue): it must never queue
    behind writers. On PostgreSQL yields True (the caller asks for its row lock NOWAIT).
    """
    if connection.vendor != "sqlite":
        yield True
        return
    nested = _process_lock.held_here()
    if not _process_lock.acquire_if_free():
        yield False
        return
    descriptor = None if nested else _lock_file(str(connection.settings_dict["NAME"]))
    try:
        if descriptor is not None:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                descriptor = None  # another worker writes: not ours to unlock
                yield False
                return
        yield True
    finally:
        if descriptor is not None:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
        _process_lock.release()
