"""The night's read cache: a poll that finds nothing changed asks only the cache (issue 33).

Polls of the standings and the phones' refreshes are 98% of an evening's requests
(docs/scaling.md). What this room buys, measured in process on PostgreSQL by
``bench/bench_refresh.py`` (one 12-table night in play, the whole middleware stack, side
by side with main in one run; the 2-core machine shared and loaded, so the CPU a request
costs is the steadier figure, the wall clock's ratio the one a quiet machine approaches):

- a phone's refresh that finds nothing changed: 204 with no body, no query, one round
  trip to Redis (the table's link and its session's stamp in one ``MGET``): 1.3 ms of CPU,
  1.9x Django's floor (a 404), where main built the whole state, 10.1 ms, 12x;
- a standings poll that finds nothing changed: no query, one ``GET``: 0.9 ms, 1.3x (main:
  the session and its stamp read from the database, 3.3 ms, 3.8x);
- a changed poll after the first reader's: the tables that reader rendered, no query:
  1.5 ms, 2.2x (main rendered them for every reader: 10.5 ms, 12x).

The parts: ``stamps`` (a session's stamp kept in the shared cache, forgotten by every
write in the session), ``pages`` (a page rendered once per stamp; the tables' links),
``store`` (the cache asked so that a failing one never fails a page), ``backend``
(Django's Redis backend keeping its client).

What it costs: the first reader after a change pays the stamp's statement twice (before
the rows, and after them to keep the page only if no write came between) and the render,
and keeps both (12.2 ms of CPU against main's 10.5 for the same poll); every write in a
session forgets its stamps twice (one Redis call at commit, one a second later on a timer
thread); a write that hides a player (initials, erasure) is refused while Redis cannot be
told; and the stamp must read everything the pages show (``db.stamps``), since a page is
never built again while its stamp holds. Without ``CACHE_URL`` the stamps are the
database's (one query a poll, two a refresh) and only the rendered pages are kept, each
process its own: a key is a stamp, right whoever reads it.
"""

from tournaments.night.cached.pages import TableLink, rendered, table_link_kept, table_recalled, table_stamp
from tournaments.night.cached.stamps import (
    CacheUnreachableError,
    Stamp,
    session_digest,
    session_digest_read,
    session_stamp,
    sessions_changed,
)

__all__ = [
    "CacheUnreachableError",
    "Stamp",
    "TableLink",
    "rendered",
    "session_digest",
    "session_digest_read",
    "session_stamp",
    "sessions_changed",
    "table_link_kept",
    "table_recalled",
    "table_stamp",
]
