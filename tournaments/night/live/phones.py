"""A phone's refresh answered: 204 while its table's page is unchanged, else its state, labelled.

Moved here from the view (``night.views.table_entry.table_state``, which now only turns the
answer into a response): every phone asks every 15 s, and with a shared cache a refresh in a
session where nothing changed costs one round trip to the cache and no query; one after
another table's result, one statement (the table's own stamp, ``night.live.tables``); a
changed state is built once per change and kept under its stamp.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from django.core.serializers.json import DjangoJSONEncoder

from tournaments.core.hooks import Hook
from tournaments.night.live.stamps import Stamp, session_stamp
from tournaments.night.live.tables import (
    STAMP_HEADER,
    Held,
    Seen,
    Slots,
    TableAnswer,
    TableLink,
    TableStamp,
    held_now,
    table_link_kept,
    table_recalled,
    table_rendered,
    table_stamp_at,
    table_stamp_read,
)
from tournaments.night.models import Session, TableAccess


class TableLinkError(Exception):
    """A table link that grants nothing: unknown, or its session finished. ``status`` is the HTTP answer."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class TableReads(Protocol):
    """What a phone's answer reads of its table, the night's selectors' (``selectors.table_entry``),
    registered at ``table_reads`` so that this room, below them, imports none of them."""

    def table_access_get(self, token: str) -> TableAccess: ...
    def table_state_stamped(self, session: Session) -> bool: ...
    def table_state(self, access: TableAccess) -> dict[str, Any]: ...
    def table_state_seen(self, access: TableAccess) -> tuple[dict[str, Any], Seen]: ...


table_reads: Hook[[], TableReads] = Hook("night.live.table_reads", receivers=("night.table_entry_reads",))
"""The night's selectors of a table's page, for a phone's answer (registered in ``night.ready``)."""


def _reads() -> TableReads:
    (reads,) = table_reads()
    return reads


def _refused(error: TableLinkError) -> TableAnswer:
    return TableAnswer(error.status, json.dumps({"error": error.message}).encode())


def table_link_read(token: str) -> TableLink | None:
    """The link a token names, from the shared cache, else the database (and kept); None if it
    grants nothing."""
    selectors = _reads()
    link, _stamp, _slots = table_recalled(token, None)
    if link is not None:
        return link
    try:
        access = selectors.table_access_get(token)
    except TableLinkError:
        return None
    link = TableLink(access.session_id, access.table, selectors.table_state_stamped(access.session))
    table_link_kept(token, link)
    return link


def table_answer(token: str, since: str) -> TableAnswer:
    """The answer to a phone's refresh holding ``since`` (see the module's docstring)."""
    selectors = _reads()
    access: TableAccess | None = None
    held = Held.parse(since)
    link, stamp, slots = table_recalled(token, held)
    if link is None:
        try:
            access = selectors.table_access_get(token)
        except TableLinkError as error:
            return _refused(error)
        link = TableLink(access.session_id, access.table, selectors.table_state_stamped(access.session))
        table_link_kept(token, link)
    if held is not None and not held.names(link):
        held, slots = None, None
    now: TableStamp | None = None
    if not link.stamped:
        stamp = None
    elif stamp is None and held is not None and not held.wide and slots is not None:
        now = table_stamp_read(link, slots)  # the session's stamp and the table's, in one statement
        stamp = now.stamp if now is not None else None
    elif stamp is None:
        stamp = session_stamp(link.session_id)
    if stamp is None:  # a teams table's (its match follows more than the session), or the session is gone
        try:
            found = access or selectors.table_access_get(token)
        except TableLinkError as error:
            return _refused(error)
        body = json.dumps(selectors.table_state(found), cls=DjangoJSONEncoder).encode()
        return TableAnswer(200, body, session_id=found.session_id)
    answer = _unchanged(link, held, stamp, slots, now)
    if answer is not None:
        return answer

    def build() -> tuple[dict, Seen]:
        return selectors.table_state_seen(access or selectors.table_access_get(token))

    try:
        body = table_rendered(link, token, stamp.digest, build)
    except TableLinkError as error:  # finished, or gone from the movement, since kept
        return _refused(error)
    return TableAnswer(200, body, session_id=link.session_id, marked=stamp.marked)


def _unchanged(
    link: TableLink, held: Held | None, stamp: Stamp, slots: Slots | None, now: TableStamp | None
) -> TableAnswer | None:
    """204 if the phone's state is still what the table shows, else None (the state is sent).

    Unchanged if the session's stamp has not moved since the phone's state was built; or, if
    its state shows nothing of the other tables, if the table's own stamp has not (one
    statement, of the table's own part alone when the cache kept the session's structure
    with its stamp): then the 204 carries the stamp to hold now, at the session's new stamp.
    """
    if held is None:
        return None
    unchanged = TableAnswer(204, session_id=link.session_id, marked=stamp.marked)
    if held.digest == stamp.digest:
        return unchanged
    if held.wide or slots is None:
        return None
    label = held_now(link, held, now or table_stamp_at(link, slots, stamp))
    if label is None:
        return None
    headers = {STAMP_HEADER: label.label()}
    return TableAnswer(204, headers=headers, session_id=link.session_id, marked=stamp.marked)
