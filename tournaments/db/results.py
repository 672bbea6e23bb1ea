"""A session's results deleted at once: shared by a session's deletion and a file's import over it.

What they cost: the SQL is written out here, so a renamed column is changed by hand;
tests/db/ checks it deletes what the ORM would.
"""

from __future__ import annotations

from django.db import connection

from tournaments.db.sql import with_tables
from tournaments.night.models import Board, Result


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
