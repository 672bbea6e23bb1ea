"""A French phone, and a German, Dutch and Polish one, between rounds and on a board (issue 45, item 4).

The move card, the standings, the traveller, the public board's par and the audit log are
read here as each language's reader reads them: its words (the FFB's, DBV's, NBB's and
PZBS's, from the catalogues and ``bridge.words``), its decimal sign, and the suits by
their symbols, never an English letter ("4C" is hearts, coeur, to a French player).
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tests.night.test_table_entry import _boards, _send, _token
from tournaments.core.models import Club
from tournaments.night.models import ResultChange, Session
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db

# What each language calls the move card's words: (boards, "take them to table", North-South,
# East-West, round, "no board yet", decimal sign, "by" and "or" of par, North-South's letters,
# South's letter).
WORDS = {
    "fr": ("Donnes", "portez-les à la table", "Nord-Sud", "Est-Ouest", "tour", "pas encore de donne", ",",
           "par", "ou", "NS", "S"),
    "de": ("Boards", "Bringen Sie sie zu Tisch", "Nord-Süd", "Ost-West", "Runde", "noch kein Board", ",",
           "von", "oder", "NS", "S"),
    "nl": ("Spellen", "breng ze naar tafel", "Noord-Zuid", "Oost-West", "ronde", "nog geen spel", ",",
           "door", "of", "NZ", "Z"),
    "pl": ("Rozdania", "zanieście je do stołu", "NS (Północ-Południe)", "EW (Wschód-Zachód)", "runda",
           "jeszcze bez rozdań", ",", "rozgrywa", "lub", "NS", "S"),
}  # fmt: skip
LANGUAGES = tuple(WORDS)


@pytest.fixture
def night(club) -> Session:
    Club.objects.filter(pk=club.pk).update(table_standings=True)
    return seated_mitchell(club, name="Soirée", tables=3, boards_per_round=2, rounds=2, start=True)


def _state(client, token: str, language: str) -> dict:
    response = client.get(reverse("table_state", args=[token]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.json()


def _round_one_played(client, night: Session) -> str:
    """Table 1 plays its round 1 (4♠ by North, 10 tricks, on each board); its token."""
    token = _token(night, 1)
    for board in _boards(night, 1, 1):
        assert _send(client, token, round=1, board=board, key=f"languages-{board}").status_code == 201
    return token


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_move_card_speaks_the_phones_language(client, night, language):
    boards_word, take, north_south, east_west, round_word = WORDS[language][:5]
    token = _round_one_played(client, night)
    movement = movement_selectors.session_movement(night)
    first, last = _boards(night, 1, 1)[0], _boards(night, 1, 1)[-1]
    (next_table,) = {e.table for e in movement.encounters_in_round(2) if {first, last} & set(e.boards)}
    moves = _state(client, token, language)["moves"]
    assert moves["boards"].startswith(f"{boards_word} {first}-{last}")
    assert f"{take} {next_table}." in moves["boards"]
    assert "take them" not in moves["boards"]
    for line in moves["lines"]:
        # "table 2, North-South, round 2" in the phone's words, the table's name first (the
        # "Open" button reads it up to the comma).
        table_word, side, when = line["to"].split(", ")
        assert table_word.split()[-1].isdigit() and side in (north_south, east_west)
        assert when == f"{round_word} 2"
        assert "North" not in line["to"] and "East" not in line["to"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phones_standings_write_figures_as_its_traveller_does(client, night, language):
    no_board, comma = WORDS[language][5:7]
    token = _round_one_played(client, night)
    (field, *_) = _state(client, token, language)["standings"]
    figures = {row["pair"]: row["figure"] for row in field["rows"]}
    played = [figure for figure in figures.values() if figure != no_board]
    waiting = [figure for figure in figures.values() if figure == no_board]
    assert played and waiting  # table 1's pair has played; table 2's and 3's have not
    assert all(re.fullmatch(rf"[0-9]+{comma}[0-9]{{2}}%", figure) for figure in played), played


@pytest.mark.parametrize("language", (*LANGUAGES, "en"))
def test_the_phones_traveller_shows_the_suits_by_their_symbols(client, night, language):
    token = _round_one_played(client, night)
    board = _boards(night, 1, 1)[0]
    response = client.get(reverse("table_traveller", args=[token, board]), HTTP_ACCEPT_LANGUAGE=language)
    (row,) = response.json()["rows"]
    assert row["result"] == "4\u2660 N ="  # not "4S N =": S is pique (spades) in French only by chance
    state = _state(client, token, language)
    entered = next(b for b in state["table_rounds"][0]["boards"] if b["number"] == board)["entered"]
    assert entered["display"] == "4\u2660 N ="


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_public_board_page_says_par_in_the_readers_language(client, mitchell_session, language):
    by, either, north_south, south = WORDS[language][7:11]
    mitchell_session.boards.filter(number=1).update(par_contracts="4HN=, 4HS=", par_score=420)
    session_finish(session=mitchell_session)
    response = client.get(reverse("board", args=[mitchell_session.pk, 1]), HTTP_ACCEPT_LANGUAGE=language)
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())
    assert f"4\u2665 {by} N {either} {south}, {north_south} +420" in page
    assert "by N or S" not in page


def test_the_audit_log_keeps_no_phones_language_and_reads_in_the_directors(client, director_client, night):
    """A French phone enters a board; an English director reads "1 NS v 1 EW", a French "1 NS contre 1 EO"."""
    token = _token(night, 1)
    board = _boards(night, 1, 1)[0]
    response = client.post(
        reverse("table_submit", args=[token]),
        data=f'{{"key": "fr-phone-{board}", "round": 1, "board": {board}, "contract": "4C",'
        ' "declarer": "W", "tricks": "10", "lead": ""}',
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 201, response.content
    change = ResultChange.objects.get(session=night, board_number=board)
    assert (change.after["ns_pair"], change.after["ew_pair"]) == ("1 NS", "1 EW")
    url = reverse("director:audit", args=[night.pk])
    director_client.cookies["django_language"] = "en"
    english = html.unescape(director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "1 NS v 1 EW: 4\u2663" in re.sub(r"<[^>]+>", "", english) and "EO" not in english
    director_client.cookies["django_language"] = "fr"
    french = html.unescape(director_client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "1 NS contre 1 EO: 4\u2663" in re.sub(r"<[^>]+>", "", french)
    assert "saisi à la table 1" in french


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_individuals_phone_writes_its_players_figures_in_its_language(client, club, language):
    """The players' standings of an individual, on the phones between rounds: the language's
    decimal sign, as its traveller's (issue 45, item 4)."""
    from tests.night.individuals import individual_night, individual_play
    from tournaments.night.models import TableAccess
    from tournaments.night.services.table_entry import table_accesses_ensure

    Club.objects.filter(pk=club.pk).update(table_standings=True)
    session = individual_night(club)
    individual_play(session, rounds=1)
    table_accesses_ensure(session)
    token = TableAccess.objects.get(session=session, table=1).token
    (field,) = _state(client, token, language)["standings"]
    comma = WORDS[language][6]
    figures = [row["figure"] for row in field["rows"]]
    assert figures and all(re.fullmatch(rf"[0-9]+{comma}[0-9]{{2}}%", figure) for figure in figures), figures
