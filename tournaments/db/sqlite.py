"""SQLite's busy timeout, read and set by PRAGMA: how long a writer retries a held database.

Django offers no call for it. A settle that must not queue behind a writer outside the
write gate sets it to 0 for its BEGIN IMMEDIATE (``core.services.writes.write_if_free``) and puts
it back: without it SQLite would retry for its 5 s. What it costs: it is the connection's
setting, so a caller that does not put it back changes every later statement on it.
"""

from __future__ import annotations

from django.db import connection


def busy_timeout() -> int:
    """Return the connection's busy timeout in milliseconds (SQLite only)."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA busy_timeout")
        (milliseconds,) = cursor.fetchone()
    return int(milliseconds)


def busy_timeout_set(milliseconds: int) -> None:
    """Set the connection's busy timeout (SQLite only; a PRAGMA takes no parameter, so it is an int here)."""
    with connection.cursor() as cursor:
        cursor.execute(f"PRAGMA busy_timeout = {int(milliseconds)}")
