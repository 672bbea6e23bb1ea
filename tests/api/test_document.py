"""The OpenAPI document and the docs page, both generated from the code."""

from __future__ import annotations

import re
from pathlib import Path

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
        ("GET", "/clubs/{slug}/accounts"),
        ("GET", "/clubs/{slug}/accounts/{account_id}/postings"),
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


# What each write's 400 must tell a program's author: the fields its refusals name.
_PLAYED = ["ns_pair", "ew_pair", "out_of_order", "contract", "declarer", "result", "lead", "JSON", "NUL"]
WRITE_REFUSALS = {
    ("post", "/sessions/{session_id}/results"): ["board", *_PLAYED],
    ("put", "/results/{result_id}"): _PLAYED,
    ("delete", "/results/{result_id}"): ["NUL"],
    ("post", "/sessions/{session_id}/start"): ["`state`", "preparation", "NUL"],
    ("post", "/sessions/{session_id}/finish"): ["`state`", "in play", "NUL"],
}


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), list(WRITE_REFUSALS))
def test_each_writes_refusals_are_described_in_the_document(client, method, path):
    operation = client.get(f"{API}/openapi.json").json()["paths"][f"{API}{path}"][method]
    bad_request = operation["responses"]["400"]["description"]
    assert [word for word in WRITE_REFUSALS[(method, path)] if word not in bad_request] == []
    assert "another club" in operation["responses"]["404"]["description"]
    assert all(
        answer["description"] not in ("Bad Request", "Not Found")
        for answer in operation["responses"].values()
    )


@pytest.mark.django_db
def test_the_readme_names_every_refusal_the_document_gives(client):
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The JSON API", 1)[1].split("\n## ", 1)[0]
    paths = client.get(f"{API}/openapi.json").json()["paths"]
    documented = {status for item in paths.values() for op in item.values() for status in op["responses"]}
    refusals = {status for status in documented if status.startswith("4")}
    assert {status for status in refusals if f"`{status}" not in section} == set()
    assert set(re.findall(r"`(4\d\d)\b", section)) == refusals
