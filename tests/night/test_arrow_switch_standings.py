"""A Mitchell with an arrow switch gives one winner: its pairs are ranked in one field."""

from __future__ import annotations

import pytest

from tests.conftest import seated_mitchell
from tournaments.night.models import Session, Standing
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.public import session_standings
from tournaments.night.services.results import ResultEntry, result_record

pytestmark = pytest.mark.django_db


def _played(club, arrow_switch_rounds: tuple[int, ...]) -> Session:
    """A 3-table Mitchell of 2-board rounds, every board played, NS winning more tricks each round."""
    session = seated_mitchell(
        club,
        name=f"Arrows {arrow_switch_rounds}",
        rounds=None,
        arrow_switch_rounds=arrow_switch_rounds,
        start=True,
    )
    pairs = {(pair.direction, pair.number): pair for pair in session.pairs.all()}
    boards = {board.number: board for board in session.boards.all()}
    movement = movement_selectors.session_movement(session)
    for encounter in movement.encounters:
        ns, ew = movement_selectors.encounter_keys(session.movement, encounter)
        for number in encounter.boards:
            # The pair sitting NS at table 1 takes 10 tricks, at table 2 nine, at table 3 eight.
            tricks = str(11 - encounter.table)
            result_record(board=boards[number], entry=ResultEntry(pairs[ns], pairs[ew], "3NT", "N", tricks))
    return session


def test_an_arrow_switched_mitchell_ranks_all_its_pairs_in_one_field(club):
    session = _played(club, arrow_switch_rounds=(3,))
    standings = list(Standing.objects.filter(session=session))
    ranks = sorted(standing.rank for standing in standings)
    assert ranks[0] == 1 and ranks[-1] > 3  # one list of six places, not two lists of three
    (table,) = session_standings(session)
    assert len(table.standings) == 6
    percentages = [standing.percentage for standing in table.standings]
    assert percentages == sorted(percentages, reverse=True)


def test_a_plain_mitchell_ranks_each_direction_on_its_own(club):
    session = _played(club, arrow_switch_rounds=())
    tables = session_standings(session)
    assert [len(table.standings) for table in tables] == [3, 3]
    assert [table.standings[0].rank for table in tables] == [1, 1]
