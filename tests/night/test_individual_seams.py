"""An individual where it meets the pairs' pages: its players are ranked and counted, not its
one-round partnerships (issue 45, item 2).

An individual stores each round's two partnerships a table as pairs of the session (24 for
twelve players over six rounds), which every pairs surface then ranked: the phones'
standings, the director's results and the public page listed 24 "pairs" each on two boards,
and the Start-play page counted "24 pairs seated of the movement's 6". Each is checked here
against the individual standings (``night.selectors.individual``: each player's own place).
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.night.individuals import PLAYERS, TABLES, individual_night, individual_play, played_individual
from tournaments.core.models import Club
from tournaments.night.models import Session, TableAccess
from tournaments.night.selectors.individual import individual_session_standings
from tournaments.night.services.table_entry import table_accesses_ensure

pytestmark = pytest.mark.django_db


def _rows(html: str, table_id: str) -> list[list[str]]:
    """The body rows of the table ``table_id`` as lists of cell texts."""
    table = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def _expected_rows(session: Session) -> list[list[str]]:
    lines, _unscored = individual_session_standings(session)
    return [[line.place, str(line.number), line.name, f"{line.percentage:.2f}"] for line in lines]


def test_the_start_play_page_counts_the_players_seated_of_the_movements_seats(director_client, club):
    session = individual_night(club)
    Session.objects.filter(pk=session.pk).update(state="preparation")
    url = reverse("director:state_confirm", args=[session.pk, "start"])
    page = " ".join(director_client.get(url).content.decode().split())
    assert f"{len(PLAYERS)} players seated of the movement's {4 * TABLES}." in page
    assert "pairs seated" not in page


def test_the_directors_results_rank_the_players(director_client, club):
    session = played_individual(club)
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    results = page.split('id="standings"', 1)[1]
    rows = _rows(results, "individual-standings")
    assert [[row[0], row[1], row[2], row[5]] for row in rows] == _expected_rows(session)
    assert 'class="standings"><thead><tr><th>Rank</th><th>Pair</th>' not in results.replace("\n", "")


def test_the_public_page_ranks_the_players_and_so_does_its_poll(client, club):
    session = played_individual(club)
    expected = _expected_rows(session)
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert [[row[0], row[1], row[2], row[5]] for row in _rows(page, "individual-standings")] == expected
    fragment = client.get(reverse("session_standings", args=[session.pk])).content.decode()
    assert [[row[0], row[1], row[2], row[5]] for row in _rows(fragment, "individual-standings")] == expected


def test_the_phones_standings_rank_the_players(client, club):
    Club.objects.filter(pk=club.pk).update(table_standings=True)
    session = individual_night(club)
    individual_play(session, rounds=1)
    table_accesses_ensure(session)
    token = TableAccess.objects.get(session=session, table=1).token
    state = client.get(reverse("table_state", args=[token])).json()
    assert state.get("standings") is not None, state
    lines, _unscored = individual_session_standings(session)
    (field,) = state["standings"]
    assert [(row["rank"], row["pair"], row["names"], row["figure"]) for row in field["rows"]] == [
        (line.place, str(line.number), line.name, f"{line.percentage:.2f}%") for line in lines
    ]


def test_the_standings_download_ranks_the_players(client, club):
    session = played_individual(club)
    lines, _unscored = individual_session_standings(session)
    text = client.get(reverse("standings_csv", args=[session.pk])).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["Rank", "Player", "Name", "MP", "%", "Boards"]
    assert [(row[0], row[1], row[2], float(row[4]), row[5]) for row in rows[1:]] == [
        (line.place, str(line.number), line.name, float(f"{line.percentage:.2f}"), str(line.boards))
        for line in lines
    ]
    workbook = load_workbook(io.BytesIO(client.get(reverse("standings_xlsx", args=[session.pk])).content))
    sheet = workbook.active
    assert sheet is not None and sheet.max_row == len(PLAYERS) + 1


def test_the_api_standings_rank_the_players(client, club):
    session = played_individual(club)
    lines, _unscored = individual_session_standings(session)
    body = client.get(f"/api/v1/sessions/{session.pk}/standings?limit=100").json()
    assert body["count"] == len(PLAYERS)
    assert [
        (item["rank"], item["tied"], item["player"]["number"], item["player"]["name"], item["percentage"])
        for item in body["items"]
    ] == [
        (int(line.place.rstrip("=")), line.place.endswith("="), line.number, line.name, line.percentage)
        for line in lines
    ]
    assert all(item["pair"] is None and item["boards_played"] == 12 for item in body["items"])


def test_a_players_page_and_api_history_hold_an_individual_once_with_his_own_place(client, club):
    session = played_individual(club)
    lines, _unscored = individual_session_standings(session)
    line = next(line for line in lines if line.name == PLAYERS[0])
    player = session.individual_players.get(number=line.number).player
    page = client.get(reverse("player", args=[player.pk])).content.decode()
    history = page.split('class="history"', 1)[1].split("</table>", 1)[0]
    rows = [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", history.split("<tbody>", 1)[1], re.S)
    ]
    assert len(rows) == 1
    assert rows[0][2:4] == [f"{line.percentage:.2f}", line.place]
    assert rows[0][4].startswith(f"Player {line.number}")
    body = client.get(f"/api/v1/players/{player.pk}/history").json()
    assert body["count"] == 1
    (item,) = body["items"]
    assert (item["number"], item["pair"], item["boards_played"]) == (line.number, None, 12)
    assert item["percentage"] == pytest.approx(line.percentage) and item["rank"] == int(
        line.place.rstrip("=")
    )


def test_an_individuals_pages_show_no_field_of_partnerships_expected_percentages(
    client, director_client, club
):
    session = played_individual(club)
    public = client.get(reverse("session", args=[session.pk])).content.decode()
    director = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "field-strength" not in public and "field-strength" not in director


def test_an_individual_is_written_as_a_usebio_file_of_its_players(director_client, club):
    """Once refused (its pairs are one-round partnerships), now an INDIVIDUAL file (decision 83)."""
    session = played_individual(club)
    results = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    response = director_client.get(reverse("director:exchange:usebio_download", args=[session.pk]))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    body = response.content.decode()
    assert 'EVENT_TYPE="INDIVIDUAL"' in body and body.count("<PLAYER_NUMBER>") == 12
    assert "<PAIR>" not in body
    assert "Download results as USEBIO XML" in results


def test_the_directors_page_offers_an_individuals_player_cards_not_pair_cards(director_client, club):
    session = individual_night(club)
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert reverse("director:individual_cards", args=[session.pk]) in page
    assert reverse("director:pair_cards", args=[session.pk]) not in page
