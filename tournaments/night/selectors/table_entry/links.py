"""A table's secret link: the access it grants (or why not), and the QR code printed on its card.

Every request of every table starts with ``table_access_get``, so its read is one plain
statement (``live.sql.table_entry.table_access_with_session``).
"""

from __future__ import annotations

import io
import re

import segno
from django.utils.translation import gettext as _

from tournaments.night.live.phones import TableLinkError
from tournaments.night.live.sql.table_entry import table_access_with_session
from tournaments.night.models import SessionState, TableAccess
from tournaments.night.selectors import movements as movement_selectors

# What secrets.token_urlsafe(24) gives; anything else (a NUL, which PostgreSQL refuses in a
# query, issue 24) is an unknown link without asking the database.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,43}")


def table_access_get(token: str, *, with_club: bool = True) -> TableAccess:
    """Return the table access of a link's token, refusing an unknown token or a finished session.

    ``with_club=False`` leaves the club to be read if ever used: a table's send has no
    need of it, and it is the busiest request of a night.
    """
    access = table_access_with_session(token, with_club=with_club) if _TOKEN.fullmatch(token) else None
    if access is None or not _table_in_movement(access):
        raise TableLinkError(_("This table link is not valid. Ask the director for the table's card."), 404)
    if access.session.state == SessionState.FINISHED:
        raise TableLinkError(
            _(
                "This session has finished, so its table links no longer work. "
                "The results are on the club's public pages."
            ),
            410,
        )
    return access


def _table_in_movement(access: TableAccess) -> bool:
    """False for a link of a table the movement no longer has (it shrank before play)."""
    movement = movement_selectors.session_movement(access.session)
    return movement is None or movement.has_table(access.table)


def qr_svg(url: str) -> str:
    """An SVG QR code of ``url`` for a table card (segno; no image file, no script)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, xmldecl=False, svgns=True, svgclass="qr")
    return buffer.getvalue().decode()
