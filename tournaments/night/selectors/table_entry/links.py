"""A table's secret link: the access it grants (or why not), and the QR code printed on its card.

Every request of every table starts with ``table_access_get``, so its read is one plain
statement (``db.sql.from_row``).
"""

from __future__ import annotations

import functools
import io
import re

import segno
from django.db import connection

from tournaments.core.models import Club
from tournaments.db.sql import columns, from_row, quoted_table
from tournaments.night.models import Session, SessionState, TableAccess
from tournaments.night.selectors import movements as movement_selectors


class TableLinkError(Exception):
    """A table link that grants nothing: unknown, or its session finished. ``status`` is the HTTP answer."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


# What secrets.token_urlsafe(24) gives; anything else (a NUL, which PostgreSQL refuses in a
# query, issue 24) is an unknown link without asking the database.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,43}")


def table_access_get(token: str, *, with_club: bool = True) -> TableAccess:
    """Return the table access of a link's token, refusing an unknown token or a finished session.

    ``with_club=False`` leaves the club to be read if ever used: a table's send has no
    need of it, and it is the busiest request of a night.
    """
    access = _access_with_session(token, with_club) if _TOKEN.fullmatch(token) else None
    if access is None or not _table_in_movement(access):
        raise TableLinkError("This table link is not valid. Ask the director for the table's card.", 404)
    if access.session.state == SessionState.FINISHED:
        raise TableLinkError(
            "This session has finished, so its table links no longer work. "
            "The results are on the club's public pages.",
            410,
        )
    return access


def _access_with_session(token: str, with_club: bool) -> TableAccess | None:
    """The token's access with its session (and club) read, or None.

    One plain statement built once (``db.sql.from_row``): every request of every
    table starts here, and building ``select_related(...).get()`` through the ORM cost
    about a millisecond of Python each time.
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


def _table_in_movement(access: TableAccess) -> bool:
    """False for a link of a table the movement no longer has (it shrank before play)."""
    movement = movement_selectors.session_movement(access.session)
    return movement is None or access.table <= movement.tables


def qr_svg(url: str) -> str:
    """An SVG QR code of ``url`` for a table card (segno; no image file, no script)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, xmldecl=False, svgns=True, svgclass="qr")
    return buffer.getvalue().decode()
