"""NUL characters (which PostgreSQL cannot store or compare) are refused wherever input arrives.

Every query parameter and form field is checked once, by middleware, and answered 400
with a message naming the field; score files are refused by the legacy parser naming the
line, on the upload page and in the commands. Run on PostgreSQL too, where a NUL that got
through to a query was a 500.
"""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from tournaments.bridge.formats.legacy import LegacyFormatError, parse_score_bytes, parse_score_file
from tournaments.core.models import Player
from tournaments.night.models import Pair, Session

NUL_FILE = "1 Ann - Bob\n2 Cat\x00 - Dan\nSCORES\n420 -420\n"


def test_the_public_player_search_refuses_a_nul(client, db):
    response = client.get(reverse("player_search"), {"q": "Ann\x00"})

    assert response.status_code == 400
    assert "NUL" in response.content.decode()
    assert "q" in response.context["field"]


def test_a_nul_in_a_parameter_name_is_refused(client, db):
    response = client.get(reverse("player_search") + "?q%00=Ann")

    assert response.status_code == 400


def test_a_director_form_field_with_a_nul_is_refused_and_nothing_is_stored(director_client, mitchell_session):
    pairs = Pair.objects.count()

    response = director_client.post(
        reverse("director:pair_add", args=[mitchell_session.pk]),
        {"player1": "Zed\x00", "player2": "Yan", "direction": "NS"},
    )

    assert response.status_code == 400
    assert "player1" in response.content.decode()
    assert Pair.objects.count() == pairs
    assert not Player.objects.filter(name__startswith="Zed").exists()


def test_a_search_without_nul_still_works(client, db):
    Player.objects.create(name="Ann North")

    response = client.get(reverse("player_search"), {"q": "ann"})

    assert response.status_code == 200
    assert "Ann North" in response.content.decode()


@pytest.mark.parametrize("parse", [parse_score_file, lambda text: parse_score_bytes(text.encode())])
def test_the_legacy_parser_names_the_line_of_a_nul(parse):
    with pytest.raises(LegacyFormatError, match="NUL") as refused:
        parse(NUL_FILE)

    assert refused.value.line == 2


def test_the_upload_page_names_the_line_of_a_nul(client, django_user_model, club):
    staff = django_user_model.objects.create_user(username="admin", password="pw-admin-123", is_staff=True)
    club.directors.add(staff)
    client.force_login(staff)

    response = client.post(
        reverse("imports:upload"),
        {
            "club": club.pk,
            "date": "2026-03-10",
            "name": "Tuesday",
            "file": SimpleUploadedFile("scores.txt", NUL_FILE.encode()),
        },
    )

    assert "Line 2:" in response.content.decode() and "NUL" in response.content.decode()
    assert not Session.objects.exists()


@pytest.mark.parametrize("command", ["import_scores", "simpscore"])
def test_the_commands_name_the_file_and_line_of_a_nul(club, tmp_path, command):
    path = tmp_path / "nul.txt"
    path.write_bytes(NUL_FILE.encode())
    options = (
        ["--club", "riverside", "--date", "2026-03-10", "--name", "Tuesday"]
        if command == "import_scores"
        else []
    )
    err = io.StringIO()

    with pytest.raises(SystemExit) as exited:
        call_command(command, str(path), *options, stdout=io.StringIO(), stderr=err)

    assert exited.value.code == 1
    assert err.getvalue().startswith(f"{path}:2: ")
    assert "NUL" in err.getvalue()
    assert not Session.objects.exists()


def test_a_path_with_a_nul_is_refused_as_unreadable(club):
    err = io.StringIO()

    with pytest.raises(SystemExit):
        call_command("simpscore", "scores\x00.txt", stdout=io.StringIO(), stderr=err)

    assert "cannot read the file" in err.getvalue()


@pytest.mark.parametrize(
    "url", ["/api/v1/clubs/%00", "/api/v1/clubs/river%00side/sessions", "/api/v1/players?q=%00"]
)
def test_the_api_refuses_a_nul_in_the_address_or_query_in_json(client, club, url):
    response = client.get(url)

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert "NUL" in response.json()["detail"]


def test_a_nul_in_the_address_of_a_write_is_refused_before_the_token_is_read(client, club):
    response = client.delete("/api/v1/results/%00", HTTP_AUTHORIZATION="Bearer cs_x%00")

    assert response.status_code == 400
    assert response.json() == {
        "detail": "The address holds a NUL character (%00), which no address here may contain.",
        "field": None,
    }


@pytest.mark.parametrize("url", ["/table/%00/", "/club/%00/", "/admin/tournaments/player/%00/change/"])
def test_a_page_refuses_a_nul_in_its_address(client, db, url):
    response = client.get(url)

    assert response.status_code == 400
    page = " ".join(response.content.decode().split())
    assert "The address holds a NUL character" in page
