"""A session of two sections made through the services, as a director makes it (issue 31)."""

from __future__ import annotations

import datetime

from tournaments.bridge.movement_sections import section_table_name
from tournaments.night.models import Movement, Result, SectionScoring, TableAccess
from tournaments.night.selectors.movements import session_movement
from tournaments.night.services.movement import movement_boards_ensure, session_start
from tournaments.night.services.results import (
    AdjustedEntry,
    ResultEntry,
    result_adjust,
    result_correct,
    result_record,
)
from tournaments.night.services.scoring.settle import scores_settle
from tournaments.night.services.sections import SectionSpec, session_sections_set
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.night.services.table_entry import TableEntry, table_accesses_ensure, table_result_submit

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


def unequal_sections(club, *, play: bool = True):
    """A session of sections A (a 5-table Mitchell) and B (a 3-table Mitchell), 2 boards a round:
    every pair seated but B's EW 3 (so B3 sits out where it plays), boards 1-10 made, the
    tables' links, play started; with ``play``, every table's phone sends its first round (3NT
    by North making 9), the director gives A1 an adjusted score on board 2 and corrects B2's
    board 3, so the phones have a move card, the log has tables and pairs, and the
    adjusted-score list a line.

    Section A's tables are stored as 101-105 and B's as 201-203: a page or phone that shows
    ``105`` or ``NS 201`` shows the internal number, not the section's name."""
    session = session_create(club=club, date=datetime.date(2026, 12, 12), name="Unequal sections")
    sections = session_sections_set(
        session=session,
        sections=[
            SectionSpec("A", Movement.MITCHELL, tables=5, boards_per_round=2),
            SectionSpec("B", Movement.MITCHELL, tables=3, boards_per_round=2),
        ],
    )
    for section in sections:
        for number in range(1, (section.movement_tables or 0) + 1):
            for direction, names in (("NS", ("North", "South")), ("EW", ("East", "West"))):
                if (section.letter, number, direction) == ("B", 3, "EW"):
                    continue
                players = tuple(f"{name} {section.letter}{number}" for name in names)
                pair_add(session=session, player_names=players, direction=direction, section=section)
    session.refresh_from_db()
    movement_boards_ensure(session=session)
    table_accesses_ensure(session)
    session = session_start(session=session)
    if play:
        _play_first_round(session)
    return session


def _play_first_round(session) -> None:
    movement = session_movement(session)
    seated = {(pair.direction, pair.number) for pair in session.pairs.all()}
    for access in TableAccess.objects.filter(session=session).order_by("table"):
        encounter = movement.encounter(1, access.table)
        if encounter.ew not in seated:
            continue
        for board in encounter.boards:
            key = f"first-round-{access.table}-{board}"
            table_result_submit(access=access, entry=TableEntry(key, 1, board, "3NT", "N", "9"))
    scores_settle(session)
    a1 = session.pairs.get(section__letter="A", direction="NS", number=101)
    a1_ew = session.pairs.get(section__letter="A", direction="EW", number=101)
    board = session.boards.get(number=2)
    result_adjust(board=board, entry=AdjustedEntry(a1, a1_ew, "A+", "A-"))
    b2 = Result.objects.get(board__session=session, board__number=3, ns_pair__number=202)
    result_correct(result=b2, entry=ResultEntry(b2.ns_pair, b2.ew_pair, "3NT", "N", "10"))
