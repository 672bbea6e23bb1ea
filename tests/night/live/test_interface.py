"""The live evening's interface (``tournaments.night.live``): what a write tells, what a reader asks."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night import live
from tournaments.night.models import Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.results import result_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard(monkeypatch) -> list[live.Change]:
    changes: list[live.Change] = []
    monkeypatch.setattr(live.told, "_listeners", [])
    live.listen(changes.append)
    return changes


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(club, start=True)


def _boards(session: Session, round_: int, table: int) -> list[int]:
    return sorted(movement_selectors.session_movement(session).encounter(round_, table).boards)


def _send(client, session: Session, table: int, key: str = "live-key-1") -> int:
    board = _boards(session, 1, table)[0]
    body = {"key": key, "round": 1, "board": board, "contract": "3NT", "declarer": "N", "tricks": "9"}
    token = TableAccess.objects.get(session=session, table=table).token
    url = reverse("table_submit", args=[token])
    return client.post(url, json.dumps(body), content_type="application/json").status_code


def test_a_tables_send_tells_a_result_stored_by_that_table_then_a_settle(client, night, heard):
    assert _send(client, night, 2) == 201
    assert live.Change(night.pk, live.RESULT_STORED, 2) in heard
    assert live.Change(night.pk, live.SESSION_SETTLED) in heard  # settled at once in tests


def test_a_desk_entry_tells_a_result_stored_with_no_table(night, heard):
    board = night.boards.get(number=_boards(night, 1, 1)[0])
    result_record(board=board, entry=mitchell_3nt(night, 1, 1))
    assert live.Change(night.pk, live.RESULT_STORED, None) in heard


def test_a_repeated_send_tells_nothing_more(client, night, heard):
    assert _send(client, night, 2) == 201
    told = len(heard)
    assert _send(client, night, 2) == 200
    assert len(heard) == told


def test_a_phones_state_holds_a_stamp_that_answers_204_until_a_result(client, night):
    token = TableAccess.objects.get(session=night, table=1).token
    first = live.table_state(token)
    assert first.status == 200 and first.session_id == night.pk
    stamp = json.loads(first.body)["stamp"]
    assert live.table_state(token, stamp).status == 204
    assert live.table_link(token) == live.TableLink(night.pk, 1, True)
    assert _send(client, night, 1) == 201
    assert live.table_state(token, stamp).status == 200


def test_an_unknown_token_is_refused_and_names_no_session(db):
    answer = live.table_state("x" * 32)
    assert answer.status == 404 and answer.session_id is None and "error" in json.loads(answer.body)
    assert live.table_link("x" * 32) is None


def test_the_standings_stamp_moves_with_a_result(client, night):
    before = live.standings_stamp(night.pk)
    assert live.standings_stamp(night.pk) == before
    assert _send(client, night, 1) == 201
    assert live.standings_stamp(night.pk) != before
    assert live.session_stamp(night.pk) is not None
