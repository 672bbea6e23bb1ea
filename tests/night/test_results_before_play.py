"""No result before play starts: the desk, the API and the tables' links all refuse it (issue 28, point 7)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.models import Result, Session, SessionState
from tournaments.night.services.movement import session_start
from tournaments.night.services.results import (
    AdjustedEntry,
    AssignedEntry,
    AssignedPart,
    result_adjust,
    result_assign,
    result_correct,
    result_delete,
    result_record,
)

NOT_STARTED = "Play has not started yet: start play on the session page (4. Play) before entering results."


@pytest.fixture
def preparing(club) -> Session:
    """A 3-table Mitchell with its pairs and boards, play not started."""
    return seated_mitchell(club, tables=3)


def _ns_ew(session: Session) -> tuple:
    return session.pairs.get(direction="NS", number=1), session.pairs.get(direction="EW", number=1)


def _writes(session: Session) -> dict:
    ns, ew = _ns_ew(session)
    assigned = (AssignedPart("30%", "3NT", "N", "="), AssignedPart("70%", "3NT", "N", "-1"))
    return {
        "entered": lambda board: result_record(board=board, entry=mitchell_3nt(session, 1, 1)),
        "adjusted": lambda board: result_adjust(board=board, entry=AdjustedEntry(ns, ew, "A+", "A-")),
        "assigned": lambda board: result_assign(board=board, entry=AssignedEntry(ns, ew, assigned)),
    }


@pytest.mark.parametrize("write", ["entered", "adjusted", "assigned"])
def test_no_result_is_taken_while_the_session_is_in_preparation(preparing, write):
    board = preparing.boards.get(number=1)

    with pytest.raises(ValidationError) as refused:
        _writes(preparing)[write](board)

    assert refused.value.message_dict == {"session": [NOT_STARTED]}
    assert not Result.objects.exists()
    preparing.refresh_from_db()
    assert preparing.state == SessionState.PREPARATION  # refused, not started behind the director's back


def test_once_play_has_started_the_same_result_is_taken(preparing):
    session = session_start(session=preparing)

    result = result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1))

    assert result.ns_score == 400


def test_a_result_left_from_before_play_cannot_be_corrected_but_can_be_deleted(preparing, director):
    """A session in preparation holding a result (entered before results were refused there)."""
    session = session_start(session=preparing)
    result = result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1))
    Session.objects.filter(pk=session.pk).update(state=SessionState.PREPARATION)

    with pytest.raises(ValidationError, match="Play has not started yet"):
        result_correct(result=result, entry=mitchell_3nt(session, 1, 1, tricks="10"))
    result_delete(result=result, user=director)

    assert not Result.objects.exists()


def test_the_desk_refuses_a_result_before_play_with_the_same_message(director_client, preparing):
    ns, ew = _ns_ew(preparing)
    data = {"ns_pair": ns.pk, "ew_pair": ew.pk, "contract": "3NT", "declarer": "N", "result": "=", "lead": ""}

    response = director_client.post(reverse("director:board", args=[preparing.pk, 1]), data)

    assert response.status_code == 400
    assert NOT_STARTED in response.content.decode()
    assert reverse("director:state_confirm", args=[preparing.pk, "start"]) in response.content.decode()
    assert not Result.objects.exists()


def test_the_desks_round_and_table_page_refuses_it_too(director_client, preparing):
    url = reverse("director:table_round", args=[preparing.pk, 1, 1])
    data = {"board": 1, "contract": "3NT", "declarer": "N", "result": "=", "lead": ""}

    response = director_client.post(url, data)

    assert response.status_code == 400
    assert NOT_STARTED in response.content.decode()
    assert not Result.objects.exists()
