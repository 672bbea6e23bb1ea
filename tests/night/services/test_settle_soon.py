"""A table's entry is scored once the session's entries pause: a burst shares one rescoring.

The suite runs with no delay (each answer settles at once); these tests set one, as
production does, and move the settle's time themselves (``Clock``): the waits are
scheduled on the clock and run, in this thread, when the test says the time has come, so
what happens "before the pause" and "after the longest wait" does not depend on how fast
the machine is. The timers' own threads are tested in ``test_settle_timers``.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator

import pytest
from django.utils import timezone

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.models import Board, Result, Session, TableSubmission
from tournaments.night.services import settle_soon as soon
from tournaments.night.services.results import result_record


def _enter_unsettled(session: Session, number: int, table: int) -> Result:
    """A table's entry as the table's send leaves it: stored, its board marked, not scored."""
    entry = mitchell_3nt(session, table, table)
    return result_record(board=session.boards.get(number=number), entry=entry, settle=False)


def _settled(session: Session) -> bool:
    return not Board.objects.filter(session=session, needs_scoring=True).exists()


class Clock:
    """The settle's ``time.monotonic`` and ``run_later``, moved on by the test (``advance``)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.due: list[tuple[float, int, Callable[..., None], tuple]] = []
        self._order = itertools.count()

    def monotonic(self) -> float:
        return self.now

    def run_later(self, after: float, function: Callable[..., None], *args: object) -> None:
        heapq.heappush(self.due, (self.now + after, next(self._order), function, args))

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass, running each wait that comes due meanwhile at its time."""
        end = self.now + seconds
        while self.due and self.due[0][0] <= end:
            self.now, _, function, args = heapq.heappop(self.due)
            function(*args)
        self.now = end


@pytest.fixture
def clock(monkeypatch) -> Iterator[Clock]:
    moved = Clock()
    monkeypatch.setattr(soon, "time", moved)
    monkeypatch.setattr(soon, "run_later", moved.run_later)
    yield moved
    soon._waiting.clear()  # a wait the test left open must not reach the next test


class CountedSettles(list):
    """The sessions rescored through ``settle_soon``, in order, and the clock's time of each."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[float] = []


@pytest.fixture
def counted_settles(monkeypatch, clock) -> CountedSettles:
    settles = CountedSettles()
    settle = soon.scores_settle_logged

    def counting(session_id: int) -> None:
        settle(session_id)
        settles.append(session_id)
        settles.at.append(clock.now)

    monkeypatch.setattr(soon, "scores_settle_logged", counting)
    return settles


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


@pytest.mark.django_db
def test_a_burst_of_entries_is_scored_once_after_it_pauses(club, settings, clock, counted_settles):
    settings.TABLE_SETTLE_DELAY = 0.375
    settings.TABLE_SETTLE_MAX_WAIT = 10.0
    session = seated_mitchell(club, start=True)
    for table in (1, 2, 3):
        _enter_unsettled(session, 1 + (table - 1) * 2, table)
        soon.settle_soon(session.pk)
        clock.advance(0.125)  # the next table sends before the session has been quiet 0.375 s
    assert counted_settles == [] and not _settled(session)  # nothing before the pause
    clock.advance(0.375)
    assert counted_settles == [session.pk] and _settled(session)
    assert counted_settles.at == [0.25 + 0.375]  # quiet since the last entry, for the delay
    assert clock.due == []  # and no second settle follows
    assert all(r.ns_percentage is not None for r in Result.objects.filter(board__session=session))
    assert [s.boards_played for s in session.standings.all()] == [1] * 6


@pytest.mark.django_db
def test_a_session_that_keeps_sending_is_scored_after_the_longest_wait(
    club, settings, clock, counted_settles
):
    """The standings may lag a busy room by TABLE_SETTLE_MAX_WAIT, never for as long as it stays busy."""
    settings.TABLE_SETTLE_DELAY = 0.375
    settings.TABLE_SETTLE_MAX_WAIT = 0.75
    session = seated_mitchell(club, start=True)
    _enter_unsettled(session, 1, 1)
    while clock.now < 1.5 and not counted_settles:
        soon.settle_soon(session.pk)  # an entry every 0.125 s: never quiet for 0.375 s
        clock.advance(0.125)
    assert counted_settles == [session.pk], "still unscored after 1.5 s of entries"
    assert counted_settles.at == [0.75]  # the longest wait after the first entry, not later
    assert _settled(session)


@pytest.mark.django_db
def test_the_wait_goes_on_while_another_worker_still_stores_entries(club, settings, clock):
    """Each gunicorn worker has its own timer: a quiet worker must not settle mid-burst.

    The other worker's entry is dated by the database's clock, not the test's: a delay of
    a minute keeps "just now" just now however long the machine takes between two lines.
    """
    settings.TABLE_SETTLE_DELAY = 60.0
    settings.TABLE_SETTLE_MAX_WAIT = 600.0
    session = seated_mitchell(club, start=True)
    clock.now = 1000.0
    soon._waiting[session.pk] = soon._Waiting(first=clock.now - 120.0, last=clock.now - 120.0)
    TableSubmission.objects.create(session=session, table=1, key="elsewhere-1", board_number=1)
    assert 0 < soon._wait_more(session.pk) <= 60.0  # stored just now, by "another worker"
    TableSubmission.objects.filter(session=session).update(
        at=timezone.now() - timezone.timedelta(seconds=120)
    )
    assert soon._wait_more(session.pk) == 0.0  # quiet everywhere: settle now
    assert session.pk not in soon._waiting  # and the next entry starts a new wait
