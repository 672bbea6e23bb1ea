"""A table's entry whose settle job failed every try is still scored before anyone reads or
publishes the standings (issue 24, point 2; issue 47).

The table's send stores the result, marks its board and asks for the settle job
(``services.settle_soon``), in one transaction, so a process killed after it loses nothing
(tests/core/test_job_worker_processes.py). Here the job never settles: the suite runs jobs
inline, and with a delay the job finds the session not yet quiet and is dropped, as one
that failed every try would be; the pages that show the standings ask for another.
"""

from __future__ import annotations

import datetime
import threading

import pytest
from django.db import connection
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.night.models import Board, Session, Standing, TableAccess, TableSubmission
from tournaments.night.selectors.movements import session_movement
from tournaments.night.services import settle_soon as soon
from tournaments.night.services.movement import session_finish
from tournaments.night.services.table_entry import TableEntry, table_result_submit


def _entered_without_settle(session: Session, *, seconds_ago: float = 5.0) -> None:
    """Every table's round-1 boards sent from its link, stored and marked, never settled."""
    movement = session_movement(session)
    for access in TableAccess.objects.filter(session=session):
        for board in movement.encounter(1, access.table).boards:
            key = f"lost-{access.table}-{board}"
            table_result_submit(access=access, entry=TableEntry(key, 1, board, "3NT", "N", "9"))
    at = datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=seconds_ago)
    TableSubmission.objects.filter(session=session).update(at=at)


def _boards_played(session: Session) -> list[int]:
    return sorted(Standing.objects.filter(session=session).values_list("boards_played", flat=True))


def _marked(session: Session) -> int:
    return Board.objects.filter(session=session, needs_scoring=True).count()


@pytest.fixture
def delayed_settle(settings):
    settings.TABLE_SETTLE_DELAY = 0.2
    settings.TABLE_SETTLE_MAX_WAIT = 2.0


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["session", "session_standings"])
def test_the_public_standings_count_an_entry_whose_settle_was_lost(client, club, delayed_settle, page):
    """Issue 24, point 2: the worker died before its timer fired; reading settles."""
    session = seated_mitchell(club, start=True)
    _entered_without_settle(session)
    assert _marked(session) == 6

    response = client.get(reverse(page, args=[session.pk]))

    assert response.status_code == 200
    assert _marked(session) == 0
    assert _boards_played(session) == [2] * 6


@pytest.mark.django_db
def test_a_table_phone_reading_its_state_settles_a_lost_settle(client, club, delayed_settle):
    """Issue 24, point 2: the phones show standings between rounds."""
    session = seated_mitchell(club, start=True)
    _entered_without_settle(session)

    client.get(reverse("table_state", args=[TableAccess.objects.get(session=session, table=1).token]))

    assert _boards_played(session) == [2] * 6


@pytest.mark.django_db
def test_the_directors_session_page_settles_a_lost_settle(director_client, club, delayed_settle):
    """Issue 24, point 2."""
    session = seated_mitchell(club, start=True)
    _entered_without_settle(session)

    director_client.get(reverse("director:session", args=[session.pk]))

    assert _boards_played(session) == [2] * 6


@pytest.mark.django_db
def test_a_reader_leaves_an_entry_of_the_last_moment_to_its_timer(client, club, settings):
    """Issue 24, point 2: within the delay the worker's own timer settles (a burst shares it).

    A delay of a minute: the read comes within it however slow the machine is.
    """
    settings.TABLE_SETTLE_DELAY = 60.0
    settings.TABLE_SETTLE_MAX_WAIT = 120.0
    session = seated_mitchell(club, start=True)
    _entered_without_settle(session, seconds_ago=0)

    client.get(reverse("session_standings", args=[session.pk]))

    assert _marked(session) == 6


@pytest.mark.django_db
def test_finishing_the_session_publishes_every_entry_scored(club, delayed_settle):
    """Issue 24, point 2: the last round's settle lost, the director finishes at once."""
    session = seated_mitchell(club, start=True)
    _entered_without_settle(session, seconds_ago=0)

    session_finish(session=session)

    assert _marked(session) == 0
    assert _boards_played(session) == [2] * 6


@pytest.mark.django_db
def test_a_failed_settle_is_tried_again(club, delayed_settle, monkeypatch, job_queue):
    """Issue 24, point 2: a settle that fails (a statement timeout) is retried by the queue, not dropped."""
    session = seated_mitchell(club, start=True)
    _entered_without_settle(session)
    settle = soon.scores_settle
    calls = []

    def fails_once(session_arg):
        calls.append(session_arg.pk)
        if len(calls) == 1:
            raise RuntimeError("canceling statement due to statement timeout")
        return settle(session_arg)

    monkeypatch.setattr(soon, "scores_settle", fails_once)
    (row,) = job_queue.rows(soon.session_settle.module_path)
    job_queue.run_waiting()

    row.refresh_from_db()
    assert calls == [session.pk, session.pk] and row.status == "SUCCESSFUL" and len(row.worker_ids) == 2
    assert _boards_played(session) == [2] * 6


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "sqlite", reason="the write gate serialises SQLite's writers only")
def test_a_reader_does_not_queue_behind_a_writer_for_an_overdue_settle(client, club, delayed_settle):
    """Issue 24, point 8: SQLite's write gate is held by a writer; the reader skips the settle."""
    from tournaments.core.services.write_gate import serialised_writes

    session = seated_mitchell(club, start=True)
    _entered_without_settle(session)
    taken, release, gave_up = threading.Event(), threading.Event(), threading.Event()

    def writer() -> None:
        with serialised_writes():
            taken.set()
            if not release.wait(60):
                gave_up.set()  # a reader queued behind the gate would be let in only now

    holder = threading.Thread(target=writer)
    holder.start()
    try:
        assert taken.wait(60)
        response = client.get(reverse("session_standings", args=[session.pk]))
        answered_while_held = not gave_up.is_set()
    finally:
        release.set()
        holder.join(60)

    assert response.status_code == 200
    assert answered_while_held, "the reader waited for the writer to give the gate up"
    assert _marked(session) == 6  # left for a reader that finds the session free
