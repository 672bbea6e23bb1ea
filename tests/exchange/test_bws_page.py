"""The director's Bridgemate page: upload, a preview that stores nothing, confirm, upload again; bad files.

The page has no script, so Django's client is enough (no browser test).
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.bridge.formats.bws_tables import mitchell_rounds, played, players, tables
from tests.exchange.bws_files import first_results, real_night
from tournaments.bridge.formats.bws import read_bws
from tournaments.exchange import access_files
from tournaments.exchange.models import PendingImport
from tournaments.exchange.services.bws import MAX_BWS_BYTES
from tournaments.night.models import Result, Session

UPLOAD = reverse("director:exchange:bws_upload")
CONFIRM = reverse("director:exchange:bws_confirm")


def _upload(client, club, data: bytes, **fields):
    return client.post(UPLOAD, {"club": club.pk, "file": SimpleUploadedFile("night.bws", data), **fields})


def test_the_director_home_links_to_the_bridgemate_import(director_client, club):
    assert UPLOAD in director_client.get(reverse("director:home")).content.decode()
    assert director_client.get(UPLOAD).status_code == 200


def test_a_preview_shows_the_new_session_and_its_standings_and_stores_nothing(director_client, club):
    response = _upload(director_client, club, first_results(real_night(), 100))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Preview: Bridge game" in page and "a new session, 27 boards," in page
    assert "100 new results, 0 corrected, 0 removed, 0 already in." in page
    assert "Wayne Vondera - David Silberman" in page
    assert "BCS has no name for number 7646884" in page  # a note for the director
    assert not Session.objects.exists() and not Result.objects.exists()
    pending = PendingImport.objects.get(kind="bws")
    assert f'value="{pending.sha256}"' in page


def test_confirm_then_upload_again_adds_only_what_the_tables_sent_since(director_client, club):
    _upload(director_client, club, first_results(real_night(), 100))
    response = director_client.post(CONFIRM, {"sha256": PendingImport.objects.get().sha256, "section": ""})
    assert response.status_code == 200
    session = Session.objects.get(club=club)
    assert reverse("director:session", args=[session.pk]) in response.content.decode()
    assert Result.objects.filter(board__session=session).count() == 100
    page = _upload(director_client, club, real_night()).content.decode()
    assert "the session this file already feeds:" in page
    assert "197 new results, 0 corrected, 0 removed, 100 already in." in page
    director_client.post(CONFIRM, {"sha256": PendingImport.objects.get().sha256})
    assert Session.objects.get(club=club) == session
    assert Result.objects.filter(board__session=session).count() == 297


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"PK\x03\x04 a spreadsheet, not a database", "not a Microsoft Access database"),
        (b"\x00" * 4096, "not a Microsoft Access database"),
        (b"\x00\x01\x00\x00Standard Jet DB\x00" + b"\x00" * 100, "the Access database cannot be read"),
    ],
)
def test_a_file_that_is_no_bridgemate_file_is_refused_by_name(director_client, club, data, message):
    response = _upload(director_client, club, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Session.objects.exists() and not PendingImport.objects.exists()


def test_a_file_cut_short_is_refused_storing_nothing(director_client, club):
    response = _upload(director_client, club, real_night()[: len(real_night()) // 3])
    assert response.status_code == 400
    assert "Not a Bridgemate file ClubScore can read" in response.content.decode()
    assert not Session.objects.exists()


def test_a_bad_contract_is_refused_naming_the_table_and_row(director_client, club, monkeypatch):
    read = access_files.access_tables

    def with_a_bad_contract(data):
        found = read(data)
        found["ReceivedData"]["Contract"][4] = "8 NT"
        return found

    monkeypatch.setattr("tournaments.exchange.services.bws.access_tables", with_a_bad_contract)
    page = _upload(director_client, club, real_night()).content.decode()
    assert "table ReceivedData, row 5 (ID 5), column Contract: bad contract &#x27;8NT&#x27;" in page
    assert not Session.objects.exists()


def test_a_file_over_the_limit_is_refused_before_it_is_read(director_client, club):
    response = _upload(director_client, club, b"\x00" * (50 * 1_000_000))
    assert response.status_code == 400
    assert f"over the {MAX_BWS_BYTES:,} a Bridgemate file may be" in response.content.decode()


def test_a_file_of_several_sections_offers_them_and_imports_the_one_chosen(
    director_client, club, monkeypatch
):
    two = read_bws(
        tables(
            sections=((1, "A", 3), (2, "B", 3)),
            rounds=mitchell_rounds(1) + mitchell_rounds(2),
            results=played(1) + played(2, first_id=100),
            player_rows=players(1) + players(2),
        )
    )
    monkeypatch.setattr("tournaments.exchange.views.bws.check_bws_file", lambda data: two)
    monkeypatch.setattr("tournaments.exchange.services.bws.check_bws_file", lambda data: two)
    refused = _upload(director_client, club, b"a file of two sections")
    page = refused.content.decode()
    assert refused.status_code == 400
    assert "The file holds 2 sections: choose the one to import" in page
    assert "B (3 tables, 18 results)" in page and 'type="radio"' in page
    chosen = _upload(director_client, club, b"a file of two sections", section="B")
    assert "Preview: Friday pairs, section B" in chosen.content.decode()
    director_client.post(CONFIRM, {"sha256": PendingImport.objects.get().sha256, "section": "B"})
    assert Session.objects.get().name == "Friday pairs, section B"
