"""An individual night made and played through the services, as a director runs one (issue 45).

Twelve players at three tables (the EBU's smallest single-winner event), a whist movement
whose every table plays the round's boards; each table's North-South partnership bids 3NT
and takes a number of tricks that varies by round, table and board, so the players' places
spread out (with a few ties) as on a real night.
"""

from __future__ import annotations

import datetime

from tournaments.bridge.individual import individual, partnership_number
from tournaments.core.models import Club
from tournaments.night.models import Movement, Session
from tournaments.night.services.individual import individual_players_seat
from tournaments.night.services.movement import (
    movement_boards_ensure,
    session_create_with_movement,
    session_start,
)
from tournaments.night.services.results import ResultEntry, result_record

TABLES = 3
PLAYERS = [f"Solo {chr(ord('A') + i)}" for i in range(4 * TABLES)]  # player 1 is Solo A


def tricks_at(round_: int, table: int, board: int) -> str:
    """North's tricks in 3NT: 6 to 12, spread over the night."""
    return str(6 + (7 * round_ + 3 * table + 5 * board) % 7)


def individual_night(club: Club, *, rounds: int = 6, boards_per_round: int = 2) -> Session:
    """A started individual of ``PLAYERS`` (12 boards by default: the EBU's minimum), not played."""
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 11, 29),
        name="Sunday individual",
        movement=Movement.INDIVIDUAL,
        tables=TABLES,
        boards_per_round=boards_per_round,
        rounds=rounds,
    )
    individual_players_seat(session=session, names=PLAYERS)
    movement_boards_ensure(session=session)
    return session_start(session=session)


def individual_play(session: Session, *, rounds: int | None = None) -> None:
    """Enter every table's result of every round, or of the first ``rounds`` (3NT by North, ``tricks_at``)."""
    movement = individual(
        session.movement_tables or 0, session.boards_per_round or 0, rounds=session.movement_rounds
    )
    pairs = {pair.number: pair for pair in session.pairs.all()}
    boards = {board.number: board for board in session.boards.all()}
    for seating in movement.seatings:
        if rounds is not None and seating.round > rounds:
            continue
        ns = pairs[partnership_number(movement.tables, seating.round, seating.table, "N")]
        ew = pairs[partnership_number(movement.tables, seating.round, seating.table, "E")]
        for board in seating.boards:
            tricks = tricks_at(seating.round, seating.table, board)
            result_record(board=boards[board], entry=ResultEntry(ns, ew, "3NT", "N", tricks))


def played_individual(club: Club, **options: int) -> Session:
    """An individual night, every result in, not yet finished."""
    session = individual_night(club, **options)
    individual_play(session)
    session.refresh_from_db()
    return session
