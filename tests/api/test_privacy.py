"""The API shows players as the public pages do: by initials where asked, never a federation number."""

from __future__ import annotations

import pytest

from tournaments.core.models import Player
from tournaments.season.services.privacy import player_initials_set

API = "/api/v1"
HIDDEN, INITIALS, NUMBER = "North 1", "N. 1.", "NBB-4711"


@pytest.fixture
def shy(api, in_play):
    """North 1 asked to be shown by initials and has a federation number; he has played board 1,
    the session is finished (every board published)."""
    player = Player.objects.get(name=HIDDEN)
    player.federation_number = NUMBER
    player.save(update_fields=["federation_number"])
    player_initials_set(player=player, shown_by_initials=True, user=None)
    pairs = {(p.direction, p.number): p.pk for p in in_play.pairs.all()}
    body = {"board": 1, "ns_pair": pairs[("NS", 1)], "ew_pair": pairs[("EW", 1)], "contract": "Pass"}
    entered = api.post(f"{API}/sessions/{in_play.pk}/results", body, content_type="application/json")
    assert entered.status_code == 201
    assert api.post(f"{API}/sessions/{in_play.pk}/finish").status_code == 200
    return player


def _every_read(session, player: Player, pair_id: int) -> list[str]:
    slug, s = session.club.slug, f"{API}/sessions/{session.pk}"
    return [
        f"{API}/clubs",
        f"{API}/clubs/{slug}",
        f"{API}/clubs/{slug}/sessions",
        s,
        f"{s}/standings",
        f"{s}/pairs",
        f"{s}/pairs/{pair_id}",
        f"{s}/pairs/{pair_id}/scorecard",
        f"{s}/boards",
        f"{s}/boards/1",
        f"{s}/boards/1/traveller",
        f"{API}/players?q=North",
        f"{API}/players?q=N.",
        f"{API}/players/{player.pk}",
        f"{API}/players/{player.pk}/history",
        f"{API}/openapi.json",
    ]


@pytest.mark.django_db
def test_no_read_names_a_player_shown_by_initials_or_gives_a_federation_number(client, in_play, shy):
    own_pair = in_play.pairs.get(direction="NS", number=1).pk
    opponents = in_play.pairs.get(direction="EW", number=1).pk
    for url in _every_read(in_play, shy, own_pair) + _every_read(in_play, shy, opponents):
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert HIDDEN not in body, url
        assert NUMBER not in body and "federation" not in body, url


@pytest.mark.django_db
def test_a_player_shown_by_initials_appears_by_initials_and_his_partner_by_name(client, in_play, shy):
    pair = in_play.pairs.get(direction="NS", number=1)
    expected = [{"id": shy.pk, "name": INITIALS}, {"id": pair.player2_id, "name": "South 1"}]
    s = f"{API}/sessions/{in_play.pk}"
    assert client.get(f"{s}/pairs/{pair.pk}").json()["players"] == expected
    standings = client.get(f"{s}/standings").json()["items"]
    assert [row["pair"]["players"] for row in standings if row["pair"]["id"] == pair.pk] == [expected]
    traveller = client.get(f"{s}/boards/1/traveller").json()["items"]
    assert traveller[0]["ns_pair"]["players"] == expected
    assert client.get(f"{API}/players/{shy.pk}").json() == {"id": shy.pk, "name": INITIALS}
    history = client.get(f"{API}/players/{shy.pk}/history").json()["items"]
    assert history[0]["pair"]["players"] == expected


@pytest.mark.django_db
@pytest.mark.parametrize(("q", "found"), [("North", ["North 2", "North 3"]), ("North 1", []), ("N. 1", [])])
def test_the_player_search_does_not_find_a_player_shown_by_initials(client, shy, q, found):
    response = client.get(f"{API}/players", {"q": q})
    assert [item["name"] for item in response.json()["items"]] == found
    assert response.json()["count"] == len(found)
