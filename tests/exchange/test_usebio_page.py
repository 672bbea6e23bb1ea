"""The director's USEBIO import page: upload, a preview that stores nothing, confirm; errors name the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.core.models import Club, Player
from tournaments.exchange.models import PendingImport
from tournaments.exchange.services.usebio import MAX_USEBIO_BYTES
from tournaments.night.models import Result, Session

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "usebio"
UPLOAD = reverse("director:exchange:usebio_upload")
CONFIRM = reverse("director:exchange:usebio_confirm")


def _upload(
    client, club: Club, fixture: str = "compscore-butler-mitchell.xml", data: bytes | None = None, **fields
):
    data = (FIXTURES / fixture).read_bytes() if data is None else data
    return client.post(UPLOAD, {"club": club.pk, "file": SimpleUploadedFile(fixture, data), **fields})


def test_the_director_home_links_to_the_usebio_import(director_client, club):
    assert UPLOAD in director_client.get(reverse("director:home")).content.decode()
    assert director_client.get(UPLOAD).status_code == 200


def test_a_preview_shows_clubscores_standings_beside_the_files_and_stores_nothing(director_client, club):
    response = _upload(director_client, club)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Preview: Wednesday Morning - Butler" in page
    assert "14 pairs, 35 boards," in page and "245 results" in page
    assert "RHYS DEWAR - LESLEY SETO" in page  # 1NS, placed 2nd with +42 IMPs in the file and here
    assert "IMPs and places are the file's own" in page
    assert not Session.objects.exists() and not Result.objects.exists()
    assert not Player.objects.filter(name="RHYS DEWAR").exists()  # the preview's import was rolled back
    pending = PendingImport.objects.get()
    assert f'value="{pending.sha256}"' in page


def test_confirm_imports_exactly_the_previewed_file(director_client, club, director):
    _upload(director_client, club, "compscore-mp-mitchell-adjusted.xml", name="Thursday")
    pending = PendingImport.objects.get()
    response = director_client.post(CONFIRM, {"sha256": pending.sha256})
    assert response.status_code == 200
    session = Session.objects.get(club=club)
    assert session.name == "Thursday" and session.pairs.count() == 42
    page = response.content.decode()
    assert reverse("director:session", args=[session.pk]) in page
    assert "Board 3, line 1 (1 NS v 1 EW): the file&#x27;s director gave this A5050 NS 23" in page  # noted
    assert not PendingImport.objects.exists()
    assert Result.objects.filter(board__session=session, ns_adjustment="A+").exists()
    assert director_client.post(CONFIRM, {"sha256": pending.sha256}).status_code == 302  # not twice


def test_the_preview_lists_the_differences_before_anything_is_stored(director_client, club):
    page = _upload(director_client, club, "scorer-multi-section.xml").content.decode()
    assert (
        "Board 16 of section B, line 6 ((B) 3 NS v (B) 11 EW): the file scores NS -250, ClubScore 500."
        in page
    )
    assert "(C) 14" in page
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    "mutate, message",
    [
        (
            lambda text: text.replace("<SCORE>-140</SCORE>", "<SCORE>Adj</SCORE>", 1),
            "Line 294: BOARD 1, line 1: &lt;SCORE&gt; &#x27;Adj&#x27;",
        ),
        (
            lambda text: text.replace('EVENT_TYPE="BUTLER_PAIRS">', 'EVENT_TYPE="AGGREGATE">', 1),
            "not AGGREGATE",
        ),
        # A teams type on a pairs file: it is read as a teams file, which names no team.
        (
            lambda text: text.replace('EVENT_TYPE="BUTLER_PAIRS">', 'EVENT_TYPE="TEAMS">', 1),
            "TEAM&gt;s, not 0",
        ),
        (lambda text: text[:5000], "not well-formed"),
    ],
)
def test_a_bad_file_answers_400_with_its_line_and_stores_nothing(director_client, club, mutate, message):
    text = (FIXTURES / "compscore-butler-mitchell.xml").read_text()
    response = _upload(director_client, club, data=mutate(text).encode())
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Session.objects.exists() and not PendingImport.objects.exists()


def test_a_result_clubscore_refuses_is_shown_and_nothing_stored(director_client, club):
    text = (FIXTURES / "compscore-butler-mitchell.xml").read_text()
    text = text.replace("<NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>", 1)
    response = _upload(director_client, club, data=text.encode())
    assert response.status_code == 400
    assert "Pair 1 NS already has a result on board 1" in response.content.decode()
    assert not Session.objects.exists() and not PendingImport.objects.exists()


def test_a_file_over_the_limit_is_refused_with_its_size(director_client, club):
    response = _upload(director_client, club, data=b" " * (MAX_USEBIO_BYTES + 1))
    assert response.status_code == 400
    assert f"over the {MAX_USEBIO_BYTES:,} a USEBIO file may be" in response.content.decode()


def test_an_empty_post_asks_for_the_file(director_client, club):
    response = director_client.post(UPLOAD, {"club": club.pk})
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()


def test_only_a_clubs_directors_import_into_it(django_user_model, club, director_client):
    from django.test import Client

    client = Client()
    assert client.get(UPLOAD).status_code == 302  # a visitor logs in first
    player = django_user_model.objects.create_user(username="player", password="x-pw-12345")
    client.force_login(player)
    assert client.get(UPLOAD).status_code == 403
    other = Club.objects.create(name="Hillside Bridge Club", slug="hillside")
    other.directors.add(player)
    response = _upload(client, club)  # a club the user does not direct is not offered
    assert response.status_code == 400 and not PendingImport.objects.exists()
    # Someone else's preview cannot be confirmed, even with its digest.
    _upload(director_client, club)
    pending = PendingImport.objects.get()
    assert client.post(CONFIRM, {"sha256": pending.sha256}).status_code == 302
    assert not Session.objects.exists()


def test_a_legacy_preview_cannot_be_confirmed_as_usebio(director_client, club, director):
    import datetime

    PendingImport.objects.create(
        user=director, club=club, sha256="a" * 64, text="PAIRS\n", date=datetime.date(2026, 1, 1), name="x"
    )
    assert director_client.post(CONFIRM, {"sha256": "a" * 64}).status_code == 302
    assert not Session.objects.exists()


def test_a_latin1_file_waits_as_its_very_bytes_and_imports_as_previewed(director_client, club):
    """An older scorer's Latin-1 file is not UTF-8 text: the preview keeps its bytes, unchanged."""
    text = (FIXTURES / "compscore-mp-mitchell-adjusted.xml").read_text()
    data = text.replace("<USEBIO", "<!-- Scorer caf\u00e9 -->\n<USEBIO", 1).encode("latin-1")
    assert _upload(director_client, club, data=data, name="Wide").status_code == 200
    pending = PendingImport.objects.get()
    assert (pending.kind, bytes(pending.data), pending.text) == (PendingImport.Kind.USEBIO, data, "")
    assert director_client.post(CONFIRM, {"sha256": pending.sha256}).status_code == 200
    assert Session.objects.get(club=club).pairs.count() == 42


def test_a_usebio_preview_cannot_be_confirmed_as_a_legacy_score_file(director_client, club):
    _upload(director_client, club)
    pending = PendingImport.objects.get()
    response = director_client.post(reverse("imports:confirm"), {"sha256": pending.sha256}, follow=True)
    assert "upload the file again" in response.content.decode()
    assert not Session.objects.exists() and PendingImport.objects.filter(pk=pending.pk).exists()
