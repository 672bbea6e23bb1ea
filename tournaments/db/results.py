"""Plain statements on results: the clash check of every entry, and a session's results deleted at once.

What they cost: the SQL is written out here, so a renamed column is changed by hand;
tests/db/ checks they find and delete what the ORM would.
"""

from __future__ import annotations

from django.db import connection

from tournaments.db.sql import with_tables
from tournaments.night.models import Board, Result

_HOLDING_PAIRS = """
SELECT id, ns_pair_id, ew_pair_id FROM {result}
WHERE board_id = %s AND (ns_pair_id IN (%s, %s) OR ew_pair_id IN (%s, %s)) AND NOT id = COALESCE(%s, 0)"""


def results_holding_pairs(board_id: int, pair_ids: tuple[int, int], leaving: int | None) -> list[tuple]:
    """(id, NS pair, EW pair) of the board's results, but the one numbered ``leaving``, that hold either pair.

    Normally none. Plain SQL: it runs on every result entered, where the ORM's building of
    the query costs more than the database's answer (db.sql).
    """
    with connection.cursor() as cursor:
        cursor.execute(with_tables(_HOLDING_PAIRS, result=Result), [board_id, *pair_ids, *pair_ids, leaving])
        return cursor.fetchall()


def session_results_delete(session_id: int) -> None:
    """Delete every result of the session's boards in one statement.

    ``Result.objects.filter(...).delete()`` would load every result into memory to null the
    audit log's links to them, which for a 400,000-result legacy session costs more than
    its import; so the caller deletes what links to them first (the session's audit
    entries and standings). What it costs: no signals and no cascade run for the results.
    """
    statement = with_tables(
        "DELETE FROM {result} WHERE board_id IN (SELECT id FROM {board} WHERE session_id = %s)",
        result=Result,
        board=Board,
    )
    with connection.cursor() as cursor:
        cursor.execute(statement, [session_id])
