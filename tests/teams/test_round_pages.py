"""A teams round's session pages read as a teams round: one standings heading, the match's IMPs (issue 28)."""

from __future__ import annotations

import re

import pytest

from tests.teams.test_pages import create_event, enter_board
from tournaments.bridge.imps import imps

pytestmark = pytest.mark.django_db


@pytest.fixture
def round_session(director_client, club):
    event = create_event(director_client, club)
    director_client.post(f"/director/teams/{event.pk}/draw/")
    director_client.post(f"/director/teams/{event.pk}/rounds/1/publish/")
    return event.rounds_drawn.get(number=1).session


def _headers(page: str) -> list[str]:
    table = page[page.index("<h2>Results</h2>") :]
    head = table[table.index("<thead>") : table.index("</thead>")]
    return re.findall(r"<th[^>]*>([^<]*)</th>", head)


def test_a_round_pages_say_standings_once(director_client, round_session):
    enter_board(round_session, 1, 1, "3NT", "=")
    session = f"/director/sessions/{round_session.pk}/"
    for url in (f"{session}boards/1/", session):
        page = director_client.get(url).content.decode()
        assert "Standings standings" not in page, url


def test_a_round_board_page_shows_the_match_swing_not_matchpoints(director_client, round_session):
    enter_board(round_session, 1, 1, "4S", "=")  # home NS at table 1: +420
    page = director_client.get(f"/director/sessions/{round_session.pk}/boards/1/").content.decode()
    headers = _headers(page)
    assert "NS MP" not in headers and "NS %" not in headers and "EW MP" not in headers
    assert "Match" in headers and "NS IMPs" in headers and "EW IMPs" in headers
    assert "other table still to play" in page  # no swing until table 2 has it

    enter_board(round_session, 2, 1, "4S", "-1")  # away NS at table 2: -50
    page = director_client.get(f"/director/sessions/{round_session.pk}/boards/1/").content.decode()
    rows = re.findall(r'<tr class="teams-board-row">(.*?)</tr>', page, re.S)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in rows]
    swing = imps(470)
    # Table 1: the home team NS gains the swing; table 2: the away team NS loses it (the same board).
    assert [cell[:2] for cell in cells] == [["1", "1"], ["1", "2"]]
    assert [cell[9:11] for cell in cells] == [[str(swing), "0"], ["0", str(swing)]]
    assert cells[0][2].startswith("Team 1") and cells[1][2].startswith("Team 2")  # Team 2 NS at table 2
