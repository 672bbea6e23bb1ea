"""One member's details changed on his own page, not by importing the whole list again
(issue 45, item 8): the club's email and master points always, the player's name and
number only for a player of the club alone."""

from __future__ import annotations

import html
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.bridge.season.members import parse_member_list
from tournaments.core.models import Club, Player
from tournaments.season.models import ClubMember
from tournaments.season.services.members import members_import

pytestmark = pytest.mark.django_db

LIST = "Ann Able,EBU 1,ann@example.org,120\nBob Best,EBU 2,bob@example.org,80\n"


@pytest.fixture
def listed(club) -> dict[str, ClubMember]:
    members_import(club=club, lines=parse_member_list(LIST))
    return {m.player.name: m for m in ClubMember.objects.filter(club=club).select_related("player")}


def edit_url(club, member: ClubMember) -> str:
    return reverse("director:member_edit", args=[club.slug, member.player_id])


def details(**changed) -> dict:
    return {
        "name": "Ann Able",
        "federation_number": "EBU 1",
        "email": "ann@example.org",
        "holdings": "120",
    } | changed


def test_the_members_page_links_each_member_to_his_own_edit(director_client, club, listed):
    page = director_client.get(reverse("director:members", args=[club.slug])).content.decode()
    assert all(edit_url(club, member) in page for member in listed.values())
    form = director_client.get(edit_url(club, listed["Ann Able"])).content.decode()
    assert 'value="ann@example.org"' in form and 'value="120' in form


def test_a_director_changes_one_members_holdings_email_name_and_number(director_client, club, listed):
    response = director_client.post(
        edit_url(club, listed["Ann Able"]),
        details(
            name="Ann Able-Baker", federation_number="EBU 11", email="ann@new.example", holdings="135.50"
        ),
    )
    assert response.status_code == 302
    ann = ClubMember.objects.select_related("player").get(pk=listed["Ann Able"].pk)
    assert (ann.player.name, ann.player.federation_number) == ("Ann Able-Baker", "EBU 11")
    assert (ann.email, ann.holdings) == ("ann@new.example", Decimal("135.50"))
    bob = ClubMember.objects.get(pk=listed["Bob Best"].pk)
    assert (bob.email, bob.holdings) == ("bob@example.org", Decimal("80.00"))  # the others as they were


@pytest.mark.parametrize(
    "changed, field_says",
    [
        ({"federation_number": "EBU 2"}, "is another player's"),
        ({"federation_number": "ebu2"}, "is another player's"),  # the same number, as compared
        ({"holdings": "-3"}, "greater than or equal to 0"),
        ({"email": "not an address"}, "Enter a valid email address"),
        ({"name": "Ann \u0410ble"}, "mixes Cyrillic and Latin"),
        ({"name": ""}, "This field is required"),
    ],
)
def test_a_bad_detail_is_refused_naming_it_and_nothing_changes(
    director_client, club, listed, changed, field_says
):
    before = sorted(
        ClubMember.objects.values_list("player__name", "player__federation_number", "email", "holdings")
    )
    response = director_client.post(edit_url(club, listed["Ann Able"]), details(**changed))
    assert response.status_code == 400 and field_says in html.unescape(response.content.decode())
    assert "Bob Best" not in response.content.decode()  # the number's holder is not named
    after = sorted(
        ClubMember.objects.values_list("player__name", "player__federation_number", "email", "holdings")
    )
    assert after == before


def test_a_player_of_two_clubs_keeps_his_name_but_the_club_changes_its_own_details(
    director_client, club, listed
):
    other = Club.objects.create(name="Hilltop", slug="hilltop")
    ClubMember.objects.create(club=other, player=listed["Ann Able"].player, email="ann@hill.example")
    url = edit_url(club, listed["Ann Able"])
    refused = director_client.post(url, details(name="Annie Able"))
    assert refused.status_code == 400 and "site's administrator" in html.unescape(refused.content.decode())
    assert Player.objects.get(pk=listed["Ann Able"].player_id).name == "Ann Able"
    assert director_client.post(url, details(holdings="150")).status_code == 302
    assert ClubMember.objects.get(pk=listed["Ann Able"].pk).holdings == Decimal("150.00")
    assert ClubMember.objects.get(club=other).email == "ann@hill.example"


def test_another_clubs_director_cannot_open_or_change_a_member(club, listed, django_user_model):
    stranger = django_user_model.objects.create_user(username="hill", password="hill-pw-123")
    Club.objects.create(name="Hilltop", slug="hilltop").directors.add(stranger)
    client = Client()
    client.force_login(stranger)
    url = edit_url(club, listed["Ann Able"])
    assert client.get(url).status_code == 403
    assert client.post(url, details(holdings="1")).status_code == 403
    assert ClubMember.objects.get(pk=listed["Ann Able"].pk).holdings == Decimal("120.00")
    mine = reverse("director:member_edit", args=["hilltop", listed["Ann Able"].player_id])
    assert client.get(mine).status_code == 404  # not a member of his club
