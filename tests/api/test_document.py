"""The OpenAPI document and the docs page, both generated from the code."""

from __future__ import annotations

import pytest

API = "/api/v1"


@pytest.mark.django_db
def test_the_openapi_document_lists_every_operation_with_its_refusals(client):
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    document = response.json()
    assert document["openapi"].startswith("3.")
    operations = {
        (method.upper(), path.removeprefix(API))
        for path, item in document["paths"].items()
        for method in item
    }
    assert operations == {
        ("GET", "/clubs"),
        ("GET", "/clubs/{slug}"),
        ("GET", "/clubs/{slug}/sessions"),
        ("GET", "/sessions/{session_id}"),
        ("GET", "/sessions/{session_id}/standings"),
        ("GET", "/sessions/{session_id}/pairs"),
        ("GET", "/sessions/{session_id}/pairs/{pair_id}"),
        ("GET", "/sessions/{session_id}/pairs/{pair_id}/scorecard"),
        ("GET", "/sessions/{session_id}/boards"),
        ("GET", "/sessions/{session_id}/boards/{number}"),
        ("GET", "/sessions/{session_id}/boards/{number}/traveller"),
        ("GET", "/players"),
        ("GET", "/players/{player_id}"),
        ("GET", "/players/{player_id}/history"),
        ("POST", "/sessions/{session_id}/results"),
        ("PUT", "/results/{result_id}"),
        ("DELETE", "/results/{result_id}"),
        ("POST", "/sessions/{session_id}/start"),
        ("POST", "/sessions/{session_id}/finish"),
    }
    enter = document["paths"][f"{API}/sessions/{{session_id}}/results"]["post"]
    assert enter["security"] == [{"ClubToken": []}]
    # Another club's session is answered as a missing one (404): no 403 tells them apart.
    assert set(enter["responses"]) == {"201", "400", "401", "404", "422", "429"}
    assert "304" in document["paths"][f"{API}/sessions/{{session_id}}/standings"]["get"]["responses"]


@pytest.mark.django_db
def test_the_docs_page_serves_swagger_from_our_own_static_files(client):
    response = client.get(f"{API}/docs")
    assert response.status_code == 200
    page = response.content.decode()
    assert "ninja/swagger-ui-bundle.js" in page and "cdn" not in page.lower()
