"""The clash check of every entry: the results of a board that already hold either pair.

What they cost: the SQL is written out here, so a renamed column is changed by hand;
tests/db/ checks it finds what the ORM would.
"""

from __future__ import annotations

from django.db import connection

from tournaments.db.sql import with_tables
from tournaments.night.models import Result

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
