"""Look-alike names (issue 46, item 9): "Ann Аble" with a Cyrillic А, "\u202eelbA nnA" with a
right-to-left override, a full-width "Ａnn", are not new players who look like Ann Able.

Wherever a name enters (the seating page, a pasted list, a pair's edit, a team, a member
list, a file, the API's search) it is cleaned the same way; a word mixing alphabets is
refused naming its odd letter; a look-alike already stored is listed among the likely
duplicates.
"""

from __future__ import annotations

import datetime
import html

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.season.conftest import played_night
from tournaments.core.models import Player
from tournaments.core.services.players import player_find_or_create
from tournaments.night.models import Movement
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.season.models import ClubMember
from tournaments.teams.services.events import teams_event_create

pytestmark = pytest.mark.django_db

CYRILLIC = "Ann \u0410ble"  # a Cyrillic capital A
REFUSED = "mixes Cyrillic and Latin letters (\u0410 is Cyrillic)"


@pytest.fixture
def ann(club) -> Player:
    night = played_night(club, 1, [("Ann Able", "Bob Best"), ("Cat Cole", "Dan Dunn")], [10])
    return night.pairs.get(number=1).player1


@pytest.fixture
def tonight(club):
    return session_create(club=club, date=datetime.date(2026, 9, 2), name="Wed", movement=Movement.HOWELL)


def text(response) -> str:
    return html.unescape(response.content.decode())


LOOK_ALIKES = ["\uff21nn Able", "Ann\u00a0Able", "Ann \u200bAble", "\u2067Ann Able\u2069"]


@pytest.mark.parametrize("typed", LOOK_ALIKES)
def test_a_name_typed_with_look_alike_characters_finds_the_clubs_player(club, ann, tonight, typed):
    pair = pair_add(session=tonight, player_names=(typed, "Cat Cole"))
    assert pair.player1 == ann
    assert Player.objects.filter(name__icontains="able").count() == 1


def test_an_override_is_dropped_so_the_name_shows_what_it_is(club, ann):
    player = player_find_or_create(club=club, name="\u202eelbA nnA")
    assert player != ann and player.name == "elbA nnA"


@pytest.mark.parametrize("where", ["page", "list", "edit", "team"])
def test_a_word_mixing_alphabets_is_refused_where_it_is_typed(director_client, club, ann, tonight, where):
    before = Player.objects.count()
    if where == "page":
        url, data = reverse("director:pair_add", args=[tonight.pk]), {"player1": CYRILLIC, "player2": "Cat"}
    elif where == "list":
        url, data = reverse("director:pairs_many", args=[tonight.pk]), {"seating": f"1: {CYRILLIC} & Cat"}
    elif where == "edit":
        pair = pair_add(session=tonight, player_names=("Cat Cole", "Dan Dunn"))
        before = Player.objects.count()
        url = reverse("director:pair_edit", args=[tonight.pk, pair.pk])
        data = {"player1": CYRILLIC, "player2": "Dan Dunn"}
    else:
        event = teams_event_create(club=club, date=tonight.date, name="Swiss", boards_per_match=2)
        url = reverse("director:teams_team_add", args=[event.pk])
        data = {"name": "Aces", "players": f"{CYRILLIC}\nBob Best\nCat Cole\nDan Dunn"}
    response = director_client.post(url, data, follow=True)
    assert REFUSED in text(response)
    assert Player.objects.count() == before


def test_a_member_list_line_mixing_alphabets_is_refused_by_its_line(director_client, club):
    lines = f"Bob Best,,\n{CYRILLIC},,\n"
    upload = SimpleUploadedFile("members.csv", lines.encode(), content_type="text/csv")
    response = director_client.post(reverse("director:members", args=[club.slug]), {"file": upload})
    page = text(response)
    assert response.status_code == 400 and "Line 2:" in page and "(\u0410 is Cyrillic)" in page
    assert not ClubMember.objects.exists()


def test_a_member_lists_look_alike_spelling_is_stored_clean(director_client, club, ann):
    upload = SimpleUploadedFile("members.csv", "\uff21nn\u00a0Able,,\n".encode(), content_type="text/csv")
    preview = director_client.post(reverse("director:members", args=[club.slug]), {"file": upload})
    assert "found by name" in text(preview)
    confirm = reverse("director:members_confirm", args=[club.slug])
    director_client.post(confirm, {"text": preview.context["text"]})
    assert ClubMember.objects.get().player == ann


@pytest.mark.parametrize("stored", [CYRILLIC, "\u202eelbA nnA"])
def test_a_look_alike_stored_before_is_listed_among_the_likely_duplicates(director_client, club, ann, stored):
    other = played_night(club, 9, [("Zed Zane", "Yan Yu"), ("Xia Xu", "Wyn Wu")], [9]).pairs.get(number=1)
    Player.objects.filter(pk=other.player1_id).update(name=stored)  # as an older release stored it
    page = text(director_client.get(reverse("director:duplicates")))
    assert "looks the same: letters of another alphabet, or text turned right to left" in page
    assert reverse("director:merge", args=[ann.pk, other.player1_id]) in page


def test_the_api_search_reads_a_pasted_look_alike_as_the_name(client, ann):
    found = client.get("/api/v1/players?q=\uff21nn\u00a0Able").json()["items"]
    assert [item["id"] for item in found] == [ann.pk]


def test_a_name_that_nfkc_lengthens_past_the_column_is_refused_not_stored(club):
    """U+FDFA is one character that NFKC writes as 18 letters: 7 of them make 126."""
    with pytest.raises(ValidationError, match="longer than 120 characters"):
        player_find_or_create(club=club, name="\ufdfa" * 7)
    assert not Player.objects.exists()
