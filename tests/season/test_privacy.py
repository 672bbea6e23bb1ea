"""A player's privacy: initials on public pages, everything exported, erased with results kept."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.core.models import Player
from tournaments.core.models.clubs import initials
from tournaments.night.models import Result, Standing
from tournaments.season.models import ClubMember, PlayerRating
from tournaments.season.services.competitions import competition_save

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Ann North", "A. N."), ("jean-pierre  du pont", "J.-P. D. P."), ("Zoë", "Z."), ("  ", "–")],
)
def test_initials(name, shown):
    assert initials(name) == shown


def test_a_player_shown_by_initials_is_nowhere_by_name_on_public_pages(director_client, club, nights):
    client = Client()  # a visitor, not the director's logged-in client
    ann = Player.objects.get(name="Ann")
    ann.name = "Ann Quartermaine"
    ann.save()
    competition = competition_save(
        club=club, name="Autumn", method="percentages", best_of=None, minimum_sessions=1, sessions=nights
    )
    response = director_client.post(
        reverse("director:player_initials", args=[ann.pk]), {"shown_by_initials": "on"}
    )
    assert response.status_code == 302
    pair = nights[0].pairs.get(number=1)
    pages = [
        reverse("session", args=[nights[0].pk]),
        reverse("player", args=[ann.pk]),
        reverse("pair", args=[nights[0].pk, pair.pk]),
        reverse("board", args=[nights[0].pk, 1]),
        competition.get_absolute_url(),
    ]
    for url in pages:
        page = client.get(url).content.decode()
        assert "Quartermaine" not in page, url
    assert client.get(reverse("player_search") + "?q=Quartermaine").context["players"] == []
    assert "A. Q." in client.get(reverse("session", args=[nights[0].pk])).content.decode()
    director_client.post(reverse("director:player_initials", args=[ann.pk]), {})
    assert "Quartermaine" in client.get(reverse("player", args=[ann.pk])).content.decode()


def test_the_export_holds_the_players_row_memberships_sessions_results_and_rating(
    director_client, club, nights
):
    ann = Player.objects.get(name="Ann")
    ClubMember.objects.create(club=club, player=ann, email="ann@example.org")
    response = director_client.get(reverse("director:player_data", args=[ann.pk]))
    assert response["Content-Disposition"] == f'attachment; filename="player-{ann.pk}.json"'
    data = json.loads(response.content)
    assert data["player"]["name"] == "Ann"
    assert data["memberships"] == [
        {"club": club.name, "email": "ann@example.org", "added_at": data["memberships"][0]["added_at"]}
    ]
    assert [s["session_id"] for s in data["sessions"]] == [n.pk for n in nights]  # four nights, one in play
    assert [s["partner"] for s in data["sessions"]] == ["Bob", "Cat", "Fay", "Bob"]
    assert len(data["results"]) == 4  # one board a night
    assert data["rating"]["sessions"] == PlayerRating.objects.get(player=ann).sessions == 3
    assert len(data["rating_history"]) == 3


def test_an_erased_player_loses_name_number_and_emails_and_every_standing_stays(
    director_client, club, nights
):
    ann = Player.objects.get(name="Ann")
    ann.federation_number = "EBU 9"
    ann.save()
    ClubMember.objects.create(club=club, player=ann, email="ann@example.org")
    standings = sorted(Standing.objects.values_list("pair", "rank", "percentage"))
    results = sorted(Result.objects.values_list("pk", "ns_pair", "ns_score", "ns_percentage"))
    url = reverse("director:player_erase", args=[ann.pk])

    refused = director_client.post(url, {"confirm": "yes"}, follow=True)
    assert f"Not erased: type Erased player {ann.pk} to confirm." in refused.content.decode()
    assert Player.objects.get(pk=ann.pk).name == "Ann"

    director_client.post(url, {"confirm": f"Erased player {ann.pk}"})
    ann.refresh_from_db()
    assert (ann.name, ann.federation_number, ann.erased_at is not None) == (
        f"Erased player {ann.pk}",
        "",
        True,
    )
    assert not ClubMember.objects.filter(player=ann).exists()
    assert sorted(Standing.objects.values_list("pair", "rank", "percentage")) == standings
    assert sorted(Result.objects.values_list("pk", "ns_pair", "ns_score", "ns_percentage")) == results
    data = json.loads(director_client.get(reverse("director:player_data", args=[ann.pk])).content)
    assert "Ann" not in json.dumps(data["player"]) and "ann@" not in json.dumps(data)


def test_the_tables_standings_show_initials_too(nights):
    from tournaments.night.selectors.table_entry.state import standings_json

    ann = Player.objects.get(name="Ann")
    ann.shown_by_initials = True
    ann.save()
    (table,) = standings_json(nights[0])
    names = [row["names"] for row in table["rows"]]
    assert "A. - Bob" in names and not any("Ann" in name for name in names)


def test_another_clubs_director_cannot_see_merge_export_or_erase_this_clubs_players(
    django_user_model, club, nights
):
    """Players are shared by clubs, but a director answers only for his own clubs' players."""
    from tournaments.core.models import Club

    other = django_user_model.objects.create_user(username="rival", password="rival-director-pw")
    Club.objects.create(name="Hilltop Bridge Club", slug="hilltop").directors.add(other)
    rival = Client()
    rival.force_login(other)
    ann, bob = Player.objects.get(name="Ann"), Player.objects.get(name="Bob")
    assert rival.get(reverse("director:player", args=[ann.pk])).status_code == 404
    assert rival.get(reverse("director:player_data", args=[ann.pk])).status_code == 404
    assert rival.post(reverse("director:player_erase", args=[ann.pk]), {"confirm": "x"}).status_code == 404
    assert (
        rival.post(
            reverse("director:player_initials", args=[ann.pk]), {"shown_by_initials": "on"}
        ).status_code
        == 404
    )
    assert rival.post(reverse("director:merge", args=[ann.pk, bob.pk])).status_code == 404
    assert Player.objects.filter(pk=bob.pk).exists()
    assert not Player.objects.get(pk=ann.pk).shown_by_initials
    page = rival.get(reverse("director:duplicates"))
    assert page.status_code == 200 and page.context["suggestions"] == []
