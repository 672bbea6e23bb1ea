"""The other stamped reads keep their contract with a shared cache: a teams table is never told
"unchanged" by the session's stamp alone, and the API's ETags move with every answer."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tests.teams.factories import swiss_round_published, teams_event_build
from tests.teams.test_phone import _play_round
from tournaments.core.models import Player
from tournaments.core.services.api_tokens import api_token_create
from tournaments.night.models import TableAccess
from tournaments.season.services.privacy import player_initials_set

pytestmark = pytest.mark.django_db


def test_a_teams_table_hears_the_next_round_drawn_though_its_session_did_not_change(client, club, cache_mode):
    event = teams_event_build(club, name="Refresh Swiss", boards_per_match=2)
    first = swiss_round_published(event).session
    _play_round(client, first)
    url = reverse("table_state", args=[TableAccess.objects.get(session=first, table=1).token])
    before = client.get(url).json()
    assert "stamp" not in before and before["moves"]["lines"] == []  # the next round is still to draw
    swiss_round_published(event)  # published in another session: round 1's own stamp does not move
    after = client.get(url, {"since": "anything the phone holds"})
    assert after.status_code == 200 and after.json()["moves"]["lines"]


def test_the_apis_etag_moves_with_a_name_shown_by_initials(client, club, director, cache_mode):
    session = seated_mitchell(club, start=True)
    client.defaults["HTTP_AUTHORIZATION"] = (
        f"Bearer {api_token_create(club=club, name='site', user=director).secret}"
    )
    url = f"/api/v1/sessions/{session.pk}/pairs"
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    player_initials_set(player=Player.objects.get(name="North 1"), shown_by_initials=True, user=None)
    moved = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert moved.status_code == 200 and moved["ETag"] != first["ETag"]
    assert "North 1" not in moved.content.decode()
