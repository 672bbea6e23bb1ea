"""A whole session played through the API, compared with what the site's own selectors show."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from tournaments.night.models import ResultChange, SessionState
from tournaments.night.selectors import public as site
from tournaments.night.selectors.movements import encounter_keys, session_movement

API = "/api/v1"


def _pair_ids(api, session_id: int) -> dict[tuple[str, int], int]:
    items = api.get(f"{API}/sessions/{session_id}/pairs?limit=100").json()["items"]
    return {(pair["direction"], pair["number"]): pair["id"] for pair in items}


def _play(api, session) -> list[dict]:
    """Enter every result the movement expects, at each table in turn, with a seeded spread of tricks."""
    rng = random.Random(23)
    pairs = _pair_ids(api, session.pk)
    entered = []
    movement = session_movement(session)
    for encounter in sorted(movement.encounters, key=lambda e: (e.round, e.table)):
        ns, ew = encounter_keys(session.movement, encounter)
        for number in encounter.boards:
            body = {
                "board": number,
                "ns_pair": pairs[ns],
                "ew_pair": pairs[ew],
                "contract": "4S",
                "declarer": "N",
                "result": str(rng.choice([8, 9, 10, 10, 11])),
            }
            response = api.post(f"{API}/sessions/{session.pk}/results", body, content_type="application/json")
            assert response.status_code == 201, response.json()
            entered.append(response.json())
    return entered


def _site_standings(session) -> list[tuple]:
    rows = [standing for table in site.session_standings(session) for standing in table.standings]
    return [(s.pair_id, s.rank, s.tied, s.matchpoints, s.percentage, s.boards_played) for s in rows]


def _api_standings(api, session_id: int) -> list[tuple]:
    items = api.get(f"{API}/sessions/{session_id}/standings?limit=100").json()["items"]
    return [
        (r["pair"]["id"], r["rank"], r["tied"], r["matchpoints"], r["percentage"], r["boards_played"])
        for r in items
    ]


@pytest.mark.django_db
def test_a_session_played_through_the_api_has_the_sites_standings(api, in_play):
    entered = _play(api, in_play)
    assert len(entered) == 3 * 3 * 2  # 3 tables, 3 rounds, 2 boards

    # Correct one result: the score, the matchpoints and the standings follow.
    first = entered[0]
    fix = {
        "ns_pair": first["ns_pair"]["id"],
        "ew_pair": first["ew_pair"]["id"],
        "contract": "4S",
        "declarer": "N",
    }
    corrected = api.put(
        f"{API}/results/{first['id']}", {**fix, "result": "13"}, content_type="application/json"
    )
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["ns_score"] == 510  # 4S+3, board 1 none vulnerable

    finished = api.post(f"{API}/sessions/{in_play.pk}/finish")
    assert finished.status_code == 200
    assert finished.json()["state"] == SessionState.FINISHED
    assert finished.json()["boards_published"] == 6

    in_play.refresh_from_db()
    assert _api_standings(api, in_play.pk) == _site_standings(in_play)
    assert sum(row[5] for row in _site_standings(in_play)) == 2 * 18  # each result counts for both pairs

    traveller = api.get(f"{API}/sessions/{in_play.pk}/boards/1/traveller").json()
    board = site.board_get(in_play.pk, 1)
    assert [r["id"] for r in traveller["items"]] == [r.pk for r in site.board_traveller(board)]
    assert [r["ns_matchpoints"] for r in traveller["items"]] == [
        r.ns_matchpoints for r in site.board_traveller(board)
    ]


@pytest.mark.django_db
def test_a_board_still_in_play_is_not_published(api, client, in_play):
    pairs = _pair_ids(api, in_play.pk)
    body = {"board": 1, "ns_pair": pairs[("NS", 1)], "ew_pair": pairs[("EW", 1)], "contract": "3NT"}
    response = api.post(
        f"{API}/sessions/{in_play.pk}/results",
        {**body, "declarer": "S", "result": "="},
        content_type="application/json",
    )
    assert response.status_code == 201
    # Board 1 has two more tables to play it: neither its hands nor its traveller show.
    assert client.get(f"{API}/sessions/{in_play.pk}/boards/1").status_code == 404
    assert client.get(f"{API}/sessions/{in_play.pk}/boards/1/traveller").status_code == 404
    assert client.get(f"{API}/sessions/{in_play.pk}/boards").json()["count"] == 0
    card = client.get(f"{API}/sessions/{in_play.pk}/pairs/{pairs[('NS', 1)]}/scorecard").json()
    assert card["items"][0] == {
        "board": 1,
        "published": False,
        "direction": "",
        "opponents": None,
        "contract": "",
        "score": None,
        "matchpoints": None,
        "percentage": None,
        "imps": None,
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"contract": "8S"}, "contract", "is not a contract"),
        ({"result": "+5"}, "result", ""),
        ({"declarer": ""}, "declarer", "Choose the declarer"),
        ({"board": 99}, "board", "no board 99"),
        ({"ew_pair": 999999}, "ew_pair", "no pair 999999"),
        ({"ns_pair": "ew"}, "ns_pair", "ns_pair"),
    ],
)
def test_a_refused_entry_is_a_4xx_naming_its_field_and_stores_nothing(api, in_play, change, field, words):
    pairs = _pair_ids(api, in_play.pk)
    body = {"board": 1, "ns_pair": pairs[("NS", 1)], "ew_pair": pairs[("EW", 1)], "contract": "4S"}
    body.update(declarer="N", result="=")
    if change.get("ns_pair") == "ew":
        change = {"ns_pair": pairs[("EW", 2)]}
        words = "sits East-West"
    response = api.post(
        f"{API}/sessions/{in_play.pk}/results", {**body, **change}, content_type="application/json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert words in response.json()["detail"]
    assert in_play.boards.filter(results__isnull=False).count() == 0


@pytest.mark.django_db
def test_a_pair_the_movement_does_not_give_the_board_is_refused(api, in_play):
    pairs = _pair_ids(api, in_play.pk)
    body = {"board": 1, "ns_pair": pairs[("NS", 1)], "ew_pair": pairs[("EW", 2)], "contract": "Pass"}
    response = api.post(f"{API}/sessions/{in_play.pk}/results", body, content_type="application/json")
    assert response.status_code == 400
    assert "not in the movement" in response.json()["detail"]
    assert (
        api.post(
            f"{API}/sessions/{in_play.pk}/results",
            {**body, "out_of_order": True},
            content_type="application/json",
        ).status_code
        == 201
    )


@pytest.mark.django_db
def test_deleting_a_result_twice_is_404_and_state_moves_only_forward(api, in_play):
    pairs = _pair_ids(api, in_play.pk)
    body = {"board": 1, "ns_pair": pairs[("NS", 1)], "ew_pair": pairs[("EW", 1)], "contract": "Pass"}
    result = api.post(f"{API}/sessions/{in_play.pk}/results", body, content_type="application/json").json()
    assert api.delete(f"{API}/results/{result['id']}").status_code == 204
    assert api.delete(f"{API}/results/{result['id']}").status_code == 404
    refused = api.post(f"{API}/sessions/{in_play.pk}/start")
    assert refused.status_code == 400
    assert refused.json() == {
        "detail": "Play can only start in preparation; it is in play.",
        "field": "state",
    }


@pytest.mark.django_db
def test_the_audit_log_names_the_token_each_write_came_through(api, in_play, director_client):
    pairs = _pair_ids(api, in_play.pk)
    body = {"board": 1, "ns_pair": pairs[("NS", 1)], "ew_pair": pairs[("EW", 1)], "contract": "Pass"}
    result = api.post(f"{API}/sessions/{in_play.pk}/results", body, content_type="application/json").json()
    fixed = {"ns_pair": body["ns_pair"], "ew_pair": body["ew_pair"], "contract": "3NT", "declarer": "N"}
    fixed["result"] = "="
    assert api.put(f"{API}/results/{result['id']}", fixed, content_type="application/json").status_code == 200
    assert api.delete(f"{API}/results/{result['id']}").status_code == 204
    changes = ResultChange.objects.filter(session=in_play).select_related("api_token")
    assert sorted(change.action for change in changes) == ["create", "delete", "update"]
    assert {change.api_token.name for change in changes} == {"club website"}
    assert all(change.user is None and change.table is None for change in changes)
    page = director_client.get(reverse("director:audit", args=[in_play.pk])).content.decode()
    assert page.count("API token \u201cclub website\u201d") == 3
