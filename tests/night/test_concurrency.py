"""Two directors entering results for one session at the same moment (PostgreSQL row locks).

Each thread has its own database connection; a barrier releases them together. The
services lock the session row, so the writes queue: nothing is lost, nothing doubles.
"""

from __future__ import annotations

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from tests.conftest import mitchell_3nt
from tournaments.night.models import Result, Session, Standing
from tournaments.night.services.results import result_record

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]


def _race(session: Session, jobs: list[tuple[int, int, int]]) -> list[object]:
    """Record (board, NS pair, EW pair) 3NT= results in parallel; return each thread's outcome."""
    barrier = threading.Barrier(len(jobs))
    outcomes: list[object] = [None] * len(jobs)

    def enter(index: int, board_number: int, ns: int, ew: int) -> None:
        try:
            board = session.boards.get(number=board_number)
            entry = mitchell_3nt(session, ns, ew, "=")
            barrier.wait(timeout=10)
            outcomes[index] = result_record(board=board, entry=entry)
        except Exception as error:  # the outcome is what the test inspects
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=enter, args=(index, *job)) for index, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_results_on_different_boards_both_land_and_both_count(mitchell_session):
    outcomes = _race(mitchell_session, [(1, 1, 1), (2, 2, 2)])
    assert all(isinstance(outcome, Result) for outcome in outcomes), outcomes
    assert Result.objects.filter(board__session=mitchell_session).count() == 2
    played = dict(
        Standing.objects.filter(session=mitchell_session).values_list("pair__number", "boards_played")
    )
    assert sorted(
        Standing.objects.filter(boards_played=1).values_list("pair__direction", "pair__number")
    ) == [
        ("EW", 1),
        ("EW", 2),
        ("NS", 1),
        ("NS", 2),
    ]
    assert played[3] == 0


@pytest.mark.django_db(transaction=True)
def test_the_same_pair_on_the_same_board_lands_exactly_once(mitchell_session):
    outcomes = _race(mitchell_session, [(1, 1, 1), (1, 1, 2)])
    landed = [outcome for outcome in outcomes if isinstance(outcome, Result)]
    refused = [outcome for outcome in outcomes if isinstance(outcome, ValidationError)]
    assert (len(landed), len(refused)) == (1, 1), outcomes
    assert "already has a result on board 1" in str(refused[0])
    assert Result.objects.filter(board__session=mitchell_session).count() == 1
    assert (
        Standing.objects.filter(session=mitchell_session, pair__direction="NS", pair__number=1)
        .get()
        .boards_played
        == 1
    )
