"""A session's stamp kept in the shared cache, forgotten by every write that changes the session.

The stamp is the database's (``live.sql.stamps``: one statement over what the pages show); the
cache keeps it under the session's id, so a poll that finds nothing changed asks only the
cache. Kept by the first reader that reads it, ``only_if_absent``; forgotten by each write
(``sessions_changed``): when its transaction commits, and once more ``AGAIN_AFTER``
later, by a job of the task queue the write asks for (a reader that read the database
before the commit may keep its stamp after it; a replica may lag, and its stamps are kept
apart from the primary's). Whatever is kept is
a stamp some reader read from the database, so a page is never labelled with a stamp
newer than its content. A write that could not tell the cache (Redis restarting) leaves
a stale stamp at most ``STAMP_SECONDS``.

Only with a shared cache (``CACHE_URL``): a process's own cache does not hear the writes
of the others, so without one every poll reads the stamp from the database, as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, connections, router, transaction
from django.db.models import Q
from django.utils.translation import gettext

from tournaments.core.services.jobs import enqueue_unless_waiting, job
from tournaments.night.live.sql.stamps import (
    MARKED_BOARDS,
    SESSION_COLUMNS,
    session_stamp_row,
    stamp_of_row,
    stamp_with,
    structure_of_row,
)
from tournaments.night.live.store import forget, keep, recall, shared
from tournaments.night.models import Pair, Session

STAMP_SECONDS = 30.0
AGAIN_AFTER = 1.0


@dataclass(frozen=True)
class Stamp:
    """A session's stamp, whether boards were marked for a settle when it was read, and the tag of
    its structure (``live.sql.stamps.structure_of_row``: what a table's page shows whatever the other
    tables do; empty if unknown), so a table's check asks the database only for its own part."""

    digest: str
    marked: bool
    structure: str = ""


class CacheUnreachableError(ValidationError):
    """A write that hides something could not have the pages' cache forget the old pages."""


def stamp_key(session_id: int, alias: str = DEFAULT_DB_ALIAS) -> str:
    """Where the stamp read from database ``alias`` is kept: a replica's apart from the
    primary's, since it may lag (a table must see its own result: its reads are the primary's)."""
    return f"clubscore:stamp:{alias}:{session_id}"


def session_stamp(session_id: int) -> Stamp | None:
    """The session's stamp, from the shared cache if it holds it, else from the database
    (and kept); None if there is no such session."""
    found = stamp_recalled(session_id)
    if found is not None:
        return found
    row = session_stamp_row(session_id)
    if row is None:
        return None
    stamp = stamp_of(session_id, row)
    stamp_kept(session_id, stamp)
    return stamp


def stamp_of(session_id: int, row: tuple) -> Stamp:
    """The stamp of a session's stamp row (``live.sql.stamps.session_stamp_row``, or the start of a
    ``table_stamp_row``)."""
    session_row = row[:SESSION_COLUMNS]
    return Stamp(
        stamp_of_row(session_id, session_row),
        bool(row[MARKED_BOARDS]),
        structure_of_row(session_id, session_row),
    )


def stamp_recalled(session_id: int) -> Stamp | None:
    """The session's stamp as the shared cache holds it, or None (not kept, or no shared cache)."""
    if not shared():
        return None
    found = recall(stamp_key(session_id, router.db_for_read(Session) or DEFAULT_DB_ALIAS))
    return Stamp(*found) if found is not None else None


def stamp_kept(session_id: int, stamp: Stamp) -> None:
    """Keep a stamp just read from the database for the next readers, unless one is kept already
    or it was read inside a write (which others cannot see yet)."""
    if shared() and not _inside_a_write():
        key = stamp_key(session_id, router.db_for_read(Session) or DEFAULT_DB_ALIAS)
        keep(key, (stamp.digest, stamp.marked, stamp.structure), STAMP_SECONDS, only_if_absent=True)


def session_digest_read(session_id: int) -> str:
    """The session's stamp as the database has it now, never the cache's."""
    return stamp_of_row(session_id, session_stamp_row(session_id))


def session_digest(session_id: int) -> str:
    """The session's stamp alone; a missing session has one too (the database's, of no row)."""
    stamp = session_stamp(session_id)
    return stamp.digest if stamp is not None else stamp_of_row(session_id, None)


def standings_stamp(session_id: int, page: int, digest: str | None = None) -> str:
    """Return the stamp a page of standings holds, so its poll swaps them only on change.

    Read before the standings (the session's stamp: it changes whenever
    they may have, as the API's ETag does), so a poll that finds nothing changed answers
    204 without reading or rendering a row: the readers' polls are most of an evening's
    requests (docs/scaling.md). ``digest`` is the session's stamp if the caller read it.
    """
    return stamp_with(digest or session_digest(session_id), "standings page", page)


def _inside_a_write() -> bool:
    """Whether this connection is in a write's transaction, whose reads others cannot see yet
    (a test's own transaction, which Django marks, is not one)."""
    blocks = connections[DEFAULT_DB_ALIAS].atomic_blocks
    return any(not getattr(block, "_from_testcase", False) for block in blocks)


def _commits() -> bool:
    """Whether this connection's transaction will commit (and run its ``on_commit`` callbacks):
    not a test's, which Django rolls back, nor none (each statement committed already)."""
    blocks = connections[DEFAULT_DB_ALIAS].atomic_blocks
    return bool(blocks) and not getattr(blocks[0], "_from_testcase", False)


def sessions_changed(session_ids: Iterable[int], *, strict: bool = False) -> None:
    """Have the cache forget these sessions' stamps when the write commits, and once more a moment later.

    Forgetting before the commit would buy nothing: a reader would read the database,
    which still holds the old rows, and keep that stamp again. ``strict`` for a write that
    hides something (a player shown by initials, erased): the cache is asked at once too,
    and if it cannot be told, the write is refused (``CacheUnreachableError``), as it
    could go on serving what was hidden until its stamps expire.
    """
    if not shared():
        return
    aliases = list(settings.DATABASES)  # the primary's stamps, and any replica's
    keys = sorted({stamp_key(session_id, alias) for session_id in session_ids for alias in aliases})
    if not keys:
        return
    if strict and not forget(keys, strict=True):
        raise CacheUnreachableError(
            gettext(
                "The pages' cache could not be told of the change, so it could still show what it"
                " hides: nothing was changed. Try again in a minute."
            )
        )
    if _commits():
        transaction.on_commit(partial(forget, keys))
    else:
        forget(keys)
    # Not locked: a burst's writes share the waiting job, and one that misses it (claimed
    # meanwhile) leaves a stale stamp for STAMP_SECONDS at most.
    enqueue_unless_waiting(stamps_forget_again, keys, after=AGAIN_AFTER, lock=False)


def players_changed(player_ids: Sequence[int], hiding: bool) -> None:
    """Forget the stamps of every session these players sat in (``core.changes``): their names
    or initials are on its pages. ``hiding``: strictly (``sessions_changed``)."""
    if shared():
        seated = Pair.objects.filter(Q(player1_id__in=player_ids) | Q(player2_id__in=player_ids))
        sessions_changed(seated.values_list("session_id", flat=True).distinct(), strict=hiding)


def club_changed(club_id: int) -> None:
    """Forget the stamps of the club's sessions (``core.changes``): its name and settings are on them."""
    if shared():
        sessions_changed(Session.objects.filter(club_id=club_id).values_list("pk", flat=True))


@job(retry_after=())
def stamps_forget_again(keys: list[str]) -> None:
    """The queue's job: forget the stamps once more, a moment after the write that changed them."""
    forget(keys)
