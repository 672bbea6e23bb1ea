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
(issue 33), as ``SHOWN`` declares it (issue 52): the club's name, address, federation, tables'
settings and matchpoint scale, each pair's number, direction, section, handicap, stratum and
players, with their names and
whether they are shown by initials, so a name changed, a player hidden, a merge or a pair's
players edited move it as a result does; and the directors' calls.
What it reads, and why that is enough, is ``tournaments.api.http.session_stamp``'s docstring.
"""

from __future__ import annotations

import functools
import hashlib

from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from django.db.models import Field, Model

from tournaments.core.models import Club, Player
from tournaments.db.sql import with_tables
from tournaments.night.models import Board, DirectorCall, Pair, Result, ResultChange, Session

# What the live pages (the public session page and its standings, a table's phone) show of the
# rows that no result write touches, declared once: the stamp reads exactly these columns (the
# club's at the row's end, the pairs' and their players' in its text), so a field added here is
# stamped, and tests/night/live/test_shown_is_stamped.py fails when one of those pages reads a
# field of these models that is not here. A session's own fields move its save time
# (``updated_at``); its boards, results, audit entries and calls are counted below.
SHOWN: dict[type[Model], tuple[str, ...]] = {
    Club: ("name", "slug", "federation", "table_standings", "table_entry_lead", "matchpoint_scale"),
    Pair: ("number", "direction", "section", "player1", "player2", "handicap", "stratum"),
    Player: ("name", "shown_by_initials"),
}

# The players of a session's pairs, seat by seat, as one text. SQLite before 3.44 has no
# ORDER BY inside an aggregate; its order is then the plan's, the same for the same rows,
# and a different order would only cost a reader one fresh page.
_PLAYERS = {
    "postgresql": "string_agg({row}, '|' ORDER BY p.id)",
    "sqlite": "group_concat({row}, '|')",
}

_STAMP = """
SELECT s.state, s.updated_at,
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
    {club}
FROM {session} s JOIN {club_table} club ON club.id = s.club_id WHERE s.id = %s"""

# Where each figure is in the row: the marked boards tell a reader whether a settle may be owed.
MARKED_BOARDS = 3
_PLAYERS_AT = 12
SESSION_COLUMNS = _PLAYERS_AT + 1 + len(SHOWN[Club])


def _column(model: type[Model], name: str) -> str:
    """The column of a field declared shown (a relation's own column, its id)."""
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or field.column is None:
        raise ImproperlyConfigured(f"SHOWN declares {model.__name__}.{name}, which has no column to stamp")
    return field.column


def _as_text(alias: str, model: type[Model], names: tuple[str, ...]) -> str:
    """The row's id and its declared fields as one text (an absent row's: NULL)."""
    columns = [_column(model, name) for name in names]
    parts = [f"{alias}.id"] + [f"COALESCE(CAST({alias}.{column} AS TEXT), '')" for column in columns]
    return " || ',' || ".join(parts)


def _players_row() -> str:
    seats = _as_text("p1", Player, SHOWN[Player]), _as_text("p2", Player, SHOWN[Player])
    return f"{_as_text('p', Pair, SHOWN[Pair])} || ',' || {seats[0]} || ',' || COALESCE({seats[1]}, '')"


@functools.lru_cache(maxsize=4)
def _statement(vendor: str) -> str:
    players = _PLAYERS.get(vendor, _PLAYERS["sqlite"]).format(row=_players_row())
    club = ", ".join(f"club.{_column(Club, name)}" for name in SHOWN[Club])
    return with_tables(
        _STAMP.replace("{players}", players).replace("{club}", club),
        change=ResultChange,
        board=Board,
        pair=Pair,
        result=Result,
        call=DirectorCall,
        player=Player,
        club_table=Club,
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
STRUCTURE = (0, 1, 4, 5, 6, 7, _PLAYERS_AT, *range(_PLAYERS_AT + 1, SESSION_COLUMNS))


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
