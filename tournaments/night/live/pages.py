"""Pages rendered once per change, not once per reader.

A page's rendered text is kept under its session's stamp (``stamps``): the ten readers of
a club's standings who find them changed get the text the first of them rendered. A stamp moves with
everything the page shows (the scores, the players' names and whether they are shown
by initials, the club's settings), so a page kept under an old stamp is never reached
again, and what a player hid is not served from here to anyone; it expires unread after
``PAGE_SECONDS``. This holds with a process's own cache too (no ``CACHE_URL``): the key
is the stamp, not who wrote last.

A table's state is kept the same way, under its session's stamp, by ``tables``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.utils.translation import get_language

from tournaments.night.live.store import keep, recall

PAGE_SECONDS = 600.0

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
