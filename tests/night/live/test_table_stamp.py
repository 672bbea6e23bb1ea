"""A table's own stamp (issue 33): its phone's refresh stays a 204 while another table's result
changes nothing it shows, and changes with everything it does show, with each cache.

Table 1 of a three-table Mitchell is in the middle of round 1 (one of its two boards in):
its page shows its rounds, its pairs and their results, not the standings.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.core.models import Player
from tournaments.night.models import Result, Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.movement import session_finish
from tournaments.night.services.results import result_record
from tournaments.night.services.table_entry import director_call, director_call_answer

pytestmark = pytest.mark.django_db

HEADER = "X-Table-Stamp"


def _boards(session: Session, round_: int, table: int) -> list[int]:
    return sorted(movement_selectors.session_movement(session).encounter(round_, table).boards)


def _play(session: Session, table: int, board_index: int, round_: int = 1, tricks: str = "9") -> None:
    """Table ``table``'s result of one board of ``round_``, entered at the desk."""
    encounter = movement_selectors.session_movement(session).encounter(round_, table)
    ns, ew = movement_selectors.encounter_keys(session.movement, encounter)
    number = sorted(encounter.boards)[board_index]
    entry = mitchell_3nt(session, ns[1], ew[1], tricks=tricks)
    result_record(board=session.boards.get(number=number), entry=entry)


@pytest.fixture
def night(club) -> Session:
    session = seated_mitchell(club, start=True)
    _play(session, 1, 0)
    return session


def _refresh(client, session: Session, since: str = "", table: int = 1):
    url = reverse("table_state", args=[TableAccess.objects.get(session=session, table=table).token])
    return client.get(url, {"since": since} if since else {})


def _state(client, session: Session, since: str = "") -> dict:
    response = _refresh(client, session, since)
    assert response.status_code == 200
    return response.json()


def _shown(state: dict) -> dict:
    return {name: value for name, value in state.items() if name != "stamp"}


def test_another_tables_result_leaves_a_table_in_mid_round_a_204(client, night, cache_mode):
    first = _state(client, night)
    assert first["standings"] is None and first["round"]["number"] == 1
    _play(night, 2, 0)

    unchanged = _refresh(client, night, first["stamp"])
    assert unchanged.status_code == 204
    held = unchanged[HEADER]  # the stamp to hold now: the session's moved
    assert held != first["stamp"]
    assert _refresh(client, night, held).status_code == 204
    assert _shown(_state(client, night)) == _shown(first)  # what a new phone reads: the same
    assert _refresh(client, night, first["stamp"]).status_code == 204  # a phone that missed the header


def test_a_tables_own_result_changes_its_refresh(client, night, cache_mode):
    first = _state(client, night)
    _play(night, 2, 0)
    held = _refresh(client, night, first["stamp"])[HEADER]
    _play(night, 1, 1)
    for since in (first["stamp"], held):
        moved = _state(client, night, since)
        assert all(board["entered"] is not None for board in moved["table_rounds"][0]["boards"])
        assert _refresh(client, night, moved["stamp"]).status_code == 204


def test_a_table_between_rounds_that_shows_the_standings_sees_another_tables_result(
    client, night, cache_mode
):
    _play(night, 1, 1)  # table 1 has finished round 1: its page shows the standings so far
    first = _state(client, night)
    assert first["standings"]
    _play(night, 2, 0)
    moved = _state(client, night, first["stamp"])
    assert moved["standings"] != first["standings"] and moved["stamp"] != first["stamp"]
    assert _refresh(client, night, moved["stamp"]).status_code == 204


def _renamed(session: Session, admin) -> str:
    player = Player.objects.get(name="East 2")  # EW 2 comes to table 1 in a later round
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    form = {"name": "Edna Renamed", "federation_number": "", "_save": "Save"}
    assert admin.post(url, form).status_code == 302
    return "Edna Renamed"


def _called(session: Session, admin) -> str:
    director_call(access=TableAccess.objects.get(session=session, table=1), round_=1)
    return '"called": true'


CHANGES = {"a player's new name": _renamed, "a call for the director at the table": _called}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_table_in_mid_round_sees_what_it_shows_change(client, admin_client, night, cache_mode, change):
    first = _state(client, night)
    _play(night, 2, 0)
    held = _refresh(client, night, first["stamp"])[HEADER]
    shown = CHANGES[change](night, admin_client)
    moved = _state(client, night, held)
    assert shown in json.dumps(moved) and moved["stamp"] != held


def test_a_call_answered_reaches_the_phone_that_called(client, night, cache_mode):
    """The director answers: the phone no longer shows its call open (the cache's stamp was
    kept, and answered 204, until the session's next write)."""
    call = director_call(access=TableAccess.objects.get(session=night, table=1), round_=1)
    called = _state(client, night)
    assert called["called"] is True
    assert _refresh(client, night, called["stamp"]).status_code == 204  # the stamp kept
    assert director_call_answer(session=night, call_id=call.pk) == 1
    assert _state(client, night, called["stamp"])["called"] is False


def test_a_call_at_another_table_leaves_the_refresh_a_204(client, night, cache_mode):
    first = _state(client, night)
    director_call(access=TableAccess.objects.get(session=night, table=2), round_=1)
    assert _refresh(client, night, first["stamp"]).status_code == 204


def test_the_sessions_end_reaches_a_table_in_mid_round(client, night, cache_mode):
    first = _state(client, night)
    session_finish(session=night)
    assert _refresh(client, night, first["stamp"]).status_code == 410


# Queries of a refresh after another table's result: the table's own stamp (one statement), and
# without a shared cache the table's link too.
CHECKS = {"own": 2, "shared": 1, "redis": 1}


def _refresh_after_another_tables_result(client, night) -> CaptureQueriesContext:
    """Table 1's refresh (a 204) once table 2's result moved the session's stamp; its queries."""
    first = _state(client, night)
    _play(night, 2, 0)
    _refresh(client, night, "")  # another phone's read keeps the session's new stamp
    url = reverse("table_state", args=[TableAccess.objects.get(session=night, table=1).token])
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, {"since": first["stamp"]}).status_code == 204
    return queries


def test_deciding_that_another_tables_result_changed_nothing_costs_one_statement(client, night, cache_mode):
    queries = _refresh_after_another_tables_result(client, night)
    assert len(queries) == CHECKS[cache_mode], [q["sql"][:300] for q in queries]


def test_with_the_sessions_stamp_in_the_shared_cache_the_check_reads_only_the_tables_own_part(
    client, night, cache_mode
):
    """The session's stamp another reader kept comes with its structure's tag: the check then
    reads neither the session's players nor its boards, only the table's calls and results."""
    queries = _refresh_after_another_tables_result(client, night)
    statement = queries[-1]["sql"]
    alone = cache_mode != "own"  # a process's own cache keeps no session stamp
    assert ("tournaments_player" not in statement) == alone, statement[:300]
    assert '"table"' in statement


def test_a_board_rescored_by_another_tables_result_on_it_leaves_the_refresh_a_204(client, night, cache_mode):
    """Table 1's board of round 1 played again at another table: its matchpoints move, what the
    table's page shows of it (contract, score) does not."""
    movement = movement_selectors.session_movement(night)
    _play(night, 1, 1)
    _play(night, 1, 0, round_=2)  # table 1 in mid round 2
    first = _state(client, night)
    assert first["standings"] is None and first["round"]["number"] == 2
    number = _boards(night, 1, 1)[0]
    later = next(e for e in movement_selectors.board_encounters(movement, number) if e.table != 1)
    tables_own = Result.objects.get(board__session=night, board__number=number)
    _play(night, later.table, sorted(later.boards).index(number), round_=later.round, tricks="8")
    tables_own_after = Result.objects.get(pk=tables_own.pk)
    assert tables_own_after.ns_matchpoints != tables_own.ns_matchpoints  # rescored
    assert _refresh(client, night, first["stamp"]).status_code == 204


@pytest.mark.parametrize(
    "since",
    ["{session}.1.0123456789abcdef01234567", "{session}.1.zz.n{{}}", "{session}.1.ab.nab cd", "garbage"],
    ids=["a stamp from before the tables' own", "not hex", "a space", "garbage"],
)
def test_a_stamp_of_another_kind_gets_the_state(client, night, cache_mode, since):
    """A phone still holding a stamp of the session alone (the page before this change), or
    anything else, gets the table's state and its stamp, and holds that one from then on."""
    state = _state(client, night, since.format(session=night.pk))
    assert state["round"]["number"] == 1
    assert _refresh(client, night, state["stamp"]).status_code == 204
