"""A teams event's pages in French: the teams catalogue's English is translated on them (issue 34)."""

import pytest

from tests.teams.factories import swiss_round_published, teams_event_build
from tests.translated_pages import compiled, english_left, english_phrases, page_in

pytestmark = pytest.mark.django_db

TEAMS = ("templates/tournaments/teams/", "tournaments/teams/")


@pytest.fixture
def event(club):
    event = teams_event_build(club, teams=4)
    swiss_round_published(event)
    return event


@pytest.mark.parametrize("language", ["fr", "nl", "de", "pl"])
def test_the_teams_catalogue_translates_what_it_holds(language):
    phrases = english_phrases(language, *TEAMS)
    assert len(phrases) > 80  # the catalogue holds the teams pages' words, translated


def test_the_public_event_page_in_french(client, event, tmp_path):
    with compiled("fr", tmp_path):
        page = page_in(client, f"/teams/{event.pk}/", "fr")
    assert "Classement" in page and "Tour 1 : le tirage" in page and "Feuille de marque" in page
    assert english_left(page, english_phrases("fr", *TEAMS)) == []


def test_the_directors_event_page_in_french(director_client, event, tmp_path):
    with compiled("fr", tmp_path):
        page = page_in(director_client, f"/director/teams/{event.pk}/", "fr")
    assert "Imprimer le tirage et les cartes de table" in page and "Clôturer l'épreuve" in page
    assert english_left(page, english_phrases("fr", *TEAMS)) == []


def test_the_pages_stay_english_by_default(client, event):
    page = client.get(f"/teams/{event.pk}/").content.decode()
    assert "Round 1: the draw" in page and "Ranking" in page
