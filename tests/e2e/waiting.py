"""How the browser tests wait: for a state to come, never for a moment to pass.

A test on a loaded machine (CI's two busy cores) may see any step take many times its
usual time, so each wait names the state it waits for (a result stored, a banner hidden,
a count reached) and gives it ``WAIT_SECONDS``: generous, since a state that comes ends
the wait at once, and only a broken page spends it all. A transient state (a banner the
phone's next retry may already have hidden) is never waited for: the test holds what
would end it, or waits for the state that follows it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from django.db import OperationalError

T = TypeVar("T")

WAIT_SECONDS = 60.0
WAIT_MS = int(WAIT_SECONDS * 1000)
# How often a wait on the database asks again: the database cannot say when it changed.
POLL_SECONDS = 0.1


def read_when_unlocked(query: Callable[[], T], seconds: float = WAIT_SECONDS) -> T:
    """Run a read of the database the live server writes to, again while it is locked.

    The live server may go on rescoring after it has answered a phone. Django's shared
    in-memory SQLite database refused a read that met that write ("database table is
    locked") until the write committed; the suite's SQLite test database is now a file in
    WAL mode (tests/conftest.py), whose readers do not wait, and a read that still meets
    a lock is asked again.
    """
    deadline = time.monotonic() + seconds
    while True:
        try:
            return query()
        except OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
        time.sleep(POLL_SECONDS)


def wait_until(condition: Callable[[], object], what: str, seconds: float = WAIT_SECONDS) -> None:
    """Wait until the database shows ``condition`` (a read, asked again until true)."""
    deadline = time.monotonic() + seconds
    while not read_when_unlocked(condition, seconds):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not so after {seconds:.0f} s")
        time.sleep(POLL_SECONDS)
