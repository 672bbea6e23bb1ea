"""A session of two sections made through the services, as a director makes it (issue 31)."""

from __future__ import annotations

import datetime

from tournaments.night.models import Movement, SectionScoring
from tournaments.night.services.boards import boards_ensure
from tournaments.night.services.movement import session_start
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
    """A session of sections A and B, each a 3-table Mitchell, boards 1-2 played at every table."""
    session = session_create(club=club, date=datetime.date(2026, 12, 5), name="Christmas pairs")
    sections = session_sections_set(
        session=session,
        sections=[
            SectionSpec("A", Movement.MITCHELL, tables=3),
            SectionSpec("B", Movement.MITCHELL, tables=3),
        ],
        scoring=scoring,
    )
    for section in sections:
        for number in (1, 2, 3):
            for direction, names in (("NS", ("North", "South")), ("EW", ("East", "West"))):
                players = tuple(f"{name} {section.letter}{number}" for name in names)
                pair_add(session=session, player_names=players, direction=direction, section=section)
    boards_ensure(session=session, count=2)
    session = session_start(session=session)
    for (letter, board_number), tricks in TRICKS.items():
        board = session.boards.get(number=board_number)
        for table, taken in enumerate(tricks, start=1):
            ns = session.pairs.get(section__letter=letter, direction="NS", number__endswith=str(table))
            ew = session.pairs.get(section__letter=letter, direction="EW", number__endswith=str(table))
            result_record(board=board, entry=ResultEntry(ns, ew, "3NT", "N", taken))
    return session
