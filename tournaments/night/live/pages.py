"""Pages rendered once per change, not once per reader.

A page's rendered text is kept under its session's stamp (``stamps``): the ten readers of
a club's standings who find them changed get the text the first of them rendered. A stamp moves with
everything the page shows (the scores, the players' names and whether they are shown
by initials, the club's settings), so a page kept under an old stamp is never reached
again, and what a player hid is not served from here to anyone; it expires unread after
``PAGE_SECONDS``. This holds with a process's own cache too (no ``CACHE_URL``): the key
is the stamp, not who wrote last.

A table's state is kept the same way, under its session's stamp, by ``tables``; the whole
public session page too (issue 52), for every reader whose page is not his own
(``page_for_anyone``): what it buys and costs is decision 0081's (docs/scaling.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.db import DEFAULT_DB_ALIAS, router
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from tournaments.night.live.stamps import Stamp, stamp_key
from tournaments.night.live.store import keep, recall, recall_many, shared
from tournaments.night.models import Session

PAGE_SECONDS = 600.0

T = TypeVar("T")


def rendered(
    kind: str,
    session_id: int,
    stamp: str,
    part: object,
    render: Callable[[str], T],
    stamp_now: Callable[[], str],
    on_kept: Callable[[T], None] | None = None,
) -> T:
    """The page ``kind`` (of ``part``: its page number, its table's token) as kept under ``stamp``,
    or ``render(stamp)`` (the page labelled with its stamp) and kept.

    The stamp was read before the page's rows, so a write may commit in between: the page
    is kept only if the database's stamp is still ``stamp`` once it is rendered
    (``stamp_now``). Else it could show rows of a later stamp under an earlier one, which
    would come back if the write were undone (a player hidden, shown, hidden again), and
    be served to every reader holding it; it is rendered again under the later stamp,
    for this reader alone. ``on_kept`` is told of a page kept (``page_latest_kept``).
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
    if on_kept is not None:
        on_kept(page)
    return page


def _latest_key(kind: str, session_id: int, part: object) -> str:
    return f"clubscore:page-latest:{kind}:{get_language()}:{session_id}:{part}"


def page_latest(kind: str, session_id: int, part: object) -> tuple[Stamp | None, str | None]:
    """The session's stamp as the shared cache holds it, and the page ``kind`` last kept for
    anyone if it was drawn at that stamp: one round trip (``MGET``) where the stamp and then
    the page under it were two, which on a busy 2-core server cost an unchanged page twice
    the standings' unchanged poll. (None, None) without a shared cache."""
    if not shared():
        return None, None
    keys = [stamp_key(session_id, router.db_for_read(Session) or DEFAULT_DB_ALIAS)]
    keys.append(_latest_key(kind, session_id, part))
    found = recall_many(keys)
    stamp = Stamp(*found[keys[0]]) if keys[0] in found else None
    latest = found.get(keys[1])
    if stamp is None or latest is None or latest[0] != stamp.digest:
        return stamp, None
    return stamp, latest[1]


def page_latest_kept(kind: str, session_id: int, part: object, stamp: str, page: str) -> None:
    """Keep ``page``, drawn at ``stamp`` and kept under it, as the latest for ``page_latest``."""
    if shared():
        keep(_latest_key(kind, session_id, part), (stamp, page), PAGE_SECONDS)


# What a page kept for anyone holds where the reader's own CSRF token goes (the language
# chooser's form): each reader's is put in when it is served (``page_for_anyone``).
CSRF_STAND_IN = "clubscore-csrf-stand-in-0f6c"


def page_for_anyone(request: HttpRequest) -> int | None:
    """The page number of a public page a reader may be served from what another reader drew,
    or None when the page is the reader's own: signed in (a member's menu, a director's), with
    messages waiting, or asked with anything but a page number (the page shows its address).

    What else differs by reader is in the key (the language, ``rendered``) or in the stamp (the
    players' names and whether they are shown by initials, ``sql.stamps``)."""
    user, session = getattr(request, "user", None), getattr(request, "session", None)
    if (user is not None and user.is_authenticated) or request.COOKIES.get("messages"):
        return None
    if session is not None and "_messages" in session:
        return None
    query = request.META.get("QUERY_STRING", "")
    if not query:
        return 1
    name, _, number = query.partition("=")
    if name != "page" or not number.isdigit() or len(number) > 5 or number.startswith("0") or number == "1":
        return None  # page=1 is page 1 under another address: drawn for this reader
    return int(number)


def served_to(request: HttpRequest, page: str) -> str:
    """A page drawn with ``CSRF_STAND_IN`` for its form's token, with this reader's token put in."""
    return page.replace(CSRF_STAND_IN, get_token(request))
