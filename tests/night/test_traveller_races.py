"""Two saves of one traveller at the same moment (PostgreSQL row locks): a double submit, two directors.

Each thread has its own connection; a barrier releases them together. The save locks the
session first, so the second judges the board as the first left it: the same lines again
write nothing; other lines find the board changed since their page was read, and save nothing.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from tests.conftest import seated_mitchell
from tournaments.bridge.notation import read_outcome
from tournaments.night.models import Result, ResultChange, Session
from tournaments.night.services.traveller import DeskLine, Saved, TravellerStale, traveller_save

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]

# Board 1 of a 3-table Mitchell: NS 1 v EW 1, NS 2 v EW 3, NS 3 v EW 2.
TABLES = ((1, 1), (2, 3), (3, 2))


def _lines(session: Session, results: tuple[str, ...]) -> list[DeskLine]:
    board = session.boards.select_related("session").get(number=1)
    pairs = {(pair.direction, pair.number): pair for pair in session.pairs.all()}
    return [
        DeskLine(index, board, pairs[("NS", ns)], pairs[("EW", ew)], read_outcome(typed))
        for index, ((ns, ew), typed) in enumerate(zip(TABLES, results, strict=True))
    ]


def _race(session: Session, grids: list[tuple[str, ...]]) -> list[object]:
    barrier = threading.Barrier(len(grids))
    outcomes: list[object] = [None] * len(grids)

    def save(index: int, results: tuple[str, ...]) -> None:
        try:
            lines = _lines(session, results)
            barrier.wait(timeout=10)
            outcomes[index] = traveller_save(session=session, lines=lines)
        except Exception as error:  # the outcome is what the test inspects
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, args=(index, grid)) for index, grid in enumerate(grids)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(club, start=True)


def test_a_traveller_saved_twice_at_once_is_stored_once(night):
    outcomes = _race(night, [("4SN+1", "3NTN=", "P")] * 2)

    assert sorted(
        (outcome.created, outcome.unchanged) for outcome in outcomes if isinstance(outcome, Saved)
    ) == [
        (0, 3),
        (3, 0),
    ], outcomes
    assert Result.objects.filter(board__session=night).count() == 3
    assert ResultChange.objects.filter(session=night).count() == 3


def test_two_directors_saving_one_board_differently_keep_the_first_and_ask_the_second(night):
    outcomes = _race(night, [("4SN+1", "3NTN=", "P"), ("4SN=", "3NTN=", "P")])

    saved = [outcome for outcome in outcomes if isinstance(outcome, Saved)]
    stale = [outcome for outcome in outcomes if isinstance(outcome, TravellerStale)]
    assert (len(saved), len(stale)) == (1, 1), outcomes
    assert [change.index for change in stale[0].changed] == [0]  # only the line they disagree on
    assert Result.objects.filter(board__session=night).count() == 3
