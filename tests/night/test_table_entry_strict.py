"""A table's send is read strictly: what cannot be the page's entry is refused with a 4xx and
a message, nothing written (issue 24, points 6 and 7)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.night.models import Result, Session, TableAccess, TableSubmission
from tournaments.night.selectors import movements as movement_selectors

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(club) -> Session:
    return seated_mitchell(club, start=True)


def _url(session: Session, table: int = 1) -> str:
    return reverse("table_submit", args=[TableAccess.objects.get(session=session, table=table).token])


def _board(session: Session) -> int:
    return min(movement_selectors.session_movement(session).encounter(1, 1).boards)


def _body(session: Session, **fields) -> dict:
    body = {"key": "strict-key-1", "round": 1, "board": _board(session), "contract": "4S", "declarer": "N"}
    return body | {"tricks": "10", "lead": ""} | fields


def _post(client, session: Session, body) -> object:
    return client.post(_url(session), data=json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("declarer", ["NS", "EW", "Nx", "n s"])
def test_a_declarer_that_is_not_one_seat_is_refused(client, session, declarer):
    """Issue 24, point 7: 'NS' was stored as North."""
    response = _post(client, session, _body(session, declarer=declarer))

    assert response.status_code == 400
    assert "declarer" in response.json()["error"]
    assert not Result.objects.filter(board__session=session).exists()


def test_reusing_a_key_for_another_result_is_answered_a_conflict(client, session):
    """Issue 24, point 7: a reused key with another payload was answered 'repeated' silently."""
    assert _post(client, session, _body(session)).status_code == 201
    assert _post(client, session, _body(session)).json()["repeated"] is True  # the same send again

    response = _post(client, session, _body(session, tricks="8"))

    assert response.status_code == 409
    assert "already used for another result" in response.json()["error"]
    assert Result.objects.get(board__session=session).tricks == 10
    assert TableSubmission.objects.filter(session=session).count() == 1
