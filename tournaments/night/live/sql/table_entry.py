"""The plain statements of a table's send and of a table's link, the busiest requests of a night.

When every table sends at once at the end of a round, each send and each page a table
loads runs these; built through the ORM they cost more Python than the database spends
on them (bench/bench_table_entry.py). What they cost: the SQL is written out here, so a
renamed column or a new join is changed by hand, and tests/db/ checks they read what
the ORM would.
"""

from __future__ import annotations

import functools

from django.db import connection

from tournaments.core.models import Club
from tournaments.db.sql import columns, from_row, quoted_table, with_tables
from tournaments.night.models import Board, Pair, Result, Session, TableAccess, TableSubmission

# The session's state, with the board's id and any earlier send of the key.
_SESSION_STATE = """
SELECT s.state,
       (SELECT b.id FROM {board} b WHERE b.session_id = s.id AND b.number = %s),
       (SELECT t.id FROM {submission} t WHERE t.session_id = s.id AND t.key = %s)
FROM {session} s WHERE s.id = %s"""

# The two pairs by number, each with whether it already has a result on the board.
_PAIRS_WITH_CLASHES = """
SELECT p.id, p.number, p.direction,
       EXISTS (SELECT 1 FROM {result} r
               WHERE r.board_id = %s AND (r.ns_pair_id = p.id OR r.ew_pair_id = p.id))
FROM {pair} p WHERE p.session_id = %s AND p.number IN (%s, %s)"""


def session_state_share_locked(
    session_id: int, board_number: int, key: str
) -> tuple[str, int | None, int | None]:
    """Return the session's state, its board ``board_number``'s id and the id of a send stored under ``key``.

    One statement where the ORM would spend three. On PostgreSQL the session's row is
    share-locked to the end of the transaction: the tables' sends go side by side, while a
    director's write or a settle (which lock it for update) waits for them and they for it.
    SQLite has one writer at a time anyway (the write gate).
    """
    lock = " FOR SHARE" if connection.vendor == "postgresql" else ""
    statement = with_tables(_SESSION_STATE, session=Session, board=Board, submission=TableSubmission)
    with connection.cursor() as cursor:
        cursor.execute(statement + lock, [board_number, key, session_id])
        state, board_id, earlier_id = cursor.fetchone()
    return state, board_id, earlier_id


def pairs_with_clashes(
    board_id: int, session_id: int, numbers: tuple[int, int]
) -> list[tuple[int, int, str, bool]]:
    """(id, number, direction, has a result on the board) of the session's pairs numbered ``numbers``.

    One statement where the ORM would spend two (the pairs, then their results on the board).
    """
    with connection.cursor() as cursor:
        cursor.execute(
            with_tables(_PAIRS_WITH_CLASHES, result=Result, pair=Pair), [board_id, session_id, *numbers]
        )
        return [(pk, number, direction, bool(clash)) for pk, number, direction, clash in cursor.fetchall()]


def table_access_with_session(token: str, *, with_club: bool) -> TableAccess | None:
    """The access of a link's ``token`` with its session (and the session's club) read, or None.

    One plain statement built once, its rows made models by ``db.sql.from_row``: every
    request of every table starts here, and building ``select_related(...).get()``
    through the ORM cost about a millisecond of Python each time.
    """
    with connection.cursor() as cursor:
        cursor.execute(_access_sql(with_club), [token])
        row = cursor.fetchone()
    if row is None:
        return None
    widths = [len(model._meta.concrete_fields) for model in (TableAccess, Session)]
    access = from_row(TableAccess, row[: widths[0]])
    access.session = from_row(Session, row[widths[0] : sum(widths)])
    if with_club:
        access.session.club = from_row(Club, row[sum(widths) :])
    return access


@functools.cache
def _access_sql(with_club: bool) -> str:
    models = [(TableAccess, "a"), (Session, "s")] + ([(Club, "c")] if with_club else [])
    selected = ", ".join(columns(model, alias) for model, alias in models)
    club = f" INNER JOIN {quoted_table(Club)} c ON c.id = s.club_id" if with_club else ""
    return (
        f"SELECT {selected} FROM {quoted_table(TableAccess)} a"
        f" INNER JOIN {quoted_table(Session)} s ON s.id = a.session_id{club} WHERE a.token = %s"
    )
