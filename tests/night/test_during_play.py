"""During play: unranked pairs before their first board, and late tables (issue 24, point 13)."""

from __future__ import annotations

import dataclasses

import pytest
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.models import Standing
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.table_entry import session_table_grid
from tournaments.night.selectors.table_entry.state import standings_json
from tournaments.night.services.results import result_record


def _enter_round(session, round_: int, table: int, director) -> None:
    """Enter every board of one table's round, as the director would at the desk (3NT= by North)."""
    encounter = movement_selectors.session_movement(session).encounter(round_, table)
    ns, ew = movement_selectors.encounter_keys(session.movement, encounter)
    for number in encounter.boards:
        result_record(
            board=session.boards.get(number=number), entry=mitchell_3nt(session, ns[1], ew[1]), user=director
        )


@pytest.fixture
def night(club):
    return seated_mitchell(club, tables=5, start=True)


def test_pairs_that_have_not_played_are_unranked_on_the_public_page_and_the_phones(night, director, client):
    """Issue 24, point 13: no place and no 0.00% until a pair has a board."""
    board = night.boards.get(number=1)
    result_record(board=board, entry=mitchell_3nt(night, 1, 1, tricks="9"), user=director)
    # Board 1 is not NS 3 v EW 5's in round 1: entered as played out of order.
    late_entry = dataclasses.replace(mitchell_3nt(night, 3, 5, tricks="8"), out_of_order=True)
    result_record(board=board, entry=late_entry, user=director)

    standings = {s.pair.label: s for s in Standing.objects.filter(session=night).select_related("pair")}
    assert (standings["1 NS"].rank_text, standings["3 NS"].rank_text) == ("1", "2")  # 0%, but alone in 2nd
    assert [standings[f"{n} NS"].rank_text for n in (2, 4, 5)] == ["", "", ""]

    page = client.get(reverse("session", args=[night.pk])).content.decode()
    ns_table = page[page.index("North-South") :]
    row_2 = ns_table[ns_table.index(">2 NS<") : ns_table.index("</tr>", ns_table.index(">2 NS<"))]
    assert "0.00" not in row_2 and "no board yet" in row_2
    phones = {row["pair"]: row for table in standings_json(night) for row in table["rows"]}
    assert phones["2 NS"]["rank"] == "" and phones["2 NS"]["figure"] == "no board yet"
    assert phones["3 NS"]["figure"] == "0.00%"


def test_one_table_ahead_makes_no_other_table_late(night, director):
    """Issue 24, point 13: late is behind the room's pace, not behind the fastest table."""
    _enter_round(night, 1, 1, director)

    grid = session_table_grid(night)

    assert [row.current_round for row in grid.rows] == [2, 1, 1, 1, 1]
    assert not any(row.late for row in grid.rows)


def test_tables_behind_most_of_the_room_are_late(night, director):
    """Issue 24, point 13: once most tables have moved on, those still in the round are late."""
    for table in (1, 2, 3):
        _enter_round(night, 1, table, director)

    grid = session_table_grid(night)

    assert [row.late for row in grid.rows] == [False, False, False, True, True]
