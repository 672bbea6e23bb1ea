"""The scoring's plain statements: the boards' marks, the pairs' sums, the pairs with their standings.

Each runs on every result entered (``services.scoring``), where building it through the
ORM cost more Python than the database spent on it (bench/bench_entry.py gives the
figures of the step that wrote them so). The cost: the statements name their columns,
so a renamed field must be renamed here too (the scoring's tests fail if it is not).
"""

from __future__ import annotations

from django.db import connection

from tournaments.db.sql import quoted_table, with_tables
from tournaments.night.models import Adjustment, Board, Pair, Result, Standing


def board_mark(board_id: int) -> None:
    """Mark a board for the next settle, writing its row only if it is not marked yet.

    The tables sharing a board all send at the end of a round, and on PostgreSQL each
    write of its row would wait for the one before it to commit, where finding it marked
    takes no lock.
    """
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quoted_table(Board)} SET needs_scoring = %s WHERE id = %s AND needs_scoring = %s",
            [True, board_id, False],
        )


def marked_boards(session_id: int) -> list[int]:
    """Ids of the session's boards marked for scoring."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id FROM {quoted_table(Board)} WHERE session_id = %s AND needs_scoring = %s",
            [session_id, True],
        )
        return [row[0] for row in cursor.fetchall()]


def pair_sums(session_id: int) -> list[tuple]:
    """Each side's sums by pair: (pair id, matchpoints, percentage sum, boards, NS-side score, IMPs).

    Summed by the database (the NS side grouped by NS pair, the EW side by EW pair, in
    one query) rather than every result of the session read into Python. An artificial
    adjusted score counts as a board played, adds nothing to the total score. The ORM
    spent longer building this union than the database spent running it.
    """
    with connection.cursor() as cursor:
        cursor.execute(with_tables(_PAIR_SUMS, result=Result, board=Board), [session_id, session_id])
        return cursor.fetchall()


_PAIR_SUMS = """
SELECT r.ns_pair_id, SUM(r.ns_matchpoints), SUM(r.ns_percentage), COUNT(*), SUM(r.ns_score), SUM(r.ns_imps)
FROM {result} r INNER JOIN {board} b ON r.board_id = b.id
WHERE b.session_id = %s
GROUP BY r.ns_pair_id
UNION ALL
SELECT r.ew_pair_id, SUM(r.ew_matchpoints), SUM(r.ew_percentage), COUNT(*), SUM(-r.ns_score), SUM(r.ew_imps)
FROM {result} r INNER JOIN {board} b ON r.board_id = b.id
WHERE b.session_id = %s AND r.ew_pair_id IS NOT NULL
GROUP BY r.ew_pair_id"""


def pairs_and_stored_standings(session_id: int) -> tuple[list[tuple[int, str]], dict[int, tuple], bool, bool]:
    """The session's pairs (id, direction) in order, their stored standings (pair id -> id and
    figures), whether standings of other pairs are filed under the session, and whether
    any of its results holds an Average-plus.

    One statement where the ORM took three; the Average-plus is found through its
    partial index (``result_average_plus``).
    """
    plus = Adjustment.AVERAGE_PLUS
    with connection.cursor() as cursor:
        cursor.execute(
            with_tables(_PAIRS_AND_STANDINGS, pair=Pair, standing=Standing, result=Result, board=Board),
            [session_id, plus, plus, session_id, session_id],
        )
        rows = cursor.fetchall()
    pairs = [(row[0], row[1]) for row in rows]
    stored = {row[0]: row[2:-2] for row in rows if row[2] is not None}
    if not rows:
        return [], {}, Standing.objects.filter(session_id=session_id).exists(), False
    return pairs, stored, rows[0][-2] > len(stored), bool(rows[0][-1])


_PAIRS_AND_STANDINGS = """
SELECT p.id, p.direction, s.id, s.rank, s.tied, s.matchpoints, s.percentage, s.boards_played,
       s.total_score, s.imps, (SELECT COUNT(*) FROM {standing} t WHERE t.session_id = %s),
       (SELECT COUNT(*) FROM (
            SELECT 1 FROM {result} r INNER JOIN {board} b ON r.board_id = b.id
            WHERE (r.ns_adjustment = %s OR r.ew_adjustment = %s) AND b.session_id = %s LIMIT 1
       ) plus)
FROM {pair} p LEFT JOIN {standing} s ON s.pair_id = p.id AND s.session_id = p.session_id
WHERE p.session_id = %s
ORDER BY p.direction, p.number"""
