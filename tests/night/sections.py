"""A session of two sections made through the services, as a director makes it (issue 31)."""

from __future__ import annotations

import datetime

from tournaments.bridge.movement_sections import section_table_name
from tournaments.night.models import Movement, SectionScoring
from tournaments.night.selectors.movements import session_movement
from tournaments.night.services.movement import movement_boards_ensure, session_start
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sections import SectionSpec, session_sections_set
from tournaments.night.services.sessions import pair_add, session_create

# Tricks North takes in 3NT at each section's tables 1-3, boards 1 and 2: ties across sections.
TRICKS = {
    ("A", 1): ["9", "10", "8"],
    ("B", 1): ["10", "7", "9"],
    ("A", 2): ["11", "9", "9"],
    ("B", 2): ["8", "9", "12"],
}


def two_section_mitchell(club, scoring: str = SectionScoring.FIELD):
    """A session of sections A and B, each a 3-table Mitchell of a board a round, boards 1 and 2
    played at every table as the movement seats them (3NT by North, ``TRICKS``)."""
    session = session_create(club=club, date=datetime.date(2026, 12, 5), name="Christmas pairs")
    sections = session_sections_set(
        session=session,
        sections=[
            SectionSpec("A", Movement.MITCHELL, tables=3, boards_per_round=1),
            SectionSpec("B", Movement.MITCHELL, tables=3, boards_per_round=1),
        ],
        scoring=scoring,
    )
    for section in sections:
        for number in (1, 2, 3):
            for direction, names in (("NS", ("North", "South")), ("EW", ("East", "West"))):
                players = tuple(f"{name} {section.letter}{number}" for name in names)
                pair_add(session=session, player_names=players, direction=direction, section=section)
    session.refresh_from_db()
    movement_boards_ensure(session=session)
    session = session_start(session=session)
    movement = session_movement(session)
    pairs = {(pair.direction, pair.number): pair for pair in session.pairs.all()}
    for (letter, board_number), tricks in TRICKS.items():
        board = session.boards.get(number=board_number)
        played = [
            e
            for e in movement.encounters
            if board_number in e.boards and section_table_name(e.table)[0] == letter
        ]
        for encounter, taken in zip(sorted(played, key=lambda e: e.table), tricks, strict=True):
            entry = ResultEntry(pairs[encounter.ns], pairs[encounter.ew], "3NT", "N", taken)
            result_record(board=board, entry=entry)
    return session
