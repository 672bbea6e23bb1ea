"""Results entered by the tables: the links' scope, the idempotency keys, the table's page data,
and the director's grid, through the test client as the phones and the director use them."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.bridge.scoring import ns_score
from tournaments.night.models import (
    DirectorCall,
    Movement,
    Result,
    ResultChange,
    Session,
    TableAccess,
    TableSubmission,
)
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.table_entry import score_table_json
from tournaments.night.services import table_entry
from tournaments.night.services.movement import session_finish
from tournaments.night.services.scoring.settle import scores_settle

pytestmark = pytest.mark.django_db


def _mitchell(club, name: str = "Monday", tables: int = 3, start: bool = True) -> Session:
    return seated_mitchell(club, name=name, tables=tables, start=start)


@pytest.fixture
def session(club) -> Session:
    return _mitchell(club)


def _token(session: Session, table: int) -> str:
    return TableAccess.objects.get(session=session, table=table).token


def _boards(session: Session, round_: int, table: int) -> tuple[int, ...]:
    movement = movement_selectors.session_movement(session)
    return tuple(sorted(movement.encounter(round_, table).boards))


def _send(client, token: str, **fields):
    body = {"key": fields.pop("key", "k" * 8 + str(fields.get("board"))), "contract": "4S", "declarer": "N"}
    body |= {"tricks": "10", "lead": ""} | fields
    return client.post(
        reverse("table_submit", args=[token]), data=json.dumps(body), content_type="application/json"
    )


def _state(client, token: str) -> dict:
    response = client.get(reverse("table_state", args=[token]))
    assert response.status_code == 200
    return response.json()


# --- What a table's link grants ------------------------------------------------------------------


def test_a_table_enters_its_own_board_and_it_is_an_ordinary_audited_result(client, director_client, session):
    board = _boards(session, 1, 2)[0]
    response = _send(client, _token(session, 2), round=1, board=board, key="first-entry-1")
    assert response.status_code == 201, response.content
    result = Result.objects.get(board__session=session, board__number=board)
    assert (result.ns_pair.label, result.ew_pair.label) == ("2 NS", "2 EW")
    assert result.ns_score == ns_score("4S", "N", 10, result.board.vulnerability)
    assert response.json()["ns_score"] == result.ns_score
    change = ResultChange.objects.get(session=session, board_number=board)
    assert change.table == 2 and change.user is None
    audit = director_client.get(reverse("director:audit", args=[session.pk])).content.decode()
    assert "entered at table 2" in audit


def test_a_table_link_cannot_enter_a_board_of_another_table(client, session):
    others = _boards(session, 1, 3)
    response = _send(client, _token(session, 1), round=1, board=others[0])
    assert response.status_code == 400
    assert f"Board {others[0]} is not played at table 1 in round 1" in response.json()["error"]
    assert not Result.objects.filter(board__session=session).exists()


def test_a_table_link_cannot_enter_into_another_session(client, club, session):
    other = _mitchell(club, name="Tuesday")
    board = _boards(other, 1, 1)[0]
    response = _send(client, _token(session, 1), round=1, board=board, key="session-a-key")
    assert response.status_code == 201
    assert Result.objects.filter(board__session=session).count() == 1
    assert not Result.objects.filter(board__session=other).exists()


@pytest.mark.parametrize("token", ["nonsense", "x" * 32, "\u0669" * 24, "a" * 200])
def test_an_unknown_link_grants_nothing(client, session, token):
    assert client.get(reverse("table_entry", args=[token])).status_code == 404
    assert client.get(reverse("table_state", args=[token])).status_code == 404
    response = _send(client, token, round=1, board=1)
    assert response.status_code == 404
    assert "not valid" in response.json()["error"]
    assert not Result.objects.exists()


def test_a_link_stops_working_when_the_session_is_finished(client, session):
    token = _token(session, 1)
    session_finish(session=session)
    page = client.get(reverse("table_entry", args=[token]))
    assert page.status_code == 410
    assert "has finished" in page.content.decode()
    response = _send(client, token, round=1, board=_boards(session, 1, 1)[0])
    assert response.status_code == 410
    assert not Result.objects.filter(board__session=session).exists()


def test_nothing_is_entered_before_play_starts(client, club):
    session = _mitchell(club, name="Later", start=False)
    response = _send(client, _token(session, 1), round=1, board=_boards(session, 1, 1)[0])
    assert response.status_code == 400
    assert "Play has not started" in response.json()["error"]
    assert "Play has not started" in _state(client, _token(session, 1))["message"]


# --- Sending again after a lost network -------------------------------------------------------------


def test_an_entry_sent_twice_is_stored_once_and_answered_the_same(client, session):
    token, board = _token(session, 1), _boards(session, 1, 1)[0]
    first = _send(client, token, round=1, board=board, key="retry-key-1")
    again = _send(client, token, round=1, board=board, key="retry-key-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["repeated"] is True
    assert again.json()["ns_score"] == first.json()["ns_score"]
    assert Result.objects.filter(board__session=session).count() == 1
    assert ResultChange.objects.filter(session=session).count() == 1


def test_the_same_board_sent_again_under_a_new_key_is_refused_with_the_reason(client, session):
    token, board = _token(session, 1), _boards(session, 1, 1)[0]
    _send(client, token, round=1, board=board, key="one-key-111")
    response = _send(client, token, round=1, board=board, key="two-key-222", contract="3NT")
    assert response.status_code == 400
    assert "already has a result" in response.json()["error"]
    assert Result.objects.get(board__session=session).contract == "4S"


def _first_look_misses(monkeypatch, *, key: bool, result: bool) -> list[str]:
    """Stage a race: the send's first look does not see an earlier send's key and/or result
    (committed meanwhile, as when PostgreSQL runs two sends side by side)."""
    real_state, real_seated, looks = table_entry.session_state_share_locked, table_entry._seated_pairs, []

    def state(*args):
        state, board_id, earlier_id = real_state(*args)
        if key and "key" not in looks:
            looks.append("key")
            earlier_id = None
        return state, board_id, earlier_id

    def seated(*args):
        ns_pair, ew_pair, clash = real_seated(*args)
        if clash and result and "result" not in looks:
            looks.append("result")
            clash = False
        return ns_pair, ew_pair, clash

    monkeypatch.setattr(table_entry, "session_state_share_locked", state)
    monkeypatch.setattr(table_entry, "_seated_pairs", seated)
    return looks


@pytest.mark.parametrize("misses_result", [False, True], ids=["sees-the-result", "misses-the-result"])
def test_a_send_that_races_its_own_repeat_is_answered_as_the_repeat(
    client, session, monkeypatch, misses_result
):
    """A resend can miss the first send's key at its first look; it then sees the first send's
    result, or (missing that too) meets it in the database's unique constraint."""
    token, board = _token(session, 1), _boards(session, 1, 1)[0]
    first = _send(client, token, round=1, board=board, key="race-key-11")
    looks = _first_look_misses(monkeypatch, key=True, result=misses_result)
    again = _send(client, token, round=1, board=board, key="race-key-11")
    assert looks == (["key", "result"] if misses_result else ["key"]), "the race was not staged"
    assert again.status_code == 200 and again.json()["repeated"] is True
    assert again.json()["ns_score"] == first.json()["ns_score"]
    assert Result.objects.filter(board__session=session).count() == 1
    assert ResultChange.objects.filter(session=session).count() == 1


def test_a_board_entered_twice_at_once_is_refused_with_the_reason_not_a_500(client, session, monkeypatch):
    """Two phones at one table send the same board under different keys at the same moment:
    the second's first look misses the first's result; the unique constraint catches it."""
    token, board = _token(session, 1), _boards(session, 1, 1)[0]
    _send(client, token, round=1, board=board, key="phone-one-1")
    looks = _first_look_misses(monkeypatch, key=False, result=True)
    response = _send(client, token, round=1, board=board, key="phone-two-2", contract="3NT")
    assert looks == ["result"], "the race was not staged"
    assert response.status_code == 400
    assert "already has a result" in response.json()["error"]
    assert Result.objects.get(board__session=session).contract == "4S"
    assert not TableSubmission.objects.filter(key="phone-two-2").exists()


def test_a_key_reused_for_another_board_is_refused(client, session):
    token = _token(session, 1)
    first, second = _boards(session, 1, 1)
    _send(client, token, round=1, board=first, key="same-key-xyz")
    response = _send(client, token, round=1, board=second, key="same-key-xyz")
    assert response.status_code == 409  # a conflict (issue 24, point 7)
    assert "used for another board" in response.json()["error"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tricks": "14"}, "tricks"),
        ({"contract": "8S"}, "not a contract"),
        ({"declarer": "Q"}, "declarer"),
        ({"lead": "ZZ"}, "bad lead"),
        ({"contract": "4S\x00"}, "not valid"),
        ({"key": "short"}, "no valid key"),
        ({"round": 9}, "Round 9 is not in the movement"),
        ({"round": "\u0661"}, "round is not a number"),
    ],
)
def test_a_wrong_entry_is_refused_with_the_reason_and_nothing_is_stored(client, session, fields, message):
    response = _send(
        client, _token(session, 1), **({"round": 1, "board": _boards(session, 1, 1)[0]} | fields)
    )
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not Result.objects.exists()


@pytest.mark.parametrize("body", [b"not json", b"[1, 2]", b"{" + b" " * 5000 + b"}", b"\xff\xfe"])
def test_a_body_that_is_not_an_entry_is_refused(client, session, body):
    response = client.post(
        reverse("table_submit", args=[_token(session, 1)]), data=body, content_type="application/json"
    )
    assert response.status_code == 400
    assert "error" in response.json()


def test_a_passed_out_board_is_entered_with_no_declarer(client, session):
    board = _boards(session, 1, 1)[0]
    response = _send(
        client, _token(session, 1), round=1, board=board, contract="PASS", declarer="", tricks=""
    )
    assert response.status_code == 201
    assert Result.objects.get().display == "Pass"


# --- What the table's page shows ----------------------------------------------------------------------


def test_the_page_knows_the_round_and_moves_on_when_its_boards_are_in(client, session):
    token = _token(session, 1)
    state = _state(client, token)
    assert state["round"]["number"] == 1
    assert (state["round"]["ns"]["label"], state["round"]["ew"]["label"]) == ("NS 1", "EW 1")
    assert state["round"]["ns"]["names"] == "North 1 - South 1"
    assert [board["number"] for board in state["round"]["boards"]] == list(_boards(session, 1, 1))
    assert state["moves"] is None
    for number in _boards(session, 1, 1):
        _send(client, token, round=1, board=number, key=f"round-one-{number}")
    state = _state(client, token)
    assert state["round"]["number"] == 2
    movement = movement_selectors.session_movement(session)
    ew_next = movement.position(("EW", 1), 2)
    lines = {line["pair"]: line["to"] for line in state["moves"]["lines"]}
    assert lines["NS 1"].startswith("table 1, North-South, round 2")
    assert lines["EW 1"].startswith(f"table {ew_next.table}, East-West, round 2")
    assert [field["title"] for field in state["standings"]]


def test_a_table_that_left_a_board_behind_goes_on_to_the_next_round_and_back(client, session):
    token = _token(session, 1)
    first, second = _boards(session, 1, 1)
    _send(client, token, round=1, board=first, key="left-behind-1")
    next_board = _boards(session, 2, 1)[0]
    assert _send(client, token, round=2, board=next_board, key="next-round-1").status_code == 201
    state = _state(client, token)
    assert state["round"]["number"] == 1  # still missing a board there
    assert [entry["number"] for entry in state["table_rounds"]] == [1, 2, 3]
    assert state["table_rounds"][1]["boards"][0]["entered"] is not None
    assert _send(client, token, round=1, board=second, key="came-back-1").status_code == 201
    assert _state(client, token)["round"]["number"] == 2


def test_the_link_of_a_table_the_movement_no_longer_has_grants_nothing(client, club):
    from tournaments.night.services.movement import session_movement_set
    from tournaments.night.services.sessions import pair_remove

    session = _mitchell(club, name="Shrinking", tables=4, start=False)
    token = _token(session, 4)
    for pair in session.pairs.filter(number=4):  # a movement cannot shrink under seated pairs
        pair_remove(pair=pair)
    session_movement_set(session=session, kind=Movement.MITCHELL, tables=3, boards_per_round=2, rounds=3)
    assert client.get(reverse("table_entry", args=[token])).status_code == 404
    assert _send(client, token, round=1, board=1).status_code == 404


def test_the_standings_stay_off_the_tables_when_the_club_says_so(client, session):
    session.club.table_standings = False
    session.club.save()
    token = _token(session, 1)
    for number in _boards(session, 1, 1):
        _send(client, token, round=1, board=number, key=f"round-one-{number}")
    assert _state(client, token)["standings"] is None


def test_a_table_sees_a_board_only_once_it_has_played_it(client, session):
    table1, table2 = _token(session, 1), _token(session, 2)
    board = _boards(session, 1, 2)[0]
    assert client.get(reverse("table_traveller", args=[table2, board])).status_code == 403
    _send(client, table2, round=1, board=board, key="played-it-1")
    traveller = client.get(reverse("table_traveller", args=[table2, board])).json()
    assert traveller["results"] == 1 and traveller["rows"][0]["mine"] is True
    assert traveller["ns_percentage"] == 50.0
    # Table 1 plays this board later in the movement: it must not see it now.
    response = client.get(reverse("table_traveller", args=[table1, board]))
    assert response.status_code == 403
    assert "has not been played at this table" in response.json()["error"]


def test_a_table_sees_its_percentage_before_the_session_is_rescored(client, session, monkeypatch):
    """The rescoring waits for the tables' sends to pause; the traveller works the board out
    meanwhile, without writing, as the rescoring will store it."""
    board = _boards(session, 1, 2)[0]
    _send(client, _token(session, 2), round=1, board=board, key="first-of-two")  # scored at once
    movement = movement_selectors.session_movement(session)
    later = next(e for e in movement_selectors.board_encounters(movement, board) if e.round > 1)
    token = _token(session, later.table)
    for round_ in range(1, later.round):  # the later table plays its rounds before this one
        earlier = _boards(session, round_, later.table)[0]
        _send(client, token, round=round_, board=earlier, key=f"round-{round_}-first")
    monkeypatch.setattr(table_entry, "settle_soon", lambda session_id: None)  # the pause has not come
    sent = _send(
        client, token, round=later.round, board=board, key="second-of-two", contract="3NT", tricks="7"
    )
    assert sent.status_code == 201
    traveller = client.get(reverse("table_traveller", args=[token, board])).json()
    stored = Result.objects.filter(board__session=session, board__number=board)
    assert sorted(stored.values_list("ns_percentage", flat=True), key=str) == [50.0, None]  # nothing written
    assert (traveller["results"], traveller["ns_percentage"], traveller["ew_percentage"]) == (2, 0.0, 100.0)
    scores_settle(session)
    mine = stored.get(contract="3NT")
    assert (mine.ns_percentage, mine.ew_percentage) == (
        traveller["ns_percentage"],
        traveller["ew_percentage"],
    )
    rows = {row["result"]: row["ns_percentage"] for row in traveller["rows"]}
    assert rows == {result.traveller_display: result.ns_percentage for result in stored}


def test_the_table_page_is_served_with_its_links_and_script(client, session):
    response = client.get(reverse("table_entry", args=[_token(session, 3)]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Table 3" in page and "table-entry.js" in page
    assert reverse("table_submit", args=[_token(session, 3)]) in page
    assert "csrftoken" in response.cookies
    assert 'data-refresh-ms="15000"' in page  # the evening's rate (docs/scaling.md)


def test_a_site_that_sets_another_refresh_gets_it_on_the_phones_and_the_grid(
    client, director_client, session, settings
):
    settings.CLUBSCORE_TABLE_REFRESH_SECONDS = 30
    settings.CLUBSCORE_TABLE_GRID_POLL_SECONDS = 2.5
    phone = client.get(reverse("table_entry", args=[_token(session, 3)])).content.decode()
    grid = director_client.get(reverse("director:tables", args=[session.pk])).content.decode()
    assert 'data-refresh-ms="30000"' in phone
    assert 'data-target="table-grid" data-every="2500"' in grid


def test_the_score_table_scores_as_the_rules_do():
    table = score_table_json()
    for vulnerable, vulnerability in ((0, "None"), (1, "Both")):
        for level, strain, doubling, tricks in [
            (4, "S", "", 10),
            (3, "NT", "X", 6),
            (7, "C", "XX", 13),
            (1, "H", "", 0),
        ]:
            expected = ns_score(f"{level}{strain}{doubling}", "N", tricks, vulnerability)
            strain_index, doubling_index = table["strains"].index(strain), table["doublings"].index(doubling)
            assert table["scores"][vulnerable][level - 1][strain_index][doubling_index][tricks] == expected


# --- The director's side ---------------------------------------------------------------------------


def test_the_director_calls_show_on_the_grid_until_answered(client, director_client, session):
    token = _token(session, 2)
    for _ in range(2):
        response = client.post(
            reverse("table_call", args=[token]),
            data=json.dumps({"round": 1}),
            content_type="application/json",
        )
        assert response.status_code == 200
    assert DirectorCall.objects.filter(session=session).count() == 1
    grid = director_client.get(reverse("director:tables_grid", args=[session.pk])).content.decode()
    assert "Table 2 called the director in round 1" in grid
    call = DirectorCall.objects.get()
    director_client.post(reverse("director:call_answer", args=[session.pk, call.pk]))
    grid = director_client.get(reverse("director:tables_grid", args=[session.pk])).content.decode()
    assert "called the director" not in grid
    assert _state(client, token)["called"] is False


def test_the_grid_shows_results_in_and_late_tables_and_answers_204_when_unchanged(
    client, director_client, session
):
    for table in (1, 2):
        for number in _boards(session, 1, table):
            _send(client, _token(session, table), round=1, board=number, key=f"t{table}-board-{number}")
    response = director_client.get(reverse("director:tables_grid", args=[session.pk]))
    page = response.content.decode()
    assert '<tr class="grid-late" data-table="3">' in page
    assert page.count("2/2") == 2
    stamp = page.split('data-stamp="')[1].split('"')[0]
    again = director_client.get(reverse("director:tables_grid", args=[session.pk]), {"since": stamp})
    assert again.status_code == 204


def test_the_tables_page_gives_each_table_a_link_and_a_qr_code(director_client, session):
    page = director_client.get(reverse("director:tables", args=[session.pk])).content.decode()
    for table in (1, 2, 3):
        assert reverse("table_entry", args=[_token(session, table)]) in page
    assert page.count("<svg") == 3
    cards = director_client.get(reverse("director:table_cards", args=[session.pk])).content.decode()
    assert cards.count("<svg") == 3


def test_a_director_of_another_club_sees_no_tables(client, django_user_model, session):
    from tournaments.core.models import Club

    other = django_user_model.objects.create_user(username="other", password="other-director-pw")
    Club.objects.create(name="Elsewhere", slug="elsewhere").directors.add(other)
    client.force_login(other)
    assert client.get(reverse("director:tables", args=[session.pk])).status_code == 403
    assert client.get(reverse("director:tables_grid", args=[session.pk])).status_code == 403
    assert not TableAccess.objects.filter(session=session, table__gt=3).exists()


def test_the_pages_that_print_the_links_make_them_once_through_the_write_protocol(
    director_client, session, monkeypatch
):
    from django.db.models import QuerySet

    from tournaments.core.services.write_gate import write_gate_held

    TableAccess.objects.filter(session=session).delete()
    inserts_held: list[bool] = []
    bulk_create = QuerySet.bulk_create

    def watched(self, objs, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if self.model is TableAccess:
            inserts_held.append(write_gate_held())
        return bulk_create(self, objs, *args, **kwargs)

    monkeypatch.setattr(QuerySet, "bulk_create", watched)
    for name in ("director:tables", "director:table_cards", "director:tables"):
        assert director_client.get(reverse(name, args=[session.pk])).status_code == 200
    assert inserts_held == [True], "the links are written once, inside the write gate"
    assert TableAccess.objects.filter(session=session).count() == 3
