"""Pages rendered once per change, not once per reader, and the tables' links kept by token.

A page's rendered text is kept under its session's stamp (``stamps``): the ten readers of
a club's standings who find them changed get the text the first of them rendered, and
a table's second phone gets the state the first one's refresh built. A stamp moves with
everything the page shows (the scores, the players' names and whether they are shown
by initials, the club's settings), so a page kept under an old stamp is never reached
again, and what a player hid is not served from here to anyone; it expires unread after
``PAGE_SECONDS``. This holds with a process's own cache too (no ``CACHE_URL``): the key
is the stamp, not who wrote last.

A table's link (its token) names its session and table for good: with a shared cache,
a phone's refresh learns them from here (``TableLink``), not from the database, with its
session's stamp in the same round trip.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.utils.translation import get_language

from tournaments.db.stamps import stamp_with
from tournaments.night.cached.stamps import Stamp, stamp_key
from tournaments.night.cached.store import keep, recall, recall_many, shared

PAGE_SECONDS = 600.0
LINK_SECONDS = 24 * 3600.0

T = TypeVar("T")


def rendered(
    kind: str,
    session_id: int,
    stamp: str,
    part: object,
    render: Callable[[str], T],
    stamp_now: Callable[[], str],
) -> T:
    """The page ``kind`` (of ``part``: its page number, its table's token) as kept under ``stamp``,
    or ``render(stamp)`` (the page labelled with its stamp) and kept.

    The stamp was read before the page's rows, so a write may commit in between: the page
    is kept only if the database's stamp is still ``stamp`` once it is rendered
    (``stamp_now``). Else it could show rows of a later stamp under an earlier one, which
    would come back if the write were undone (a player hidden, shown, hidden again), and
    be served to every reader holding it; it is rendered again under the later stamp,
    for this reader alone.
    """
    # A page is kept once per language it is read in: the French reader's is not the Dutch one's.
    key = f"clubscore:page:{kind}:{get_language()}:{session_id}:{part}:{stamp}"
    found = recall(key)
    if found is not None:
        return found
    page = render(stamp)
    now = stamp_now()
    if now != stamp:
        return render(now)
    keep(key, page, PAGE_SECONDS)
    return page


@dataclass(frozen=True)
class TableLink:
    """What a table's token names: its session, its table, and whether its state has a stamp
    (a teams table's shows its match, which a stamp of the session does not follow)."""

    session_id: int
    table: int
    stamped: bool


def _link_key(token: str) -> str:
    return f"clubscore:table-link:{token}"


def table_stamp(link: TableLink, digest: str) -> str:
    """The stamp of a table's state: its session's, and which session and table it is, so the
    phone's next refresh names the session whose stamp it asks for (``table_recalled``)."""
    return f"{link.session_id}.{link.table}.{stamp_with(digest, 'table', link.table)}"


def table_recalled(token: str, since: str) -> tuple[TableLink | None, Stamp | None]:
    """The table's link and its session's stamp as kept, in one round trip (shared cache only:
    the token's rows are the database's to say). The session is the one the phone's stamp
    ``since`` names, if it is the link's; else the stamp is left for the caller to read."""
    if not shared():
        return None, None
    named, _, _ = since.partition(".")
    keys = [_link_key(token)] + ([stamp_key(int(named))] if named.isdigit() and len(named) < 12 else [])
    found = recall_many(keys)
    link = TableLink(*found[keys[0]]) if keys[0] in found else None
    if link is None or len(keys) == 1 or int(named) != link.session_id or keys[1] not in found:
        return link, None
    return link, Stamp(*found[keys[1]])


def table_link_kept(token: str, link: TableLink) -> None:
    if shared():
        keep(_link_key(token), (link.session_id, link.table, link.stamped), LINK_SECONDS)
