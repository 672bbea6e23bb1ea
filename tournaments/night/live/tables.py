"""A table's own stamp: a phone's refresh answers 204 unless something its page shows changed.

The session's stamp (``stamps``) moves with every result anywhere in the session, so with
it alone every table's phone rebuilt its state after each other table's result (issue 33).
A table's stamp, as its phone holds it, is ``session.table.digest.modetable`` (``Held``):

- ``digest``, the session's stamp the state was read at: while the session's stamp is
  still that, nothing changed, and the refresh asks only the cache (one ``MGET``);
- ``table``, the tag of what the table's page shows whatever the other tables do
  (``live.sql.stamps.table_digest_of_row``): the session's structure (its state, club settings,
  boards, pairs and players), the table's own results and its calls for the director;
- ``mode``: ``n`` (narrow) when the page shows nothing of the other tables, so a moved
  session stamp is checked against ``table`` (one statement, with the session's stamp,
  ``table_stamp_read``); ``w`` (wide) when it shows something session-wide (the standings,
  a Swiss or barometer's rounds, an individual's moves, a table outside the movement, a
  session not in play), when any move of the session's stamp is a change.

A narrow check needs the table's ``slots`` (its rounds' board numbers, each with the pair
sitting North-South), which only the state's build knows: kept in the cache under the
table's tag, which fixes them (the tag reads the movement's session, boards and pairs).
The check's 204 carries the new stamp in ``X-Table-Stamp`` (``STAMP_HEADER``), so the
phone's next refresh is again a cache's answer.

The state itself is kept under the session's stamp it was built at, as ``pages.rendered``
keeps a page: built after the stamp was read, kept only if the stamp read after it (with
the table's tag, one statement) is still that one; else built again for this phone alone,
labelled wide at the later stamp, never newer than its content.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import get_language

from tournaments.night.live.pages import PAGE_SECONDS
from tournaments.night.live.sql.stamps import (
    table_digest_of,
    table_digest_of_row,
    table_part_row,
    table_stamp_row,
)
from tournaments.night.live.stamps import Stamp, stamp_kept, stamp_key, stamp_of
from tournaments.night.live.store import keep, recall, recall_many, shared

LINK_SECONDS = 24 * 3600.0
STAMP_HEADER = "X-Table-Stamp"
Slots = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class TableLink:
    """What a table's token names: its session, its table, and whether its state has a stamp
    (a teams table's shows its match, which a stamp of the session does not follow)."""

    session_id: int
    table: int
    stamped: bool


@dataclass(frozen=True)
class Held:
    """The stamp a phone sent back (``since``): see the module's docstring."""

    session_id: int
    table: int
    digest: str
    wide: bool
    table_digest: str

    @classmethod
    def parse(cls, since: str) -> Held | None:
        """None for anything else, such as a stamp from before the tables' own (its state is sent)."""
        parts = since.split(".")
        if len(parts) != 4 or not all(part.isdigit() and len(part) < 12 for part in parts[:2]):
            return None
        mode, table_digest = parts[3][:1], parts[3][1:]
        if (
            mode not in ("n", "w")
            or not _a_tag(parts[2])
            or not (_a_tag(table_digest) or table_digest == "-")
        ):
            return None  # a tag names a cache's key: nothing else from the phone goes into one
        return cls(int(parts[0]), int(parts[1]), parts[2], mode == "w", table_digest)

    def label(self) -> str:
        mode = "w" if self.wide else "n"
        return f"{self.session_id}.{self.table}.{self.digest}.{mode}{self.table_digest}"

    def names(self, link: TableLink) -> bool:
        return (self.session_id, self.table) == (link.session_id, link.table)


@dataclass(frozen=True)
class TableStamp:
    """The session's stamp and the table's tag, read in one statement."""

    stamp: Stamp
    table_digest: str


@dataclass(frozen=True)
class TableAnswer:
    """A phone's answer: ``status`` (200, 204, or a refusal's 404/410), its JSON ``body`` (none
    for a 204), the ``headers`` to add, and the session it is of, with whether a settle may be
    owed (``marked``: None when unknown) for the caller to ask for after answering."""

    status: int
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    session_id: int | None = None
    marked: bool | None = None


class Seen(Protocol):
    """What a build of the state tells its stamp: the table's slots, and whether it shows the other
    tables (the table-entry selectors' ``TableSeen``; the cache asks only for these two)."""

    @property
    def slots(self) -> Slots: ...

    @property
    def wide(self) -> bool: ...


def _a_tag(text: str) -> bool:
    return 0 < len(text) <= 64 and all(character in "0123456789abcdef" for character in text)


def _link_key(token: str) -> str:
    return f"clubscore:table-link:{token}"


def _slots_key(session_id: int, table: int, table_digest: str) -> str:
    return f"clubscore:table-slots:{session_id}:{table}:{table_digest}"


def table_recalled(token: str, held: Held | None) -> tuple[TableLink | None, Stamp | None, Slots | None]:
    """The table's link, its session's stamp and the slots of the held stamp, as kept, in one round
    trip. Without a shared cache only the slots (the process's own cache keeps them): the token's
    rows and the stamp are the database's to say. The session is the one ``held`` names, if it is
    the link's; else the stamp is left for the caller to read."""
    narrow = held is not None and not held.wide
    slots_key = _slots_key(held.session_id, held.table, held.table_digest) if held is not None else ""
    if not shared():
        return None, None, recall(slots_key) if narrow else None
    keys = [_link_key(token)] + ([stamp_key(held.session_id)] if held is not None else [])
    keys += [slots_key] if narrow else []
    found = recall_many(keys)
    link = TableLink(*found[keys[0]]) if keys[0] in found else None
    slots = found.get(slots_key) if narrow else None  # the caller checks they are the link's table's
    if link is None or held is None or not held.names(link):
        return link, None, slots
    stamp = Stamp(*found[keys[1]]) if keys[1] in found else None
    return link, stamp, slots


def table_link_kept(token: str, link: TableLink) -> None:
    if shared():
        keep(_link_key(token), (link.session_id, link.table, link.stamped), LINK_SECONDS)


def table_stamp_read(link: TableLink, slots: Slots) -> TableStamp | None:
    """The session's stamp and the table's tag over ``slots``, as the database has them now (one
    statement, kept for the session's other readers as ``session_stamp`` keeps it); None if
    the session is gone."""
    row = table_stamp_row(link.session_id, link.table, slots)
    if row is None:
        return None
    stamp = stamp_of(link.session_id, row)
    stamp_kept(link.session_id, stamp)
    return TableStamp(stamp, table_digest_of_row(link.session_id, link.table, row))


def table_stamp_at(link: TableLink, slots: Slots, stamp: Stamp) -> TableStamp | None:
    """The table's tag over ``slots`` at ``stamp``, the session's stamp the cache holds: with the
    structure's tag kept beside it, only the table's own part is read (three columns, none of the
    session's players or boards); else the whole statement (``table_stamp_read``)."""
    if not stamp.structure:
        return table_stamp_read(link, slots)
    part = table_part_row(link.session_id, link.table, slots)
    return TableStamp(stamp, table_digest_of(link.session_id, link.table, stamp.structure, part))


def held_now(link: TableLink, held: Held, now: TableStamp | None) -> Held | None:
    """The label the phone is to hold if what it holds (narrow) is still what the table shows
    at ``now``: its state unchanged, at the session's new stamp; else None."""
    if now is None or now.table_digest != held.table_digest:
        return None
    return Held(link.session_id, link.table, now.stamp.digest, False, held.table_digest)


def table_rendered(
    link: TableLink,
    token: str,
    digest: str,
    build: Callable[[], tuple[dict[str, Any], Seen]],
) -> bytes:
    """The table's state as kept under the session's stamp ``digest``, or built, labelled and kept."""
    key = f"clubscore:page:table-state:{get_language()}:{link.session_id}:{token}:{digest}"
    found = recall(key)
    if found is not None:
        return found
    state, seen = build()
    now = table_stamp_read(link, seen.slots)
    if now is None or now.stamp.digest != digest:  # a write came between: built again, for this phone
        state, seen = build()
        label = Held(link.session_id, link.table, now.stamp.digest if now else digest, True, "-")
        return _body(state, label)
    label = Held(link.session_id, link.table, digest, seen.wide, now.table_digest)
    body = _body(state, label)
    keep(key, body, PAGE_SECONDS)
    if not seen.wide:
        keep(_slots_key(link.session_id, link.table, now.table_digest), seen.slots, LINK_SECONDS)
    return body


def _body(state: dict[str, Any], label: Held) -> bytes:
    state["stamp"] = label.label()
    return json.dumps(state, cls=DjangoJSONEncoder).encode()
