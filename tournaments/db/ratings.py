"""The counted results as plain columns, for the rating's refits (``season.services.rating_refit``).

A full refit reads every result of every finished matchpoint session on the site: a
million standings with their pairs. Through the ORM's ``values_list`` that is a tuple
and a dictionary look-up a column a row, about 3 s of Python for a million; here one
statement a batch of sessions (or one for the whole site), its rows handed on as they
come, about a third of that. What it costs: the join and the column names are written
by hand here, and a renamed column is changed here too.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from django.db import connection

from tournaments.db.sql import with_tables
from tournaments.night.models import Movement, Pair, ScoringMethod, Session, SessionState, Standing

# (session, field: 1 for a Mitchell's East-West, else 0, first player, second player or
# None, percentage, boards played) a row; a one-winner Mitchell's fields are merged by the caller.
RatedRow = tuple[int, int, int, int | None, float, int]

_ROWS = """
SELECT st.session_id, CASE WHEN se.movement = %s AND p.direction = 'EW' THEN 1 ELSE 0 END,
       p.player1_id, p.player2_id, st.percentage, st.boards_played
FROM {standing} st
JOIN {pair} p ON p.id = st.pair_id
JOIN {session} se ON se.id = st.session_id
WHERE st.boards_played > 0 AND {where}
"""
_BATCH = 500  # session ids a statement (SQLite's bound parameters; PostgreSQL's plan stays short)


def rated_rows(sessions: Collection[int] | None = None) -> Iterator[RatedRow]:
    """The results (standings with a board played) of ``sessions``, or of every finished matchpoint one."""
    if sessions is None:
        yield from _rows(
            "se.state = %s AND se.scoring = %s", [SessionState.FINISHED, ScoringMethod.MATCHPOINTS]
        )
        return
    ordered = sorted(sessions)
    for start in range(0, len(ordered), _BATCH):
        batch = ordered[start : start + _BATCH]
        yield from _rows(f"st.session_id IN ({', '.join(['%s'] * len(batch))})", batch)


def _rows(where: str, params: list) -> Iterator[RatedRow]:
    text = with_tables(_ROWS.replace("{where}", where), standing=Standing, pair=Pair, session=Session)
    with connection.cursor() as cursor:
        cursor.execute(text, [Movement.MITCHELL, *params])
        while batch := cursor.fetchmany(10_000):
            yield from batch
