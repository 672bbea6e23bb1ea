"""A write's refusals: 400 naming the body's field, as the README promises, in the API's own words."""

from __future__ import annotations

import pytest

from tournaments.night.models import Result

API = "/api/v1"


def _pairs(session) -> dict[tuple[str, int], int]:
    return {(pair.direction, pair.number): pair.pk for pair in session.pairs.all()}


def _entry(session, **change) -> dict:
    pairs = _pairs(session)
    body = {"board": 1, "ns_pair": pairs[("NS", 1)], "ew_pair": pairs[("EW", 1)], "contract": "4S"}
    body.update(declarer="N", result="=")
    body.update(change)
    return {name: value for name, value in body.items() if value is not None}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"contract": None}, "contract"),
        ({"board": None}, "board"),
        ({"ns_pair": None}, "ns_pair"),
        ({"ew_pair": "east"}, "ew_pair"),
        ({"board": 0}, "board"),
        ({"contract": "4S" * 11}, "contract"),
        ({"declarer": "NS"}, "declarer"),
        ({"out_of_order": "perhaps"}, "out_of_order"),
    ],
)
def test_a_missing_or_malformed_field_of_an_entry_is_400_naming_it(api, in_play, change, field):
    response = api.post(
        f"{API}/sessions/{in_play.pk}/results", _entry(in_play, **change), content_type="application/json"
    )

    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert response.json()["detail"].startswith(f"{field}: ")
    assert not Result.objects.exists()


@pytest.mark.django_db
def test_a_missing_field_of_a_correction_is_400_naming_it(api, in_play):
    entered = api.post(
        f"{API}/sessions/{in_play.pk}/results", _entry(in_play), content_type="application/json"
    )
    body = {name: value for name, value in _entry(in_play).items() if name not in ("board", "ns_pair")}

    response = api.put(f"{API}/results/{entered.json()['id']}", body, content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {"detail": "ns_pair: Field required", "field": "ns_pair"}


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["{not json", "[1, 2]", ""])
def test_a_body_that_is_not_a_json_object_is_400(api, in_play, body):
    response = api.post(f"{API}/sessions/{in_play.pk}/results", body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["detail"]
    assert not Result.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["contract", "declarer", "result", "lead"])
def test_a_nul_in_a_text_field_of_the_body_is_400_naming_it(api, in_play, field):
    """Run on PostgreSQL too, where a NUL that reached a query was a 500."""
    body = _entry(in_play, lead="SA")
    body[field] = body[field][:-1] + "\x00"

    response = api.post(f"{API}/sessions/{in_play.pk}/results", body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["field"] == field
    assert not Result.objects.exists()


@pytest.mark.django_db
def test_a_query_parameter_the_document_forbids_is_still_422(client, in_play):
    response = client.get(f"{API}/sessions/{in_play.pk}/standings?limit=0")

    assert response.status_code == 422
    assert response.json()["field"] == "limit"


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["post", "put"])
def test_a_pair_the_movement_does_not_give_the_board_is_refused_naming_the_apis_field(api, in_play, method):
    body = _entry(in_play, ew_pair=_pairs(in_play)[("EW", 2)], contract="Pass", declarer="", result="")
    if method == "put":
        entered = api.post(
            f"{API}/sessions/{in_play.pk}/results", _entry(in_play), content_type="application/json"
        )
        response = api.put(f"{API}/results/{entered.json()['id']}", body, content_type="application/json")
    else:
        response = api.post(f"{API}/sessions/{in_play.pk}/results", body, content_type="application/json")

    assert response.status_code == 400
    refusal = response.json()
    assert refusal["field"] == "ns_pair"
    assert "not in the movement" in refusal["detail"]
    assert '"out_of_order": true' in refusal["detail"]
    assert "Tick" not in refusal["detail"]
