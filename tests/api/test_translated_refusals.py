"""The API's refusals speak the request's language: a French program reads a French ``detail``."""

import pytest
from django.utils import translation

from tests.translated_pages import compiled
from tournaments.core.services.api_tokens import api_token_create

API = "/api/v1"

pytestmark = pytest.mark.django_db


def test_a_refusal_s_detail_is_french_and_its_field_stays_the_field(client, club, in_play, tmp_path):
    token = api_token_create(club=club, name="results site").secret
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}", "HTTP_ACCEPT_LANGUAGE": "fr"}
    body = {"board": 999, "ns_pair": 1, "ew_pair": 2, "contract": "3NT", "declarer": "N", "result": "9"}
    with compiled("fr", tmp_path), translation.override("fr"):
        missing = client.post(
            f"{API}/sessions/{in_play.pk}/results", body, content_type="application/json", **auth
        )
        no_token = client.post(f"{API}/sessions/{in_play.pk}/finish", HTTP_ACCEPT_LANGUAGE="fr")
    assert missing.status_code == 400
    assert missing.json() == {"detail": "Cette séance n'a pas de donne 999.", "field": "board"}
    assert no_token.status_code == 401
    assert no_token.json()["detail"].startswith("Envoyez un jeton d'API valide")
