"""While a writer holds a session's row lock, the public pages and the tables' reads answer
at once (issue 24, point 8). Needs PostgreSQL's row locks."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection, connections, transaction
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.night.models import Board, Session, TableAccess, TableSubmission
from tournaments.night.selectors.movements import session_movement
from tournaments.night.services.table_entry import TableEntry, table_result_submit

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]

# A bound for a loaded machine: the writer holds its lock until released, or this long.
WAIT = 60


class HeldLock:
    """A writer in another connection holding the session's row lock until released.

    A read that queued behind it would be let in only when the writer gives up (``WAIT``
    later); ``held`` says whether the writer still held the lock, so a prompt read is
    one answered while ``held``, however slow the machine.
    """

    def __init__(self, session: Session) -> None:
        self.session_id = session.pk
        self.taken = threading.Event()
        self.release = threading.Event()
        self.gave_up = threading.Event()
        self.thread = threading.Thread(target=self._hold)

    def _hold(self) -> None:
        try:
            with transaction.atomic():
                Session.objects.select_for_update().get(pk=self.session_id)
                self.taken.set()
                if not self.release.wait(timeout=WAIT):
                    self.gave_up.set()
        finally:
            connections.close_all()

    @property
    def held(self) -> bool:
        return not self.gave_up.is_set()

    def __enter__(self) -> HeldLock:
        self.thread.start()
        assert self.taken.wait(timeout=WAIT)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.thread.join(timeout=WAIT)


def _with_an_overdue_settle(session: Session) -> None:
    """A table's round-1 boards stored and marked, their settle lost: a reader finds work to do."""
    movement = session_movement(session)
    access = TableAccess.objects.get(session=session, table=1)
    for board in movement.encounter(1, 1).boards:
        table_result_submit(access=access, entry=TableEntry(f"held-key-{board}", 1, board, "3NT", "N", "9"))
    at = datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=5)
    TableSubmission.objects.filter(session=session).update(at=at)


def _pages(session: Session) -> list[str]:
    token = TableAccess.objects.get(session=session, table=1).token
    board = min(session_movement(session).encounter(1, 1).boards)
    pair = session.pairs.get(direction="NS", number=1)
    return [
        reverse("session", args=[session.pk]),
        reverse("session_standings", args=[session.pk]),
        reverse("board", args=[session.pk, board]),
        reverse("pair", args=[session.pk, pair.pk]),
        reverse("table_state", args=[token]),
        reverse("table_traveller", args=[token, board]),
    ]


def test_public_reads_answer_while_a_writer_holds_the_session(client, club, settings):
    """Issue 24, point 8: a read that finds an overdue settle must not queue behind the writer."""
    settings.TABLE_SETTLE_DELAY = 0.2
    session = seated_mitchell(club, start=True)
    _with_an_overdue_settle(session)
    pages = _pages(session)

    with HeldLock(session) as writer:
        for url in pages:
            response = client.get(url)
            assert response.status_code in (200, 404), url  # the board is not public during play
            assert writer.held, f"{url} waited for the writer to let its lock go"

    assert Board.objects.filter(session=session, needs_scoring=True).exists()  # left to a later read
    client.get(pages[1])
    assert not Board.objects.filter(session=session, needs_scoring=True).exists()
