"""The stamp of a session: one plain statement a poll runs to learn whether anything changed.

Built by the ORM it was eight correlated subqueries whose compiling cost more than the
read (~25 ms a poll on a 15-table session); written once here it is one indexed statement.
A bare MAX(id) of a session's rows is read by PostgreSQL backwards along the whole
table's primary key until it meets one of the session's, past every newer club's rows
(1.9 ms a poll in ``bench_national.py``, and growing with the site's history). So the
audit log's newest entry has an index of (session, id), one step down; a session's
boards, pairs and calls (a few dozen) are grouped by their session, which keeps the plan
on the session's own index.

Besides the scores, the stamp reads what the pages show that no result write touches
(issue 33): the club's name, its tables' settings and its matchpoint scale, the directors' calls, and each
pair's players with their names and whether they are shown by initials, so a name
changed, a player hidden, a merge or a pair's players edited move it as a result does.
What it reads, and why that is enough, is ``tournaments.api.http.session_stamp``'s docstring.
"""

from __future__ import annotations

import functools
import hashlib

from django.db import connections, router

from tournaments.core.models import Club, Player
from tournaments.db.sql import with_tables
from tournaments.night.models import Board, DirectorCall, Pair, Result, ResultChange, Session

# The players of a session's pairs, seat by seat, as one text. SQLite before 3.44 has no
# ORDER BY inside an aggregate; its order is then the plan's, the same for the same rows,
# and a different order would only cost a reader one fresh page.
_PLAYERS = {
    "postgresql": "string_agg({row}, '|' ORDER BY p.id)",
    "sqlite": "group_concat({row}, '|')",
}
_PLAYER_ROW = (
    "p.id || ',' || p.number || p.direction || ',' || p1.id || ',' || p1.name || ',' || {initials1}"
    " || ',' || COALESCE(p2.id || ',' || p2.name || ',' || {initials2}, '')"
)
_INITIALS = {"postgresql": "{seat}.shown_by_initials::int", "sqlite": "{seat}.shown_by_initials"}

_STAMP = """
SELECT s.state, s.updated_at, club.name, club.table_standings, club.table_entry_lead,
    (SELECT MAX(c.id) FROM {change} c WHERE c.session_id = s.id),
    (SELECT COUNT(*) FROM {board} b WHERE b.session_id = s.id AND b.needs_scoring),
    (SELECT COUNT(*) FROM {board} b WHERE b.session_id = s.id),
    (SELECT MAX(b.id) FROM {board} b WHERE b.session_id = s.id GROUP BY b.session_id),
    (SELECT COUNT(*) FROM {pair} p WHERE p.session_id = s.id),
    (SELECT MAX(p.id) FROM {pair} p WHERE p.session_id = s.id GROUP BY p.session_id),
    (SELECT COUNT(*) FROM {result} r JOIN {board} b ON r.board_id = b.id WHERE b.session_id = s.id),
    (SELECT MAX(r.updated_at) FROM {result} r JOIN {board} b ON r.board_id = b.id WHERE b.session_id = s.id),
    (SELECT COUNT(*) FROM {call} d WHERE d.session_id = s.id AND d.answered_at IS NULL),
    (SELECT MAX(d.id) FROM {call} d WHERE d.session_id = s.id GROUP BY d.session_id),
    (SELECT {players} FROM {pair} p JOIN {player} p1 ON p1.id = p.player1_id
        LEFT JOIN {player} p2 ON p2.id = p.player2_id WHERE p.session_id = s.id),
    club.matchpoint_scale
FROM {session} s JOIN {club} club ON club.id = s.club_id WHERE s.id = %s"""

# Where each figure is in the row: the marked boards tell a reader whether a settle may be owed.
MARKED_BOARDS = 6


@functools.lru_cache(maxsize=4)
def _statement(vendor: str) -> str:
    initials = _INITIALS.get(vendor, _INITIALS["sqlite"])
    row = _PLAYER_ROW.format(initials1=initials.format(seat="p1"), initials2=initials.format(seat="p2"))
    players = _PLAYERS.get(vendor, _PLAYERS["sqlite"]).format(row=row)
    return with_tables(
        _STAMP.replace("{players}", players),
        change=ResultChange,
        board=Board,
        pair=Pair,
        result=Result,
        call=DirectorCall,
        player=Player,
        club=Club,
        session=Session,
    )


def session_stamp_row(session_id: int) -> tuple | None:
    """Return the session's state, save time and club's shown settings; its newest audit entry,
    marked boards, the count and newest id of its boards and pairs, the count and latest save of
    its results (for writes that keep no audit entry, such as an import's), its open and newest
    calls for the director, and its pairs' players as text; None if there is no such session."""
    # Where the ORM would read the session: a public page's reads go to the replica, if any.
    connection = connections[router.db_for_read(Session)]
    with connection.cursor() as cursor:
        cursor.execute(_statement(connection.vendor), [session_id])
        return cursor.fetchone()


def stamp_of_row(session_id: int, row: tuple | None) -> str:
    """A short tag of a session's stamp row: equal tags, equal rows."""
    return hashlib.sha256(repr((session_id, row)).encode()).hexdigest()[:24]


def stamp_with(stamp: str, *parts: object) -> str:
    """The tag of one read (its page, its board) of a session whose stamp is ``stamp``.

    The API's ETags, the public standings' poll and the phones' refresh are all tags of
    the one stamp, so a page and a program see a change at the same moment.
    """
    if not parts:
        return stamp
    return hashlib.sha256(repr((stamp, parts)).encode()).hexdigest()[:24]


# A table's own part of the stamp (issue 33): its open and newest calls for the director, and
# its results (each one's id and save time), which are those of its rounds' boards by the pair
# sitting North-South there, the ``slots`` its state was built with. Read with the session's
# stamp in one statement, so the two are of one moment.
_TABLE_PART = """,
    (SELECT COUNT(*) FROM {call} d WHERE d.session_id = s.id AND d."table" = %s AND d.answered_at IS NULL),
    (SELECT MAX(d.id) FROM {call} d WHERE d.session_id = s.id AND d."table" = %s),
    (SELECT {results} FROM {result} r JOIN {board} b ON r.board_id = b.id
        WHERE b.session_id = s.id AND ({slots}))
FROM {session} s JOIN"""
_RESULTS = {
    "postgresql": "string_agg(r.id || ',' || CAST(r.updated_at AS text), '|' ORDER BY r.id)",
    "sqlite": "group_concat(r.id || ',' || r.updated_at, '|')",
}
_SLOT = "(b.number = %s AND r.ns_pair_id = %s)"
# What of the session's row a table's page shows whatever the other tables do: its state and save
# time, its club's shown settings, its boards, its pairs and their players. Not its results,
# audit entries, marked boards or calls: the table's own are read apart (``_TABLE_PART``).
STRUCTURE = (0, 1, 2, 3, 4, 7, 8, 9, 10, 15)
SESSION_COLUMNS = 17  # the last, the club's matchpoint scale: the pages print figures on it


@functools.lru_cache(maxsize=64)
def _table_statement(vendor: str, slots: int) -> str:
    part = with_tables(
        _TABLE_PART.replace("{results}", _RESULTS.get(vendor, _RESULTS["sqlite"])).replace(
            "{slots}", " OR ".join([_SLOT] * slots) or "1 = 0"
        ),
        call=DirectorCall,
        result=Result,
        board=Board,
        session=Session,
    )
    statement = _statement(vendor)
    head, _, tail = statement.rpartition(f"\nFROM {with_tables('{session}', session=Session)} s JOIN")
    return head + part + tail


def table_stamp_row(session_id: int, table: int, slots: tuple[tuple[int, int], ...]) -> tuple | None:
    """The session's stamp row (``session_stamp_row``) followed by ``table``'s calls and the results
    of its ``slots`` (board number, North-South pair's id); None if there is no such session."""
    connection = connections[router.db_for_read(Session)]
    params: list[int] = [table, table, *(value for slot in slots for value in slot), session_id]
    with connection.cursor() as cursor:
        cursor.execute(_table_statement(connection.vendor, len(slots)), params)
        return cursor.fetchone()


# The table's own part alone, for a session's stamp that came from the cache with its structure's
# tag (``structure_of_row``): a phone whose session stamp moved asks only this (issue 33, the
# statement a table ran once after each result in its session).
_TABLE_ALONE = """SELECT
    (SELECT COUNT(*) FROM {call} d WHERE d.session_id = %s AND d."table" = %s AND d.answered_at IS NULL),
    (SELECT MAX(d.id) FROM {call} d WHERE d.session_id = %s AND d."table" = %s),
    (SELECT {results} FROM {result} r JOIN {board} b ON r.board_id = b.id
        WHERE b.session_id = %s AND ({slots}))"""


@functools.lru_cache(maxsize=64)
def _table_alone_statement(vendor: str, slots: int) -> str:
    return with_tables(
        _TABLE_ALONE.replace("{results}", _RESULTS.get(vendor, _RESULTS["sqlite"])).replace(
            "{slots}", " OR ".join([_SLOT] * slots) or "1 = 0"
        ),
        call=DirectorCall,
        result=Result,
        board=Board,
    )


def table_part_row(session_id: int, table: int, slots: tuple[tuple[int, int], ...]) -> tuple:
    """``table``'s calls and the results of its ``slots``: the columns ``table_stamp_row`` adds to
    the session's row, read alone."""
    connection = connections[router.db_for_read(Session)]
    params = [session_id, table, session_id, table, session_id, *(value for slot in slots for value in slot)]
    with connection.cursor() as cursor:
        cursor.execute(_table_alone_statement(connection.vendor, len(slots)), params)
        return cursor.fetchone()


def structure_of_row(session_id: int, row: tuple) -> str:
    """The tag of what a table's page shows of the session's row whatever the other tables do
    (``STRUCTURE``), kept in the cache with the session's stamp."""
    return stamp_of_row(session_id, tuple(row[index] for index in STRUCTURE))


def table_digest_of(session_id: int, table: int, structure: str, part: tuple) -> str:
    """The tag of what a table's page shows whatever the other tables do: the session's
    structure (its tag) and the table's own part (``table_part_row``)."""
    return stamp_with(stamp_of_row(session_id, (structure, *part)), "table", table)


def table_digest_of_row(session_id: int, table: int, row: tuple) -> str:
    """``table_digest_of`` over a ``table_stamp_row``."""
    return table_digest_of(session_id, table, structure_of_row(session_id, row), tuple(row[SESSION_COLUMNS:]))
