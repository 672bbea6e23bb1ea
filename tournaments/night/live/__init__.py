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

Each has the session's stamps forgotten when the write commits (``sessions_changed``), and
tells every ``listen``-er, once the write has committed, a ``Change``.

What a reader asks:

- ``session_stamp``: the session's stamp (from the shared cache, else the database);
- ``standings_stamp`` / ``standings_unchanged``: the stamp a page of standings holds, and
  whether the cache alone says a reader's copy is still current;
- ``table_link`` / ``table_unchanged`` / ``table_state``: which session and table a phone's
  token names, whether the cache alone says its copy is current, and the phone's answer
  (204, the state as JSON with its stamp, or a refusal).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from django.db import DEFAULT_DB_ALIAS, connections, transaction

from tournaments.night.cached.stamps import Stamp, sessions_changed
from tournaments.night.cached.stamps import session_stamp as _session_stamp
from tournaments.night.cached.tables import TableLink
from tournaments.night.live.phones import TableAnswer, table_answer, table_link_read

logger = logging.getLogger(__name__)

RESULT_STORED, SESSION_SETTLED, SESSION_CHANGED = "result", "settled", "changed"


@dataclass(frozen=True)
class Change:
    """What a committed write changed: its session, its ``kind`` (``RESULT_STORED``,
    ``SESSION_SETTLED``, ``SESSION_CHANGED``) and the table that sent it, if a table did."""

    session_id: int
    kind: str
    table: int | None = None


_listeners: list[Callable[[Change], None]] = []


def listen(listener: Callable[[Change], None]) -> None:
    """Have ``listener`` told of every change once its write commits (registered in ``ready``).

    A listener runs in the writer's thread after the commit; it must be quick and must not
    raise (what it raises is logged and dropped: the write is done).
    """
    if listener not in _listeners:
        _listeners.append(listener)


def result_stored(session_id: int, *, table: int | None = None) -> None:
    """In the transaction that stored a result of ``session_id`` (sent by ``table``, if a table's):
    its pages' stamps are forgotten at the commit, and the listeners told."""
    sessions_changed([session_id])
    _tell([Change(session_id, RESULT_STORED, table)])


def session_settled(session_id: int) -> None:
    """In the transaction that rescored ``session_id``'s marked boards and standings."""
    sessions_changed([session_id])
    _tell([Change(session_id, SESSION_SETTLED)])


def session_changed(session_ids: Iterable[int], *, strict: bool = False) -> None:
    """In a write that changes what these sessions' pages show, other than a result or a settle.

    ``strict`` for a write that hides something (``sessions_changed``: refused if the shared
    cache cannot be told at once)."""
    session_ids = list(session_ids)
    sessions_changed(session_ids, strict=strict)
    _tell([Change(session_id, SESSION_CHANGED) for session_id in session_ids])


def session_stamp(session_id: int) -> Stamp | None:
    """The session's stamp (the shared cache's if it holds it, else the database's, then kept);
    None if there is no such session."""
    return _session_stamp(session_id)


def standings_stamp(session_id: int, page: int = 1) -> str:
    """The stamp page ``page`` of the session's standings holds now: a reader whose copy holds
    another one fetches the standings again."""
    from tournaments.night.selectors.public import standings_stamp as stamp

    return stamp(session_id, page)


def standings_unchanged(session_id: int, page: int, since: str) -> bool:
    """Whether the shared cache alone says a reader's standings (stamp ``since``) are current,
    with no settle owed; False means "ask the view", not "changed"."""
    from tournaments.night.cached.unchanged import standings_unchanged as unchanged

    return unchanged(session_id, page, since)


def table_link(token: str) -> TableLink | None:
    """The session and table a phone's token names (the cache's, else the database's), or None
    for a link that grants nothing (unknown, its session finished, its table gone)."""
    return table_link_read(token)


def table_unchanged(token: str, since: str) -> bool:
    """Whether the shared cache alone says the phone's state (stamp ``since``) is the table's,
    with no settle owed; False means "ask ``table_state``", not "changed"."""
    from tournaments.night.cached.tables import Held
    from tournaments.night.cached.unchanged import table_unchanged as unchanged

    return unchanged(token, Held.parse(since))


def table_state(token: str, since: str = "") -> TableAnswer:
    """The phone's answer to a refresh holding ``since`` (empty: none): 204 while what the table
    shows is unchanged, else its state as JSON labelled with its stamp, or a refusal."""
    return table_answer(token, since)


def _tell(changes: list[Change]) -> None:
    if not _listeners or not changes:
        return
    blocks = connections[DEFAULT_DB_ALIAS].atomic_blocks
    if blocks and not getattr(blocks[0], "_from_testcase", False):
        transaction.on_commit(partial(_told, changes))
    else:
        _told(changes)


def _told(changes: list[Change]) -> None:
    for listener in list(_listeners):
        for change in changes:
            try:
                listener(change)
            except Exception:  # noqa: BLE001 - the write is done; a listener's failure is logged
                logger.exception("A listener of the live evening failed on %s", change)


__all__ = [
    "RESULT_STORED",
    "SESSION_CHANGED",
    "SESSION_SETTLED",
    "Change",
    "Stamp",
    "TableAnswer",
    "TableLink",
    "listen",
    "result_stored",
    "session_changed",
    "session_settled",
    "session_stamp",
    "standings_stamp",
    "standings_unchanged",
    "table_link",
    "table_state",
    "table_unchanged",
]
