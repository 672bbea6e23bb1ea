"""A signed-in member's own pages: his clubs, sessions, results, choices and data; nobody else's."""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.members.conftest import ANN, sign_in
from tournaments.mail.models import MailOptOut
from tournaments.night.models import Movement
from tournaments.night.services.sessions import session_create

pytestmark = pytest.mark.django_db


def test_a_visitor_is_sent_to_sign_in_and_a_director_who_is_no_member_finds_no_page(director_client, world):
    assert Client().get(reverse("my_club"))["Location"] == reverse("member_sign_in")
    assert director_client.get(reverse("my_club")).status_code == 404


def test_every_page_offers_a_signed_in_member_his_club_and_nobody_else(client, director_client, world):
    my_club = f'href="{reverse("my_club")}"'
    assert my_club not in Client().get(reverse("home")).content.decode()
    assert my_club not in director_client.get(reverse("home")).content.decode()
    member = Client()
    sign_in(member, ANN)
    assert my_club in member.get(reverse("player_search")).content.decode()


def test_a_member_guessing_other_members_ids_finds_nothing_and_changes_nothing(client, world):
    sign_in(client, ANN)
    bob = world.bob.pk
    missing = max(world.bob.pk, world.ann_hilltop.pk, world.ann_riverside.pk) + 100
    for pk in (bob, missing):
        assert client.get(reverse("my_player", args=[pk])).status_code == 404
        assert client.get(reverse("my_data", args=[pk])).status_code == 404
        assert client.post(reverse("my_privacy", args=[pk]), {"shown_by_initials": "on"}).status_code == 404
        mail_off = reverse("my_results_mail", args=[pk, world.riverside.slug])
        assert client.post(mail_off, {"mailed": "0"}).status_code == 404
    world.bob.refresh_from_db()
    assert not world.bob.shown_by_initials and not MailOptOut.objects.exists()
    # His own player, at a club that does not list that entry of him (Ann of Riverside at Hilltop).
    crossed = reverse("my_results_mail", args=[world.ann_riverside.pk, world.hilltop.slug])
    assert client.post(crossed, {"mailed": "0"}).status_code == 404
    assert (
        client.post(reverse("my_results_mail", args=[world.ann_riverside.pk, "no-such-club"])).status_code
        == 404
    )


def test_his_page_shows_him_his_name_where_the_public_sees_his_initials(client, world):
    sign_in(client, ANN)
    client.post(reverse("my_privacy", args=[world.ann_riverside.pk]), {"shown_by_initials": "on"})
    public = client.get(reverse("player", args=[world.ann_riverside.pk])).content.decode()
    own = client.get(reverse("my_player", args=[world.ann_riverside.pk])).content.decode()
    assert "<h1>A.</h1>" in public
    assert "<h1>Ann</h1>" in own and "Others see you as A." in own
    client.post(reverse("my_privacy", args=[world.ann_riverside.pk]), {})
    world.ann_riverside.refresh_from_db()
    assert not world.ann_riverside.shown_by_initials


def test_he_stops_and_restarts_one_clubs_results_mail(client, world):
    sign_in(client, ANN)
    url = reverse("my_results_mail", args=[world.ann_hilltop.pk, world.hilltop.slug])
    client.post(url, {"mailed": "0"})
    assert MailOptOut.objects.filter(club=world.hilltop, player=world.ann_hilltop).exists()
    assert (
        "sends you no email" in client.get(reverse("my_player", args=[world.ann_hilltop.pk])).content.decode()
    )
    client.post(url, {"mailed": "1"})
    assert not MailOptOut.objects.exists()


def test_his_download_holds_what_his_clubs_hold_on_him(client, world):
    sign_in(client, ANN)
    response = client.get(reverse("my_data", args=[world.ann_riverside.pk]))
    assert response["Content-Disposition"].startswith("attachment")
    data = json.loads(response.content)
    assert data["player"]["id"] == world.ann_riverside.pk
    assert data["memberships"] == [
        {"club": "Riverside Bridge Club", "email": ANN, "added_at": data["memberships"][0]["added_at"]}
    ]
    assert [s["session_id"] for s in data["sessions"]] == [world.nights[0].pk]
    assert "bob@example.org" not in response.content.decode()


def test_his_next_sessions_are_his_clubs_planned_ones(client, world, club):
    soon = timezone.localdate() + datetime.timedelta(days=7)
    planned = session_create(club=club, date=soon, name="Next Tuesday", movement=Movement.HOWELL)
    sign_in(client, ANN)
    page = client.get(reverse("my_club")).content.decode()
    assert planned.get_absolute_url() in page and "Next Tuesday" in page
    assert world.nights[0].get_absolute_url() not in page  # finished, not next


def test_a_member_whose_club_removed_his_address_keeps_no_club(client, world):
    sign_in(client, "bob@example.org")
    world.riverside.members.filter(player=world.bob).update(email="")
    page = client.get(reverse("my_club")).content.decode()
    assert "Riverside Bridge Club" not in page and "membership secretary" in page
    assert client.get(reverse("my_player", args=[world.bob.pk])).status_code == 404


def test_a_signed_in_member_finds_no_club_on_the_directors_pages(client, world):
    sign_in(client, ANN)
    home = client.get(reverse("director:home"))
    assert home.status_code == 200  # the director's home, of no club: the roles half of issue 48 decides more
    assert world.riverside.name not in home.content.decode()
    settings_page = client.get(reverse("director:club_settings", args=[world.riverside.slug]))
    assert settings_page.status_code == 403
