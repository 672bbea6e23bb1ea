"""Input that used to give a 500 gets a 4xx with a message, and nothing is written (issue 24,
point 6). Each case goes through the page or endpoint a visitor would use."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.pbn import PbnBoard, write_pbn
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Board, DirectorCall, Result, Session, TableAccess, TableSubmission
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.results import result_record
from tournaments.night.services.sessions import session_create

pytestmark = pytest.mark.django_db

A_DEAL = "N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32"


@pytest.fixture
def session(club) -> Session:
    return seated_mitchell(club, start=True)


def _token(session: Session) -> str:
    return TableAccess.objects.get(session=session, table=1).token


def _nothing_entered(session: Session) -> bool:
    return not (
        Result.objects.filter(board__session=session).exists()
        or TableSubmission.objects.filter(session=session).exists()
        or DirectorCall.objects.filter(session=session).exists()
    )


# --- The tables' endpoints ----------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", ["table_submit", "table_call"])
def test_json_nested_too_deep_is_refused(client, session, endpoint):
    """2,040 nested '[' made json.loads recurse past Python's limit."""
    response = client.post(
        reverse(endpoint, args=[_token(session)]), data="[" * 2040, content_type="application/json"
    )

    assert response.status_code == 400
    assert "could not be read" in response.json()["error"]
    assert _nothing_entered(session)


@pytest.mark.parametrize("endpoint", ["table_submit", "table_call"])
def test_a_multipart_body_is_refused(client, session, endpoint):
    """The NUL check reads request.POST first; the view then could not read the body."""
    board = min(movement_selectors.session_movement(session).encounter(1, 1).boards)
    fields = {"key": "multipart-1", "round": "1", "board": str(board), "contract": "4S", "declarer": "N"}

    response = client.post(reverse(endpoint, args=[_token(session)]), data=fields | {"tricks": "10"})

    assert response.status_code == 400
    assert "not JSON" in response.json()["error"]
    assert _nothing_entered(session)


@pytest.mark.parametrize("page", ["table_entry", "table_state"])
def test_a_nul_inside_a_table_token_is_refused_before_the_link_is_read(client, session, page):
    """PostgreSQL refuses a NUL in a query: the token must not reach it. The NUL middleware
    refuses any address holding one (issue 28), before the table's view reads the token."""
    token = _token(session)
    response = client.get(reverse(page, args=[token[:10] + "\x00" + token[11:]]))

    assert response.status_code == 400
    assert "holds a NUL character" in " ".join(response.content.decode().split())


# --- Superscript digits, and numbers past what a club uses ----------------------------------------


def test_superscript_digits_in_arrow_switch_rounds_are_refused(director_client, club):
    """'²' passes str.isdigit() but not int()."""
    data = {"club": club.pk, "date": "2026-11-23", "name": "Arrows", "movement": "mitchell", "tables": "7"}
    data |= {"boards_per_round": "3", "rounds": "", "even_tables": "skip", "arrow_switch_rounds": "3, \u00b2"}

    response = director_client.post(reverse("director:session_new"), data)

    assert response.status_code == 400
    assert "is not a round number" in response.content.decode()
    assert not Session.objects.filter(name="Arrows").exists()


@pytest.mark.parametrize("board", ["\u00b2", "9" * 5000, str(2**63)])
def test_a_pbn_board_number_that_is_no_board_of_a_club_is_refused(director_client, club, board):
    """A superscript, 5,000 digits, and 2**63 (SQLite's integers end below it)."""
    session = session_create(club=club, date=datetime.date(2026, 11, 23), name="Monday", movement="howell")
    text = write_pbn([PbnBoard(1, Deal.from_pbn(A_DEAL))]).replace('[Board "1"]', f'[Board "{board}"]')
    url = reverse("director:exchange:pbn_upload", args=[session.pk])

    response = director_client.post(url, {"file": SimpleUploadedFile("hands.pbn", text.encode())})

    assert response.status_code == 400
    assert "a board number from 1 to 999 is needed" in response.content.decode()
    assert not Board.objects.filter(session=session).exists()


def test_a_usebio_board_number_of_millions_is_refused_before_any_board_is_made(club):
    """The import made every board up to the highest number: 3,000,000 rows."""
    played = seated_mitchell(club, start=True)
    result_record(board=played.boards.get(number=1), entry=mitchell_3nt(played, 1, 1))
    data = session_usebio_bytes(played).replace(b"<BOARD_NUMBER>1<", b"<BOARD_NUMBER>3000000<", 1)

    with pytest.raises(ValidationError, match="BOARD_NUMBER> 3000000 is above 999"):
        usebio_import(club=club, data=data, name="Copy")

    assert not Session.objects.filter(name="Copy").exists()
    assert Board.objects.count() == played.boards.count()


# --- A legacy score file whose totals the database cannot hold ------------------------------------


def test_a_legacy_file_whose_totals_overflow_is_refused_with_a_message(client, club, django_user_model):
    """Each score fits 9 digits, but a pair's total passed PostgreSQL's 32-bit integer."""
    staff = django_user_model.objects.create_user(username="admin", password="pw-admin-123", is_staff=True)
    club.directors.add(staff)
    client.force_login(staff)
    text = "1 Ann - Bob\n2 Cat - Dan\nSCORES\n" + "999999999 -999999999\n" * 3
    upload = {"club": club.pk, "date": "2026-03-10", "name": "Huge"}
    preview = client.post(
        reverse("imports:upload"), upload | {"file": SimpleUploadedFile("s.txt", text.encode())}
    )

    response = client.post(reverse("imports:confirm"), {"sha256": preview.context["sha256"]})

    assert response.status_code == 400
    assert "more than can be stored" in response.content.decode()
    assert not Session.objects.filter(name="Huge").exists()
