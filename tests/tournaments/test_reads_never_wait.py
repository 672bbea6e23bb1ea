"""While a writer holds a session's row lock, the public pages and the tables' reads answer
at once (issue 24, point 8). Needs PostgreSQL's row locks."""

from __future__ import annotations

import datetime
import threading
import time

import pytest
from django.db import connection, connections, transaction
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.models import Board, Session, TableAccess, TableSubmission
from tournaments.selectors.movements import session_movement
from tournaments.services.table_entry import TableEntry, table_result_submit

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]

# A read that waited for the writer would take the writer's whole 5 s.
PROMPT = 1.5


class HeldLock:
    """A writer in another connection holding the session's row lock until released."""

    def __init__(self, session: Session) -> None:
        self.session_id = session.pk
        self.taken = threading.Event()
        self.release = threading.Event()
        self.thread = threading.Thread(target=self._hold)

    def _hold(self) -> None:
        try:
            with transaction.atomic():
                Session.objects.select_for_update().get(pk=self.session_id)
                self.taken.set()
                self.release.wait(timeout=5)
        finally:
            connections.close_all()

    def __enter__(self) -> HeldLock:
        self.thread.start()
        assert self.taken.wait(timeout=5)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.thread.join(timeout=10)


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

    with HeldLock(session):
        for url in pages:
            started = time.monotonic()
            response = client.get(url)
            took = time.monotonic() - started
            assert response.status_code in (200, 404), url  # the board is not public during play
            assert took < PROMPT, f"{url} waited {took:.1f} s for the writer"

    assert Board.objects.filter(session=session, needs_scoring=True).exists()  # left to a later read
    client.get(pages[1])
    assert not Board.objects.filter(session=session, needs_scoring=True).exists()
