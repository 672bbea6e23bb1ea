"""The night's read cache: a poll that finds nothing changed asks only the cache (issue 33).

Polls of the standings and the phones' refreshes are 98% of an evening's requests
(docs/scaling.md). What this room buys, measured in process on PostgreSQL by
``bench/bench_refresh.py`` (one 12-table night in play, the whole middleware stack, side
by side with main in one run, ratios to Django's floor, a 404 through the same stack; the
2-core machine shared, at a load average of 6-7):

- a phone's refresh that finds nothing changed: 204 with no body, no query, one round
  trip to Redis (the table's link and its session's stamp in one ``MGET``): 2.0 ms, 3.6x
  the floor (0.9 ms of CPU, 1.6x), where main built the whole state: 28 ms, 39x (12x);
- a standings poll that finds nothing changed: no query, one ``GET``: 0.8 ms, 1.4x (1.1x);
  main read the session and its stamp from the database: 9.7 ms, 14x (3.6x);
- a changed poll after the first reader's: the tables that reader rendered, no query:
  2.9 ms, 5.1x (1.7x), where main rendered them for every reader: 29 ms, 41x (13x).

A table's refresh after another table's result, while its page shows nothing of the other
tables (in a round), is a 204 after one statement (``tables``: 2.5 ms of CPU against main's
14.8 ms rebuild in the same bench, issue 33's second part).

The parts: ``stamps`` (a session's stamp kept in the shared cache, forgotten by every
write in the session), ``pages`` (a page rendered once per stamp), ``tables`` (a table's
own stamp, its state kept, its link), ``unchanged`` (the cache's word alone that a refresh or
a poll is unchanged, for ``clubscore.unchanged``'s 204 before the middleware),
``store`` (the cache asked so that a failing one never fails a page), ``backend``
(Django's Redis backend keeping its client).

What it costs: the first reader after a change pays the stamp's statement twice (before
the rows, and after them to keep the page only if no write came between) and the render,
and keeps both (10.6 ms of CPU against main's 9.1 for the same poll); every write in a
session forgets its stamps twice (one Redis call at commit, one a second later on a timer
thread); a write that hides a player (initials, erasure) is refused while Redis cannot be
told; and the stamp must read everything the pages show (``db.stamps``), since a page is
never built again while its stamp holds. Without ``CACHE_URL`` the stamps are the
database's (one query a poll, two a refresh) and only the rendered pages are kept, each
process its own: a key is a stamp, right whoever reads it.
"""

from tournaments.night.cached.pages import rendered
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
    "rendered",
    "session_digest",
    "session_digest_read",
    "session_stamp",
    "sessions_changed",
]
