"""The director's duplicates page: likely duplicates listed, a merge confirmed, a refusal explained."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.season.conftest import played_night
from tournaments.core.models import Club, Player
from tournaments.night.models import Pair
from tournaments.season.models import PlayerMerge, PlayerRating, RatingSnapshot
from tournaments.season.services.ratings import rated_sessions

pytestmark = pytest.mark.django_db


@pytest.fixture
def twice(club, nights):
    """'ann' plays a fifth night: Ann entered again with an accent."""
    played_night(club, 29, [("Änn", "Bob"), ("Cat", "Dan")], [10])
    return Player.objects.get(name="Ann"), Player.objects.get(name="Änn")


def test_the_page_lists_the_likely_duplicates_with_a_merge_each_way(director_client, twice):
    ann, other = twice
    page = director_client.get(reverse("director:duplicates")).content.decode()
    assert "same name but for case, accents or spacing" in page
    assert reverse("director:merge", args=[ann.pk, other.pk]) in page
    assert reverse("director:merge", args=[other.pk, ann.pk]) in page


def test_the_merge_asks_first_then_moves_results_and_ratings(director_client, twice):
    ann, other = twice
    url = reverse("director:merge", args=[ann.pk, other.pk])
    confirm = director_client.get(url).content.decode()
    assert "Merge Änn into Ann?" in confirm and Player.objects.filter(pk=other.pk).exists()
    night = RatingSnapshot.objects.get(player=other).session

    response = director_client.post(url, follow=True)
    assert "Änn merged into Ann: 1 session moved." in response.content.decode()
    assert not Player.objects.filter(pk=other.pk).exists()
    assert RatingSnapshot.objects.filter(player=ann, session=night).exists()
    assert PlayerRating.objects.get(player=ann).sessions == 4  # three nights and the fifth: one history
    assert sum(1 for _, rows in rated_sessions() for players, *_ in rows if ann.pk in players) == 4
    assert PlayerMerge.objects.get().duplicate_name == "Änn"


def test_a_refused_merge_says_why_and_changes_nothing(director_client, nights):
    ann, bob = Player.objects.get(name="Ann"), Player.objects.get(name="Bob")
    pairs = sorted(Pair.objects.values_list("pk", "player1", "player2"))
    response = director_client.post(reverse("director:merge", args=[ann.pk, bob.pk]), follow=True)
    assert "Not merged: Ann and Bob both played in" in response.content.decode()
    assert sorted(Pair.objects.values_list("pk", "player1", "player2")) == pairs
    assert not PlayerMerge.objects.exists()


def test_someone_who_directs_no_club_is_refused(client, django_user_model, twice):
    client.force_login(django_user_model.objects.create_user(username="x", password="a-long-password-1"))
    assert client.get(reverse("director:duplicates")).status_code == 403
    assert client.post(reverse("director:merge", args=[p.pk for p in twice])).status_code == 403
    assert Player.objects.filter(name="Änn").exists()


def test_back_after_a_merge_says_the_players_were_merged(director_client, twice):
    """The browser's Back (or a second click) reaches the merge of a player who is gone: not a bare 404."""
    ann, other = twice
    url = reverse("director:merge", args=[ann.pk, other.pk])
    director_client.post(url)
    back = director_client.get(url)
    assert back.status_code == 200
    assert "Änn was merged into Ann" in back.content.decode()
    again = director_client.post(url, follow=True)
    assert "Änn was already merged into Ann" in again.content.decode()
    gone = director_client.get(reverse("director:player", args=[other.pk]))
    assert gone.status_code == 200 and "Änn was merged into Ann" in gone.content.decode()
    assert PlayerMerge.objects.count() == 1


def test_a_merge_of_another_clubs_players_is_not_told_to_a_director_after_it(
    django_user_model, client, director_client, twice
):
    ann, other = twice
    director_client.post(reverse("director:merge", args=[ann.pk, other.pk]))
    rival = django_user_model.objects.create_user(username="rival", password="rival-director-pw")
    Club.objects.create(name="Hilltop Bridge Club", slug="hilltop").directors.add(rival)
    client.force_login(rival)
    response = client.get(reverse("director:merge", args=[ann.pk, other.pk]))
    assert response.status_code == 404 and "Änn" not in response.content.decode()


def test_a_near_spelling_is_listed_unless_two_federation_numbers_part_them(director_client, club, nights):
    """Issue 32: 'Anne' entered one night is Ann a letter apart; with two numbers, two members."""
    played_night(club, 29, [("Anne", "Bob"), ("Cat", "Dan")], [10])
    ann, anne = Player.objects.get(name="Ann"), Player.objects.get(name="Anne")
    page = director_client.get(reverse("director:duplicates")).content.decode()
    assert "same name but for a letter added, dropped or swapped" in page
    assert reverse("director:merge", args=[ann.pk, anne.pk]) in page
    Player.objects.filter(pk=ann.pk).update(federation_number="EBU 1")
    Player.objects.filter(pk=anne.pk).update(federation_number="EBU 2")
    page = director_client.get(reverse("director:duplicates")).content.decode()
    assert reverse("director:merge", args=[ann.pk, anne.pk]) not in page
