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

import numpy as np
import numpy.typing as npt
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


# Every counted result of the site as columns: one array a column a group of sessions
# (``array_agg``; psycopg reads an array in C), so a million rows make no tuple a row
# (through fetchmany and zip the same took some 13 s of the loaded machine's 20 for a
# full refit; a COPY hands over a message a row, and packing the rows as bytes in SQL
# costs PostgreSQL three times the aggregation). A group is 10,000 sessions' results.
_COLUMNS = """
SELECT array_agg(st.session_id::int8),
       array_agg((CASE WHEN se.movement = %s AND p.direction = 'EW' THEN 1 ELSE 0 END)::int8),
       array_agg(p.player1_id::int8), array_agg(COALESCE(p.player2_id, p.player1_id)::int8),
       array_agg(st.percentage::float8), array_agg(st.boards_played::float8)
FROM {standing} st
JOIN {pair} p ON p.id = st.pair_id
JOIN {session} se ON se.id = st.session_id
WHERE st.boards_played > 0 AND se.state = %s AND se.scoring = %s
GROUP BY st.session_id / 10000
"""
_NAMES = ("session", "field", "first", "second", "percentage", "boards")
_TYPES = (np.int64, np.int64, np.int64, np.int64, np.float64, np.float64)


def rated_columns() -> dict[str, npt.NDArray]:
    """Every counted result (``rated_rows()``) as columns: session, field, first, second
    (the first again for a pair of one), percentage and boards, in no particular order."""
    if connection.vendor == "postgresql":
        text = with_tables(_COLUMNS, standing=Standing, pair=Pair, session=Session)
        params = [Movement.MITCHELL, SessionState.FINISHED, ScoringMethod.MATCHPOINTS]
        with connection.cursor() as cursor:
            cursor.execute(text, params)
            groups = [
                [np.asarray(column, dtype=kind) for column, kind in zip(group, _TYPES, strict=True)]
                for group in cursor.fetchall()
            ]
    else:
        rows = [(*row[:3], row[2] if row[3] is None else row[3], *row[4:]) for row in rated_rows()]
        groups = (
            [
                [
                    np.asarray(column, dtype=kind)
                    for column, kind in zip(zip(*rows, strict=True), _TYPES, strict=True)
                ]
            ]
            if rows
            else []
        )
    return {
        name: np.concatenate([group[place] for group in groups]) if groups else np.zeros(0, dtype=kind)
        for place, (name, kind) in enumerate(zip(_NAMES, _TYPES, strict=True))
    }
