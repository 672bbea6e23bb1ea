"""What a table's phone is told: where the boards go, the night over, whom to call (issue 24, point 15)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.core.models import Player
from tournaments.night.models import Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(club, tables=3, boards_per_round=2, rounds=2, start=True)


def _token(session: Session, table: int) -> str:
    return TableAccess.objects.get(session=session, table=table).token


def _send(client, session: Session, table: int, round_: int, board: int, key: str):
    body = {"key": key, "round": round_, "board": board, "contract": "4S", "declarer": "N", "tricks": "10"}
    return client.post(
        reverse("table_submit", args=[_token(session, table)]),
        data=json.dumps(body),
        content_type="application/json",
    )


def _play_round(client, session: Session, table: int, round_: int) -> None:
    movement = movement_selectors.session_movement(session)
    for board in movement.encounter(round_, table).boards:
        assert (
            _send(client, session, table, round_, board, f"t{table}-r{round_}-b{board}-key").status_code
            == 201
        )


def _state(client, session: Session, table: int) -> dict:
    return client.get(reverse("table_state", args=[_token(session, table)])).json()


def test_after_a_round_the_phone_says_where_the_boards_go(client, night):
    """Issue 24, point 15: the boards' next table, as well as the pairs'."""
    _play_round(client, night, 1, 1)
    movement = movement_selectors.session_movement(night)
    boards = sorted(movement.encounter(1, 1).boards)
    (next_table,) = {e.table for e in movement.encounters_in_round(2) if set(boards) & set(e.boards)}

    moves = _state(client, night, 1)["moves"]

    assert moves["over"] is False and len(moves["lines"]) == 2
    assert moves["boards"] == f"Boards {boards[0]}-{boards[-1]}: take them to table {next_table}."


def test_after_the_last_round_the_phone_says_the_night_is_over(client, night):
    """Issue 24, point 15: not "move for the next round" after the last one."""
    _play_round(client, night, 1, 1)
    _play_round(client, night, 1, 2)

    state = _state(client, night, 1)

    assert state["round"] is None
    assert state["moves"]["round"] == 2 and state["moves"]["over"] is True
    assert state["moves"]["lines"] == []
    assert "leave them on the table for the director" in state["moves"]["boards"]


def test_a_second_phone_refused_for_a_board_already_in_is_told_to_call_the_director(client, night):
    """Issue 24, point 15: the second phone learns what is stored and whom to ask."""
    board = sorted(movement_selectors.session_movement(night).encounter(1, 2).boards)[0]
    assert _send(client, night, 2, 1, board, "first-phone-key-0001").status_code == 201

    refused = _send(client, night, 2, 1, board, "second-phone-key-002")

    answer = refused.json()
    assert refused.status_code == 400
    assert answer["call_director"] is True and answer["entered"] == "4S N ="
    assert f"Board {board} is already in from this table: 4S N =." in answer["error"]
    assert answer["error"].endswith("If that is not what was played, call the director.")


def test_a_refusal_for_another_reason_does_not_send_for_the_director(client, night):
    """Issue 24, point 15: only a board already in asks for the director."""
    body = {
        "key": "bad-entry-key-0001",
        "round": 1,
        "board": 1,
        "contract": "9S",
        "declarer": "N",
        "tricks": "10",
    }
    refused = client.post(
        reverse("table_submit", args=[_token(night, 1)]),
        data=json.dumps(body),
        content_type="application/json",
    )

    assert refused.status_code == 400 and "call_director" not in refused.json()


def test_a_french_phone_is_told_in_french_that_the_board_is_already_in(client, night):
    """Issue 45, item 10: the sentence was an f-string no catalogue could translate."""
    board = sorted(movement_selectors.session_movement(night).encounter(1, 2).boards)[0]
    assert _send(client, night, 2, 1, board, "first-phone-key-0001").status_code == 201

    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"  # the phone's browser
    error = _send(client, night, 2, 1, board, "second-phone-key-002").json()["error"]

    assert f"La donne {board} est déjà saisie à cette table : " in error
    assert "call the director" not in error


def test_a_player_shown_by_initials_is_shown_so_on_every_phone(client, night):
    """Issue 46, item 10: the phone's rounds and moves, like every other surface, print his initials.

    EW 1 moves from table to table, so the phones of every table he visits list him.
    """
    pair = night.pairs.get(direction="EW", number=1)
    Player.objects.filter(pk=pair.player1_id).update(name="Cat Cole", shown_by_initials=True)
    Player.objects.filter(pk=pair.player2_id).update(name="Dan Dale")
    _play_round(client, night, 1, 1)
    visited = set()
    for table in (1, 2, 3):
        state = _state(client, night, table)
        assert "Cat Cole" not in json.dumps(state), table
        names = [entry["ew"]["names"] for entry in state["table_rounds"] if entry["ew"]["label"] == "EW 1"]
        assert set(names) <= {"C. C. - Dan Dale"}, table
        visited.update({table} if names else set())
    assert len(visited) == night.movement_rounds == 2
    moves = _state(client, night, 1)["moves"]["lines"]
    assert "C. C. - Dan Dale" in [line["names"] for line in moves]
