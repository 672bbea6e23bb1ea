"""A small season of Howell nights, built through the services, finished as a director does."""

from __future__ import annotations

import datetime

import pytest

from tournaments.night.models import Movement, Session
from tournaments.night.services.boards import boards_ensure
from tournaments.night.services.movement import session_finish, session_start
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sessions import pair_add, session_create


def played_night(
    club, day: int, pairs: list[tuple[str, str]], tricks: list[int], *, finish: bool = True
) -> Session:
    """A Howell night: pairs 1v2, 3v4, ... play board 1 in 4S by North making ``tricks[i]``."""
    session = session_create(
        club=club, date=datetime.date(2026, 9, day), name="Tuesday", movement=Movement.HOWELL
    )
    seated = [pair_add(session=session, player_names=names) for names in pairs]
    (board,) = boards_ensure(session=session, count=1)
    session = session_start(session=session)
    for table, made in enumerate(tricks):
        ns, ew = seated[2 * table], seated[2 * table + 1]
        result_record(board=board, entry=ResultEntry(ns, ew, "4S", "N", str(made)))
    if finish:
        session = session_finish(session=session)
    return session


@pytest.fixture
def nights(club):
    """Three finished nights and one still in play; partners change."""
    return [
        played_night(club, 1, [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")], [10, 8]),
        played_night(club, 8, [("Ann", "Cat"), ("Bob", "Dan"), ("Eve", "Gus"), ("Fay", "Hal")], [9, 11]),
        played_night(club, 15, [("Dan", "Eve"), ("Ann", "Fay"), ("Bob", "Gus"), ("Cat", "Hal")], [10, 10]),
        played_night(club, 22, [("Ann", "Bob"), ("Cat", "Dan")], [7], finish=False),
    ]
