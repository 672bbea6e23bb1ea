"""A table enters only the boards of rounds it has reached, so it never sees a traveller of a
board it has still to play (issue 24, point 3)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.night.models import Result, Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors

pytestmark = pytest.mark.django_db


def _token(session: Session, table: int) -> str:
    return TableAccess.objects.get(session=session, table=table).token


def _boards(session: Session, round_: int, table: int) -> list[int]:
    movement = movement_selectors.session_movement(session)
    return sorted(movement.encounter(round_, table).boards)


def _send(client, session: Session, table: int, round_: int, board: int):
    body = {"key": f"key-{table}-{round_}-{board}", "round": round_, "board": board}
    body |= {"contract": "4S", "declarer": "N", "tricks": "10", "lead": ""}
    url = reverse("table_submit", args=[_token(session, table)])
    return client.post(url, data=json.dumps(body), content_type="application/json")


def _traveller(client, session: Session, table: int, board: int):
    return client.get(reverse("table_traveller", args=[_token(session, table), board]))


def test_a_board_of_a_later_round_is_refused_and_its_traveller_stays_hidden(client, club):
    """Issue 24, point 3: table 1, nothing entered yet, sends a board of round 3."""
    session = seated_mitchell(club, start=True)
    later = _boards(session, 3, 1)[0]

    response = _send(client, session, 1, 3, later)

    assert response.status_code == 400
    assert "round 1" in response.json()["error"]
    assert not Result.objects.filter(board__session=session).exists()
    assert _traveller(client, session, 1, later).status_code == 403


def test_a_table_goes_round_by_round_and_may_leave_a_board_behind(client, club):
    """Issue 24, point 3: one result of a round lets the table on to the next round, not further."""
    session = seated_mitchell(club, start=True)
    first, left_behind = _boards(session, 1, 1)

    assert _send(client, session, 1, 1, first).status_code == 201
    assert _send(client, session, 1, 3, _boards(session, 3, 1)[0]).status_code == 400
    assert _send(client, session, 1, 2, _boards(session, 2, 1)[0]).status_code == 201
    assert _send(client, session, 1, 3, _boards(session, 3, 1)[0]).status_code == 201
    assert _send(client, session, 1, 1, left_behind).status_code == 201  # back to the board left behind


def test_a_round_in_which_the_table_sits_out_is_passed_over(client, club):
    """Issue 24, point 3: with EW 3 missing, table 1 has nobody to play in round 2."""
    session = seated_mitchell(club, start=True)
    session.pairs.filter(direction="EW", number=3).delete()
    movement = movement_selectors.session_movement(session)
    assert movement_selectors.encounter_keys(session.movement, movement.encounter(2, 1))[1] == ("EW", 3)

    assert _send(client, session, 1, 1, _boards(session, 1, 1)[0]).status_code == 201
    assert _send(client, session, 1, 3, _boards(session, 3, 1)[0]).status_code == 201
