"""The live evening: what a write tells the pages, and what a page or a phone asks of it (issue 52).

The one room of a night in play's speed work (STYLE: speed tricks live in one room, each
with a docstring of what it buys and costs). Everything outside this package talks to it
through the names below, and only these: the services say what they wrote, the views and
``clubscore.unchanged`` ask what a reader's copy is worth, and a channel that tells the
open pages of a change (issue 52, "Told, not asked") listens here.

What a write tells:

- ``result_stored``: a result was stored in a session (a table's send, a director's entry,
  correction or deletion);
- ``session_settled``: a session's marked boards and standings were rescored;
- ``session_changed``: anything else its pages show changed (its state, its pairs, its
  players' names or privacy, its club's settings, its awards; the session deleted).

- ``session_locked``: a write locked the session's row (``night.services.locks``): anything
  may change, unless the write says what it changed.

Each has the session's stamps forgotten when the write commits (``sessions_changed``), and
tells every ``listen``-er, once the write has committed, one ``Change`` a session, as narrow
as true (``told``: a settle as a settle, a table's send as that table's result, so a phone
in a round lets the other tables' results pass).

What a reader asks (``shared``: whether there is a cache every process shares, without
which the cache's word is never enough):

- ``session_stamp``: the session's stamp (from the shared cache, else the database);
  ``session_digest`` its tag alone, and ``stamp_with`` the tag of one read of it (a page,
  an API resource), so a page and a program see a change at the same moment;
- ``standings_stamp`` / ``standings_unchanged``: the stamp a page of standings holds, and
  whether the cache alone says a reader's copy is still current;
- ``table_link`` / ``table_unchanged`` / ``table_state``: which session and table a phone's
  token names, whether the cache alone says its copy is current, and the phone's answer
  (204, the state as JSON with its stamp, or a refusal).

What the room buys (it was ``night.cached`` and the night's statements in ``db`` before issue
52). Polls of the standings and the phones' refreshes are 98% of an evening's requests
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
told; and the stamp must read everything the pages show (``live.sql.stamps``), since a page is
never built again while its stamp holds. Without ``CACHE_URL`` the stamps are the
database's (one query a poll, two a refresh) and only the rendered pages are kept, each
process its own: a key is a stamp, right whoever reads it.

The parts besides: ``phones`` (a phone's refresh answered), ``sql`` (the night's plain
statements: the stamps, a table's send and link, the scoring's rows and sums, the clash
check), each module saying what it buys and costs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tournaments.night.live import told
from tournaments.night.live.phones import TableLinkError, table_answer, table_link_read
from tournaments.night.live.sql.stamps import stamp_with
from tournaments.night.live.stamps import Stamp, session_digest, sessions_changed
from tournaments.night.live.stamps import session_stamp as _session_stamp
from tournaments.night.live.stamps import standings_stamp as _standings_stamp
from tournaments.night.live.store import shared
from tournaments.night.live.tables import Held, TableAnswer, TableLink
from tournaments.night.live.told import (
    RESULT_STORED,
    SESSION_CHANGED,
    SESSION_LOCKED,
    SESSION_SETTLED,
    Change,
    tell,
)
from tournaments.night.live.unchanged import standings_unchanged as _standings_unchanged
from tournaments.night.live.unchanged import table_unchanged as _table_unchanged


def listen(listener: Callable[[Change], None]) -> None:
    """Have ``listener`` told of every change once its write commits (registered in ``ready``).

    A listener runs in the writer's thread after the commit; it must be quick and must not
    raise (what it raises is logged and dropped: the write is done).
    """
    if listener not in told._listeners:
        told._listeners.append(listener)


def result_stored(session_id: int, *, table: int | None = None) -> None:
    """In the transaction that stored a result of ``session_id`` (sent by ``table``, if a table's):
    its pages' stamps are forgotten at the commit, and the listeners told."""
    sessions_changed([session_id])
    tell([Change(session_id, RESULT_STORED, table)])


def session_settled(session_id: int) -> None:
    """In the transaction that rescored ``session_id``'s marked boards and standings."""
    sessions_changed([session_id])
    tell([Change(session_id, SESSION_SETTLED)])


def session_changed(session_ids: Iterable[int], *, strict: bool = False) -> None:
    """In a write that changes what these sessions' pages show, other than a result or a settle.

    ``strict`` for a write that hides something (``sessions_changed``: refused if the shared
    cache cannot be told at once)."""
    session_ids = list(session_ids)
    sessions_changed(session_ids, strict=strict)
    tell([Change(session_id, SESSION_CHANGED) for session_id in session_ids])


def session_locked(session_id: int) -> None:
    """In a write that locked ``session_id``'s row (``night.services.locks``): anything its pages
    show may change, so its stamps are forgotten; told as a change unless the write says what
    it changed (a table's result, a settle: ``told.coalesced``)."""
    sessions_changed([session_id])
    tell([Change(session_id, SESSION_LOCKED)])


def session_stamp(session_id: int) -> Stamp | None:
    """The session's stamp (the shared cache's if it holds it, else the database's, then kept);
    None if there is no such session."""
    return _session_stamp(session_id)


def standings_stamp(session_id: int, page: int = 1) -> str:
    """The stamp page ``page`` of the session's standings holds now: a reader whose copy holds
    another one fetches the standings again."""
    return _standings_stamp(session_id, page)


def standings_unchanged(session_id: int, page: int, since: str) -> bool:
    """Whether the shared cache alone says a reader's standings (stamp ``since``) are current,
    with no settle owed; False means "ask the view", not "changed"."""
    return _standings_unchanged(session_id, page, since)


def table_link(token: str) -> TableLink | None:
    """The session and table a phone's token names (the cache's, else the database's), or None
    for a link that grants nothing (unknown, its session finished, its table gone)."""
    return table_link_read(token)


def table_unchanged(token: str, since: str) -> bool:
    """Whether the shared cache alone says the phone's state (stamp ``since``) is the table's,
    with no settle owed; False means "ask ``table_state``", not "changed"."""
    return _table_unchanged(token, Held.parse(since))


def table_state(token: str, since: str = "") -> TableAnswer:
    """The phone's answer to a refresh holding ``since`` (empty: none): 204 while what the table
    shows is unchanged, else its state as JSON labelled with its stamp, or a refusal."""
    return table_answer(token, since)


__all__ = [
    "RESULT_STORED",
    "SESSION_CHANGED",
    "SESSION_SETTLED",
    "Change",
    "Stamp",
    "TableAnswer",
    "TableLink",
    "TableLinkError",
    "listen",
    "session_digest",
    "result_stored",
    "session_changed",
    "session_locked",
    "session_settled",
    "session_stamp",
    "shared",
    "standings_stamp",
    "standings_unchanged",
    "table_link",
    "table_state",
    "table_unchanged",
    "stamp_with",
]
