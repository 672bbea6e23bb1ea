"""Entries are written first and scored by the next settle: many entries, one rescoring.

When every table sends at once, each entry only marks its board; the first settle to run
rescores every marked board (and any board whose Neuberg scaling moved) and the
standings, and the ones after it find nothing to do. Whatever the order, the figures
must equal a rescoring of every board from nothing.
"""

from __future__ import annotations

import threading
import time

import pytest

from tests.conftest import mitchell_3nt
from tournaments.core.services.write_gate import _TicketLock
from tournaments.night.models import Board, Result, Session
from tournaments.night.services.results import result_record
from tournaments.night.services.scoring.board import board_recalculate
from tournaments.night.services.scoring.settle import scores_settle
from tournaments.night.services.scoring.standings import session_recalculate_standings

pytestmark = pytest.mark.django_db

FIGURES = ("ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage")


def _figures(session: Session) -> dict[int, tuple]:
    return {
        pk: tuple(round(value, 9) if value is not None else None for value in values)
        for pk, *values in Result.objects.filter(board__session=session).values_list("pk", *FIGURES)
    }


def _standings(session: Session) -> dict[int, tuple]:
    return {
        standing.pair_id: (
            standing.rank,
            standing.tied,
            round(standing.percentage, 9),
            standing.boards_played,
        )
        for standing in session.standings.all()
    }


def _from_nothing(session: Session) -> tuple[dict, dict]:
    """Every board and the standings rescored afresh (in a savepoint the caller rolls back)."""
    for board in session.boards.all():
        board.session = session
        board_recalculate(board, full=True)
    session_recalculate_standings(session)
    return _figures(session), _standings(session)


def _enter(session: Session, number: int, ns: int, ew: int, tricks: str, *, settle: bool) -> Result:
    entry = mitchell_3nt(session, ns, ew, tricks)
    return result_record(board=session.boards.get(number=number), entry=entry, settle=settle)


def test_entries_written_without_settling_are_scored_together_by_one_settle(mitchell_session):
    session = mitchell_session
    _enter(session, 1, 1, 1, "9", settle=True)
    waiting = [
        _enter(session, 1, 2, 2, "10", settle=False),
        _enter(session, 2, 1, 2, "8", settle=False),
        _enter(session, 3, 3, 3, "9", settle=False),
    ]
    assert set(Board.objects.filter(needs_scoring=True).values_list("number", flat=True)) == {1, 2, 3}
    assert all(Result.objects.get(pk=result.pk).ns_percentage is None for result in waiting)

    assert scores_settle(session) is True
    assert not Board.objects.filter(needs_scoring=True).exists()
    settled = (_figures(session), _standings(session))
    assert scores_settle(session) is False  # nothing left for the settles queued behind
    assert settled == _from_nothing(session)


def test_a_settle_rescales_the_short_boards_when_the_fullest_board_grows(mitchell_session):
    session = mitchell_session
    _enter(session, 1, 1, 1, "9", settle=True)
    _enter(session, 2, 1, 2, "10", settle=True)
    _enter(session, 2, 2, 3, "8", settle=True)
    # Board 1 now has fewer results than board 2: Neuberg scales it to board 2's top.
    _enter(session, 3, 1, 3, "9", settle=False)
    _enter(session, 3, 2, 1, "7", settle=False)
    _enter(session, 3, 3, 2, "11", settle=False)  # board 3 becomes the fullest, with 3 results
    scores_settle(session)
    assert (_figures(session), _standings(session)) == _from_nothing(session)


def test_the_write_gate_lets_waiting_threads_in_first_come_first_served():
    gate = _TicketLock()
    order: list[int] = []
    assert gate.acquire() is False
    assert gate.acquire() is True  # the holder may take it again inside its own write
    gate.release()

    def write(number: int) -> None:
        gate.acquire()
        order.append(number)
        gate.release()

    threads = []
    for number in range(5):
        thread = threading.Thread(target=write, args=(number,))
        thread.start()
        threads.append(thread)
        while gate._next_ticket < number + 2:  # wait until this thread holds its ticket
            time.sleep(0.001)
    gate.release()
    # The releasing thread asks again at once; it must wait behind the five.
    gate.acquire()
    order.append(99)
    gate.release()
    for thread in threads:
        thread.join()
    assert order == [0, 1, 2, 3, 4, 99]
