"""A competition's and a player's pages in French: the season catalogue's English is translated (issue 34)."""

import pytest
from django.urls import reverse

from tests.translated_pages import compiled, english_left, english_phrases, page_in
from tournaments.season.services.competitions import competition_save

pytestmark = pytest.mark.django_db

SEASON = ("templates/tournaments/season/", "tournaments/season/")


@pytest.fixture
def competition(club, nights):
    return competition_save(
        club=club, name="Autumn", method="percentages", best_of=2, minimum_sessions=2, sessions=nights
    )


@pytest.mark.parametrize("language", ["fr", "nl", "de", "pl"])
def test_the_season_catalogue_translates_what_it_holds(language):
    assert len(english_phrases(language, *SEASON)) > 50


def test_the_competition_page_in_french(client, competition, tmp_path):
    with compiled("fr", tmp_path):
        page = page_in(client, reverse("competition", args=[competition.pk]), "fr")
    assert "2 meilleures sur 4" in page and "Classement du challenge" in page
    assert english_left(page, english_phrases("fr", *SEASON)) == []


def test_a_players_page_in_french(client, competition, tmp_path):
    player = competition.sessions.first().pairs.first().player1
    with compiled("fr", tmp_path):
        page = page_in(client, player.get_absolute_url(), "fr")
    assert "Trouver un joueur" in page and "Pourcentage par séance" in page
    assert english_left(page, english_phrases("fr", *SEASON)) == []


def test_the_directors_competitions_and_duplicates_pages_in_french(
    director_client, club, competition, tmp_path
):
    with compiled("fr", tmp_path):
        pages = [
            page_in(director_client, reverse("director:competitions", args=[club.slug]), "fr"),
            page_in(
                director_client, reverse("director:competition_edit", args=[club.slug, competition.pk]), "fr"
            ),
            page_in(director_client, reverse("director:duplicates"), "fr"),
            page_in(director_client, reverse("director:members", args=[club.slug]), "fr"),
        ]
    assert "Créer un challenge" in pages[0] and "Séances minimum" in pages[1]
    for page in pages:
        assert english_left(page, english_phrases("fr", *SEASON)) == []
