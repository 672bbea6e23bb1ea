"""The page's language: the chooser's cookie, else the browser's, else the club's; numbers its way."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from tournaments.core.models import Club
from tournaments.core.services.clubs import club_settings_set
from tournaments.night.services.results import ResultEntry, result_record

LANGUAGES = ["fr", "nl", "de", "pl"]


def _lang(response) -> str:
    return re.search(r'<html lang="([a-z-]+)"', response.content.decode()).group(1)


@pytest.fixture
def dutch_club(club: Club) -> Club:
    return club_settings_set(club=club, federation="", language="nl")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_browsers_language_is_followed(client, club, language):
    response = client.get(reverse("club", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
    assert _lang(response) == language
    assert response["Content-Language"] == language


@pytest.mark.django_db
def test_a_regional_browser_language_gets_its_language(client, club):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr-BE,fr;q=0.9")
    assert _lang(response) == "fr"


@pytest.mark.django_db
def test_the_chooser_is_remembered_over_the_browsers_language(client, club):
    url = reverse("club", args=[club.slug])
    answer = client.post(reverse("set_language"), {"language": "pl", "next": url})
    assert answer.status_code == 302 and answer["Location"] == url
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    assert _lang(client.get(url, HTTP_ACCEPT_LANGUAGE="de")) == "pl"


@pytest.mark.django_db
def test_every_page_shows_the_chooser_with_the_current_language_marked(client, club):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    chooser = page[page.index('class="language-chooser"') :]
    chooser = chooser[: chooser.index("</form>")]
    assert re.findall(r'value="([a-z]+)"', chooser) == ["en", "fr", "nl", "de", "pl"]
    assert 'value="de" lang="de" class="link current" aria-current="true"' in chooser


@pytest.mark.django_db
def test_the_clubs_language_is_its_pages_when_the_browser_names_none_we_speak(
    client, dutch_club, mitchell_session
):
    for url in (
        reverse("club", args=[dutch_club.slug]),
        reverse("session", args=[mitchell_session.pk]),
        reverse("table_entry", args=[mitchell_session.table_accesses.first().token])
        if mitchell_session.table_accesses.exists()
        else reverse("session", args=[mitchell_session.pk]),
    ):
        assert _lang(client.get(url, HTTP_ACCEPT_LANGUAGE="it,es;q=0.8")) == "nl"
        assert _lang(client.get(url, HTTP_ACCEPT_LANGUAGE="")) == "nl"
        assert _lang(client.get(url, HTTP_ACCEPT_LANGUAGE="de")) == "de"  # the browser's first
    assert _lang(client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="")) == "en"  # no club: the site's


@pytest.mark.django_db
def test_a_table_phone_follows_its_clubs_language(client, dutch_club):
    from tests.conftest import seated_mitchell

    session = seated_mitchell(dutch_club, start=True)
    token = session.table_accesses.get(table=1).token
    page = client.get(reverse("table_entry", args=[token]), HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<html lang="nl">' in page
    assert "De wedstrijdleider roepen" in page
    assert '"no_trump": "SA"' in page and '"W": "W"' in page and '"E": "O"' in page


@pytest.mark.django_db
def test_the_club_settings_page_sets_the_clubs_language(director_client, club):
    url = reverse("director:club_settings", args=[club.slug])
    answer = director_client.post(url, {"federation": "", "language": "fr", "table_standings": "on"})
    assert answer.status_code == 302
    club.refresh_from_db()
    assert club.language == "fr"
    refused = director_client.post(url, {"federation": "", "language": "xx"})
    assert refused.status_code == 400
    club.refresh_from_db()
    assert club.language == "fr"


@pytest.mark.django_db
def test_a_language_we_do_not_speak_is_refused_by_the_service(club):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="does not speak"):
        club_settings_set(club=club, federation="", language="it")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "separator", "contract", "declarer"),
    [("en", ".", "3NT", "W"), ("fr", ",", "3SA", "O"), ("nl", ",", "3SA", "W"), ("de", ",", "3SA", "W")],
)
def test_numbers_and_contracts_are_written_the_languages_way(
    client, mitchell_session, language, separator, contract, declarer
):
    from tournaments.night.services.movement import session_finish

    board = mitchell_session.boards.get(number=1)
    for number, tricks in ((1, "10"), (2, "9"), (3, "8")):
        ns, ew = (mitchell_session.pairs.get(direction=d, number=number) for d in ("NS", "EW"))
        entry = ResultEntry(ns_pair=ns, ew_pair=ew, contract="3NT", declarer="W", result=tricks)
        result_record(board=board, entry=entry)
    session_finish(session=mitchell_session)
    page = client.get(reverse("board", args=[mitchell_session.pk, 1]), HTTP_ACCEPT_LANGUAGE=language)
    text = " ".join(re.sub(r"<[^>]+>", " ", page.content.decode()).split())
    assert f" {contract} " in text and f" {declarer} " in text
    # Three results on a board: 0, 1 and 2 matchpoints, 0.0, 50.0 and 100.0 per cent.
    decimals = re.findall(r"\b[0-9]{1,3}([.,])[0-9]\b", text)
    assert decimals and set(decimals) == {separator}


@pytest.mark.django_db
def test_a_kept_page_is_kept_per_language(client, mitchell_session):
    url = reverse("session_standings", args=[mitchell_session.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "No standings yet" in english and "Pas encore de classement" in french
    assert "No standings yet" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
