"""A PBN file of several events in the site: the director chooses the event, on the page or the command."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tournaments.bridge.cards import Deal
from tournaments.night.models import Board
from tournaments.night.services.sessions import session_create

from ..bridge.formats.test_pbn_events import DEAL_1, DEAL_2, DEAL_3, SEVERAL_EVENTS

DATA = SEVERAL_EVENTS.encode("utf-8")


@pytest.fixture
def session(club):
    return session_create(club=club, date=datetime.date(2026, 11, 23), name="Monday", movement="howell")


def _deals(session) -> dict[int, Deal]:
    return {board.number: board.deal for board in Board.objects.filter(session=session).exclude(north="")}


def _upload(client, session, **fields):
    url = reverse("director:exchange:pbn_upload", args=[session.pk])
    return client.post(url, {"file": SimpleUploadedFile("verifier.pbn", DATA), **fields})


def test_the_upload_page_lists_the_events_and_stores_nothing(director_client, session):
    response = _upload(director_client, session)
    page = response.content.decode()
    assert response.status_code == 400
    assert "The file holds 3 events: choose the one to import" in page
    for value, label in [
        ("Spring pairs", "&#x27;Spring pairs&#x27; (2 boards)"),
        ("Summer teams", "&#x27;Summer teams&#x27; (3 boards)"),
        ("Autumn cup", "&#x27;Autumn cup&#x27; (1 board)"),
    ]:
        assert f'type="radio" name="event" value="{value}"' in page
        assert label in page
    assert not session.boards.exists()


def test_the_upload_deals_the_event_chosen(director_client, session):
    response = _upload(director_client, session, event="Summer teams")
    assert response.status_code == 302
    assert _deals(session) == {1: Deal.from_pbn(DEAL_3), 2: Deal.from_pbn(DEAL_1), 3: Deal.from_pbn(DEAL_2)}


def test_the_command_refuses_a_file_of_several_events_naming_them(session, tmp_path):
    path = tmp_path / "verifier.pbn"
    path.write_bytes(DATA)
    with pytest.raises(CommandError) as caught:
        call_command("import_pbn", str(path), "--session", str(session.pk))
    message = str(caught.value)
    assert "'Spring pairs' (2 boards), 'Summer teams' (3 boards), 'Autumn cup' (1 board)" in message
    assert "Nothing was stored" in message
    assert not session.boards.exists()


def test_the_command_imports_the_event_named(session, tmp_path, capsys):
    path = tmp_path / "verifier.pbn"
    path.write_bytes(DATA)
    call_command("import_pbn", str(path), "--session", str(session.pk), "--event", "Autumn cup")
    assert _deals(session) == {1: Deal.from_pbn(DEAL_2)}
    assert "Dealt 1 boards (1-1)" in capsys.readouterr().out


def test_the_command_refuses_an_event_the_file_does_not_hold(session, tmp_path):
    path = tmp_path / "verifier.pbn"
    path.write_bytes(DATA)
    with pytest.raises(CommandError, match="no event named 'Winter'"):
        call_command("import_pbn", str(path), "--session", str(session.pk), "--event", "Winter")
    assert not session.boards.exists()
