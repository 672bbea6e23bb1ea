"""The stamp of a session: one plain statement a poll runs to learn whether anything changed.

Built by the ORM it was eight correlated subqueries whose compiling cost more than the
read (~25 ms a poll on a 15-table session); written once here it is one indexed statement.
A bare MAX(id) of a session's rows is read by PostgreSQL backwards along the whole
table's primary key until it meets one of the session's, past every newer club's rows
(1.9 ms a poll in ``bench_national.py``, and growing with the site's history). So the
audit log's newest entry has an index of (session, id), one step down; a session's
boards and pairs (a few dozen) are grouped by their session, which keeps the plan on
the session's own index.
What it reads, and why that is enough, is ``tournaments.api.http.session_stamp``'s docstring.
"""

from __future__ import annotations

import hashlib

from django.db import connections, router

from tournaments.db.sql import with_tables
from tournaments.night.models import Board, Pair, Result, ResultChange, Session

_STAMP = """
SELECT s.state, s.updated_at,
    (SELECT MAX(c.id) FROM {change} c WHERE c.session_id = s.id),
    (SELECT COUNT(*) FROM {board} b WHERE b.session_id = s.id AND b.needs_scoring),
    (SELECT COUNT(*) FROM {board} b WHERE b.session_id = s.id),
    (SELECT MAX(b.id) FROM {board} b WHERE b.session_id = s.id GROUP BY b.session_id),
    (SELECT COUNT(*) FROM {pair} p WHERE p.session_id = s.id),
    (SELECT MAX(p.id) FROM {pair} p WHERE p.session_id = s.id GROUP BY p.session_id),
    (SELECT COUNT(*) FROM {result} r JOIN {board} b ON r.board_id = b.id WHERE b.session_id = s.id),
    (SELECT MAX(r.updated_at) FROM {result} r JOIN {board} b ON r.board_id = b.id WHERE b.session_id = s.id)
FROM {session} s WHERE s.id = %s"""


def session_stamp_row(session_id: int) -> tuple | None:
    """Return the session's state, save time, newest audit entry, marked boards, and the
    count and newest id of its boards and pairs, and the count and latest save of its results
    (for writes that keep no audit entry, such as an import's); None if there is no such session."""
    # Where the ORM would read the session: a public page's reads go to the replica, if any.
    with connections[router.db_for_read(Session)].cursor() as cursor:
        statement = with_tables(
            _STAMP, change=ResultChange, board=Board, pair=Pair, result=Result, session=Session
        )
        cursor.execute(statement, [session_id])
        return cursor.fetchone()


def session_stamp_digest(session_id: int, *parts: object) -> str:
    """A short tag of the session's stamp row and the read's own ``parts`` (its page, its board).

    The API's ETags and the public standings' poll are both this one tag, so a page and a
    program see a change at the same moment.
    """
    row = session_stamp_row(session_id)
    return hashlib.sha256(repr((session_id, row, parts)).encode()).hexdigest()[:24]
