"""A table's entry is scored once the session's entries pause: a burst shares one rescoring.

The suite runs with no delay (each answer settles at once); these tests set one, as
production does, and run the timer's thread against the committed database.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from django.utils import timezone

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.models import Board, Result, Session, TableSubmission
from tournaments.services import settle_soon as soon
from tournaments.services.results import result_record


def _enter_unsettled(session: Session, number: int, table: int) -> Result:
    """A table's entry as the table's send leaves it: stored, its board marked, not scored."""
    entry = mitchell_3nt(session, table, table)
    return result_record(board=session.boards.get(number=number), entry=entry, settle=False)


def _settled(session: Session) -> bool:
    return not Board.objects.filter(session=session, needs_scoring=True).exists()


class CountedSettles(list):
    """The sessions rescored through ``settle_soon``, in order; ``done`` is set after each.

    The tests wait on ``done`` rather than polling the database, as SQLite's shared
    in-memory test database refuses a read while the timer's thread writes.
    """

    def __init__(self) -> None:
        super().__init__()
        self.done = threading.Event()


@pytest.fixture
def counted_settles(monkeypatch) -> Iterator[CountedSettles]:
    settles = CountedSettles()
    settle = soon.scores_settle_logged

    def counting(session_id: int) -> None:
        settle(session_id)
        settles.append(session_id)
        settles.done.set()

    monkeypatch.setattr(soon, "scores_settle_logged", counting)
    yield settles
    # A wait still running would touch the database of the tests after this one.
    deadline = time.monotonic() + 5
    while soon._waiting and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.05)  # the last timer's settle, after it left the table


@pytest.mark.django_db
def test_with_no_delay_an_entry_is_scored_before_settle_soon_returns(club, settings, counted_settles):
    settings.TABLE_SETTLE_DELAY = 0
    session = seated_mitchell(club, start=True)
    result = _enter_unsettled(session, 1, 1)
    assert result.ns_matchpoints is None
    soon.settle_soon(session.pk)
    assert counted_settles == [session.pk]
    assert _settled(session)
    result.refresh_from_db()
    assert result.ns_percentage == 50.0  # alone on its board


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_entries_is_scored_once_after_it_pauses(club, settings, counted_settles):
    settings.TABLE_SETTLE_DELAY = 0.3
    settings.TABLE_SETTLE_MAX_WAIT = 10.0
    session = seated_mitchell(club, start=True)
    for table in (1, 2, 3):
        _enter_unsettled(session, 1 + (table - 1) * 2, table)
        soon.settle_soon(session.pk)
    assert counted_settles == [] and not _settled(session)  # nothing before the pause
    assert counted_settles.done.wait(10), "the marked boards were never rescored"
    time.sleep(0.4)  # no second settle follows
    assert counted_settles == [session.pk] and _settled(session)
    assert all(r.ns_percentage is not None for r in Result.objects.filter(board__session=session))
    assert [s.boards_played for s in session.standings.all()] == [1] * 6


@pytest.mark.django_db(transaction=True)
def test_a_session_that_keeps_sending_is_scored_after_the_longest_wait(club, settings, counted_settles):
    """The standings may lag a busy room by TABLE_SETTLE_MAX_WAIT, never for as long as it stays busy."""
    settings.TABLE_SETTLE_DELAY = 0.3
    settings.TABLE_SETTLE_MAX_WAIT = 0.6
    session = seated_mitchell(club, start=True)
    _enter_unsettled(session, 1, 1)
    started = time.monotonic()
    while time.monotonic() - started < 1.5 and not counted_settles.done.is_set():
        soon.settle_soon(session.pk)  # an entry every 0.1 s: never quiet for 0.3 s
        time.sleep(0.1)
    assert counted_settles.done.is_set(), "still unscored after 1.5 s of entries"
    assert 0.5 <= time.monotonic() - started < 1.2
    assert counted_settles == [session.pk] and _settled(session)


@pytest.mark.django_db
def test_the_wait_goes_on_while_another_worker_still_stores_entries(club, settings):
    """Each gunicorn worker has its own timer: a quiet worker must not settle mid-burst."""
    settings.TABLE_SETTLE_DELAY = 0.2
    settings.TABLE_SETTLE_MAX_WAIT = 5.0
    session = seated_mitchell(club, start=True)
    quiet_here = time.monotonic() - 1.0
    soon._waiting[session.pk] = soon._Waiting(first=quiet_here, last=quiet_here)
    try:
        TableSubmission.objects.create(session=session, table=1, key="elsewhere-1", board_number=1)
        assert 0 < soon._wait_more(session.pk) <= 0.2  # stored just now, by "another worker"
        TableSubmission.objects.filter(session=session).update(
            at=timezone.now() - timezone.timedelta(seconds=1)
        )
        assert soon._wait_more(session.pk) == 0.0  # quiet everywhere: settle now
        assert session.pk not in soon._waiting  # and the next entry starts a new wait
    finally:
        soon._waiting.pop(session.pk, None)
