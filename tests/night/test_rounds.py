"""Barometers and Swiss pairs through the services and pages: publication round by round, the draw.

The rules behind them (seating, VPs, publication order) are tested in tests/bridge/test_rounds.py;
here what a director and the public rely on: a round in play shows nothing, a round's results
and the standings after it appear once its last table has played (and not before an earlier
round is complete), the Swiss draw follows the VPs, and a bad draw is refused by name.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.conftest import rounds_night
from tournaments.night.models import Board, Movement, Result, ScoringMethod, Session, SessionChange
from tournaments.night.selectors.movements import session_movement
from tournaments.night.selectors.publication import public_board_numbers
from tournaments.night.selectors.rounds import rounds_progress
from tournaments.night.services.movement import (
    session_create_with_movement,
    session_finish,
)
from tournaments.night.services.results import ResultEntry, result_delete, result_record
from tournaments.night.services.rounds import swiss_round_draw
from tournaments.night.services.scoring.settle import scores_settle
from tournaments.night.services.sessions import pair_add, pair_remove

pytestmark = pytest.mark.django_db


def _session(
    club, kind: str, pairs: int, *, rounds: int, scoring: str = ScoringMethod.MATCHPOINTS
) -> Session:
    return rounds_night(club, kind, pairs, rounds=rounds, scoring=scoring)


def _play_table(session: Session, round_: int, table: int, tricks: tuple[str, ...] = ("9", "9")) -> None:
    """Enter 3NT by North at ``table`` on each board of ``round_`` (tricks by board)."""
    movement = session_movement(session)
    assert movement is not None
    encounter = movement.encounter(round_, table)
    pairs = {pair.number: pair for pair in session.pairs.all()}
    for board_number, taken in zip(encounter.boards, tricks, strict=True):
        board = Board.objects.get(session=session, number=board_number)
        entry = ResultEntry(pairs[encounter.ns], pairs[encounter.ew], "3NT", "N", taken)
        result_record(board=board, entry=entry)


def _play_round(session: Session, round_: int, *, skip: int | None = None) -> None:
    movement = session_movement(session)
    assert movement is not None
    pairs = set(session.pairs.values_list("number", flat=True))
    for encounter in movement.encounters_in_round(round_):
        if encounter.table != skip and {encounter.ns, encounter.ew} <= pairs:
            tricks = ("10", "8") if encounter.table == 1 else ("9", "9")
            _play_table(session, round_, encounter.table, tricks)


def _public(client, session: Session) -> str:
    return client.get(reverse("session", args=[session.pk])).content.decode()


# --- Barometer ---------------------------------------------------------------------------------


def test_a_barometer_plays_the_rounds_boards_at_every_table_and_meets_each_pair_once(club):
    session = _session(club, Movement.BAROMETER, 8, rounds=7)
    movement = session_movement(session)
    assert movement is not None and movement.board_sets == 7
    for round_ in range(1, 8):
        assert {encounter.boards for encounter in movement.encounters_in_round(round_)} == {
            (2 * round_ - 1, 2 * round_)
        }
    met = [frozenset(encounter.pairs) for encounter in movement.encounters]
    assert len(met) == len(set(met)) == 28  # 8 pairs, each pair met once
    assert session.boards.count() == 14


def test_a_barometer_publishes_nothing_of_a_round_in_play(client, club):
    session = _session(club, Movement.BAROMETER, 8, rounds=3)
    _play_round(session, 1, skip=4)
    assert public_board_numbers(session) == frozenset()
    page = _public(client, session)
    assert "No round is complete yet" in page
    assert "Round 1 (boards 1-2)" not in page
    _play_table(session, 1, 4)
    page = _public(client, session)
    assert "Standings after round 1" in page and "Round 1 (boards 1-2)" in page
    assert public_board_numbers(session) == frozenset({1, 2})


def test_a_round_complete_before_an_earlier_one_waits_for_the_late_results(client, club):
    session = _session(club, Movement.BAROMETER, 8, rounds=3)
    _play_round(session, 1, skip=2)
    _play_round(session, 2)
    progress = rounds_progress(session, public=True)
    assert progress is not None and progress.published == 0 and progress.standings_after == 0
    assert public_board_numbers(session) == frozenset()
    _play_table(session, 1, 2)  # round 1's last table, entered late
    progress = rounds_progress(session, public=True)
    assert progress is not None and progress.published == 2
    assert public_board_numbers(session) == frozenset({1, 2, 3, 4})
    page = _public(client, session)
    assert "Standings after round 2" in page and "Round 2 (boards 3-4)" in page


def test_a_barometers_standings_after_the_last_round_are_the_sessions(club):
    session = _session(club, Movement.BAROMETER, 6, rounds=5)
    for round_ in range(1, 6):
        _play_round(session, round_)
    progress = rounds_progress(session, public=True)
    assert progress is not None and progress.published == 5
    stored = {standing.pair_id: standing.percentage for standing in session.standings.all()}
    assert {row.pair.pk: round(row.figure, 6) for row in progress.standings} == {
        pair: round(percentage, 6) for pair, percentage in stored.items()
    }


def test_an_odd_barometer_sits_one_pair_out_each_round(club):
    session = _session(club, Movement.BAROMETER, 7, rounds=7)
    _play_round(session, 1)
    progress = rounds_progress(session, public=False)
    assert progress is not None and progress.complete == 1
    sitting_out = [table for table in progress.rounds[0].tables if table.ns is None or table.ew is None]
    assert len(sitting_out) == 1 and sitting_out[0].complete


# --- Swiss pairs -------------------------------------------------------------------------------


def test_the_swiss_draws_round_one_by_seeding_and_round_two_by_vps(club):
    session = _session(club, Movement.SWISS, 8, rounds=3)
    session = swiss_round_draw(session=session, round_number=1)
    session.refresh_from_db()
    assert session.swiss_draw == [[[1, 2], [3, 4], [5, 6], [7, 8]]]
    _play_round(session, 1)  # table 1: NS +1 on board 1, -1 on board 2; others 3NT= on both
    progress = rounds_progress(session, public=True)
    assert progress is not None and progress.published == 1
    first = progress.rounds[0].tables[0]
    # Board 1: 430 beats three 400s (6 of 6 MPs, 100%); board 2: -50 loses to three 400s (0%).
    assert first.ns_figure == pytest.approx(50.0)
    assert (first.ns_vp, first.ew_vp) == (10.0, 10.0)
    session = swiss_round_draw(session=session, round_number=2)
    session.refresh_from_db()
    second = session.swiss_draw[1]
    met = {frozenset(pair) for pair in session.swiss_draw[0]}
    assert all(frozenset(table) not in met for table in second)  # no rematch
    assert len(second) == 4
    assert SessionChange.objects.filter(session=session, action="draw").count() == 2


def test_a_swiss_draw_is_refused_twice_before_the_round_is_complete_and_beyond_the_last(club):
    session = _session(club, Movement.SWISS, 4, rounds=2)
    session = swiss_round_draw(session=session, round_number=1)
    with pytest.raises(ValidationError, match="Round 1 is already drawn"):
        swiss_round_draw(session=session, round_number=1)
    with pytest.raises(ValidationError, match="Round 1 is not complete: table\\(s\\) 2"):
        _play_table(session, 1, 1)
        swiss_round_draw(session=session, round_number=2)
    with pytest.raises(ValidationError, match="Round 2 is the next to draw, not 3"):
        swiss_round_draw(session=session, round_number=3)
    _play_table(session, 1, 2)
    session = swiss_round_draw(session=session, round_number=2)
    _play_round(session, 2)
    with pytest.raises(ValidationError, match="plays 2 rounds"):
        swiss_round_draw(session=session, round_number=3)
    session.refresh_from_db()
    assert len(session.swiss_draw) == 2


def test_a_result_for_a_swiss_round_not_yet_drawn_is_refused(club):
    session = _session(club, Movement.SWISS, 4, rounds=2)
    session = swiss_round_draw(session=session, round_number=1)
    pairs = {pair.number: pair for pair in session.pairs.all()}
    board = Board.objects.get(session=session, number=3)  # round 2's board
    with pytest.raises(ValidationError):
        result_record(board=board, entry=ResultEntry(pairs[1], pairs[3], "3NT", "N", "9"))
    assert not board.results.exists()


def test_a_swiss_with_an_odd_field_gives_the_lowest_pair_a_bye_worth_12_vps(club):
    session = _session(club, Movement.SWISS, 5, rounds=2)
    session = swiss_round_draw(session=session, round_number=1)
    session.refresh_from_db()
    assert session.swiss_draw[0][-1] == [5, 6]  # pair 6 is the phantom: pair 5 has the bye
    _play_round(session, 1)
    progress = rounds_progress(session, public=True)
    assert progress is not None
    bye = progress.rounds[0].tables[-1]
    assert bye.is_bye and bye.ns_vp == 12.0
    session = swiss_round_draw(session=session, round_number=2)
    session.refresh_from_db()
    assert [5, 6] not in session.swiss_draw[1]  # no second bye while others had none


def test_a_swiss_at_imps_converts_the_matchs_imps_on_the_wbf_scale(club):
    session = _session(club, Movement.SWISS, 4, rounds=1, scoring=ScoringMethod.BUTLER)
    session = swiss_round_draw(session=session, round_number=1)
    _play_table(session, 1, 1, ("10", "9"))  # 430 and 400
    _play_table(session, 1, 2, ("9", "9"))  # 400 and 400
    progress = rounds_progress(session, public=True)
    assert progress is not None
    table = progress.rounds[0].tables[0]
    # Butler: datum 415 on board 1 (NS +15 -> 1 IMP... against the mean), board 2 datum 400.
    from tournaments.bridge.teams.scoring import victory_points

    assert table.ns_figure is not None
    assert (table.ns_vp, table.ew_vp) == victory_points(table.ns_figure, 2)
    assert table.ns_vp + table.ew_vp == 20.0


def test_the_director_draws_from_the_session_page_and_a_second_click_is_refused(director_client, club):
    session = _session(club, Movement.SWISS, 4, rounds=2)
    url = reverse("director:swiss_round", args=[session.pk])
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "Draw round 1" in page
    response = director_client.post(url, {"round": "1"})
    assert response.status_code == 302
    again = director_client.post(url, {"round": "1"})
    assert again.status_code == 400 and "Round 1 is already drawn" in again.content.decode()
    bad = director_client.post(url, {"round": "x\x00"})
    assert bad.status_code == 400


def test_only_a_swiss_in_play_draws(club, director_client):
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 11, 27),
        name="Prep",
        movement=Movement.SWISS,
        tables=2,
        boards_per_round=2,
        rounds=2,
    )
    with pytest.raises(ValidationError, match="once play has started"):
        swiss_round_draw(session=session, round_number=1)
    finished = _session(club, Movement.BAROMETER, 4, rounds=1)
    with pytest.raises(ValidationError, match="Only a Swiss pairs"):
        swiss_round_draw(session=finished, round_number=1)


def test_a_finished_swiss_publishes_every_round(client, club):
    session = _session(club, Movement.SWISS, 4, rounds=1)
    session = swiss_round_draw(session=session, round_number=1)
    _play_table(session, 1, 1)
    session_finish(session=session)
    progress = rounds_progress(Session.objects.get(pk=session.pk), public=True)
    assert progress is not None and progress.published == 1


def test_a_barometers_standings_download_holds_only_the_published_rounds(client, club):
    session = _session(club, Movement.BAROMETER, 4, rounds=2)
    _play_round(session, 1)
    _play_table(session, 2, 1)  # round 2 half played
    csv = client.get(reverse("standings_csv", args=[session.pk])).content.decode()
    lines = csv.lstrip("\ufeff").strip().splitlines()
    assert lines[0].startswith("Rank,Pair,Names,%,Boards")
    assert len(lines) == 5 and all(line.rstrip().endswith(",2") for line in lines[1:])  # 2 boards each


def test_a_swiss_field_cannot_change_once_a_round_is_drawn(club):
    session = _session(club, Movement.SWISS, 5, rounds=2)
    session = swiss_round_draw(session=session, round_number=1)
    with pytest.raises(ValidationError, match="the field can no longer change"):
        pair_add(session=session, player_names=("Late", "Comer"))
    with pytest.raises(ValidationError, match="the field can no longer change"):
        pair_remove(pair=session.pairs.get(number=5))
    assert session.pairs.count() == 5


def test_a_round_waits_for_its_last_board_to_be_scored_before_it_is_published(club):
    session = _session(club, Movement.BAROMETER, 4, rounds=1)
    _play_table(session, 1, 1)
    movement = session_movement(session)
    assert movement is not None
    encounter = movement.encounter(1, 2)
    pairs = {pair.number: pair for pair in session.pairs.all()}
    for number in encounter.boards:  # as a phone enters: stored now, scored a moment later
        entry = ResultEntry(pairs[encounter.ns], pairs[encounter.ew], "3NT", "N", "9")
        result_record(board=Board.objects.get(session=session, number=number), entry=entry, settle=False)
    assert public_board_numbers(session) == frozenset()
    progress = rounds_progress(session, public=True)
    assert progress is not None and progress.published == 0
    scores_settle(session)
    progress = rounds_progress(session, public=True)
    assert progress is not None and progress.published == 1
    assert public_board_numbers(session) == frozenset({1, 2})


def test_the_apis_standings_of_a_swiss_are_by_vps_after_the_published_rounds(client, club):
    session = _session(club, Movement.SWISS, 4, rounds=2)
    session = swiss_round_draw(session=session, round_number=1)
    _play_round(session, 1)
    session = swiss_round_draw(session=session, round_number=2)
    _play_table(session, 2, 1)  # round 2 half played: not in the standings
    items = client.get(f"/api/v1/sessions/{session.pk}/standings").json()["items"]
    assert {item["after_round"] for item in items} == {1}
    assert sorted(item["vps"] for item in items) == [10.0, 10.0, 10.0, 10.0]
    assert all(item["boards_played"] == 2 for item in items)


@pytest.mark.parametrize(
    ("kind", "drawn"), [(Movement.SWISS, False), (Movement.SWISS, True), (Movement.BAROMETER, False)]
)
def test_every_page_of_a_night_by_rounds_answers(director_client, club, kind, drawn):
    session = _session(club, kind, 5, rounds=2)
    if drawn:
        session = swiss_round_draw(session=session, round_number=1)
    token = session.table_accesses.get(table=1).token
    pairs = list(session.pairs.all())
    urls = [
        reverse("director:session", args=[session.pk]),
        reverse("director:tables", args=[session.pk]),
        reverse("director:tables_grid", args=[session.pk]),
        reverse("director:table_cards", args=[session.pk]),
        reverse("director:pair_cards", args=[session.pk]),
        reverse("director:board", args=[session.pk, 1]),
        reverse("session", args=[session.pk]),
        reverse("session_standings", args=[session.pk]),
        reverse("pair", args=[session.pk, pairs[0].pk]),
        reverse("table_entry", args=[token]),
        reverse("table_state", args=[token]),
    ]
    for url in urls:
        assert director_client.get(url).status_code == 200, url
    state = director_client.get(reverse("table_state", args=[token])).json()
    if kind == Movement.SWISS and not drawn:
        assert state["round"] is None
    else:
        assert state["round"]["number"] == 1


def test_a_swiss_rounds_result_entered_late_moves_its_vps_and_keeps_the_draw(club):
    session = _session(club, Movement.SWISS, 4, rounds=3)
    session = swiss_round_draw(session=session, round_number=1)
    _play_round(session, 1)
    session = swiss_round_draw(session=session, round_number=2)
    drawn = list(session.swiss_draw)
    late = Result.objects.get(board__session=session, board__number=1, ns_pair__number=1)
    result_delete(result=late)  # entered wrongly: round 1 is incomplete again
    progress = rounds_progress(session, public=True)
    assert progress is not None and progress.published == 0
    _play_round(session, 2)
    with pytest.raises(ValidationError, match="Round 1 is not complete: table\\(s\\) 1"):
        swiss_round_draw(session=session, round_number=3)
    pairs = {pair.number: pair for pair in session.pairs.all()}
    board = Board.objects.get(session=session, number=1)
    result_record(
        board=board, entry=ResultEntry(pairs[1], pairs[2], "3NT", "N", "7")
    )  # the late, true result
    progress = rounds_progress(session, public=True)
    assert progress is not None and progress.published == 2
    first = progress.rounds[0].tables[0]
    assert first.ns_vp is not None and first.ns_vp < 10.0  # -100 and -50: pair 1 lost its match
    session = swiss_round_draw(session=session, round_number=3)
    assert session.swiss_draw[:2] == drawn


def test_the_phones_standings_of_a_barometer_are_those_after_the_last_complete_round(client, club):
    club.table_standings = True
    club.save()
    session = _session(club, Movement.BAROMETER, 4, rounds=2)
    _play_round(session, 1)
    _play_table(session, 2, 1)  # round 2 at table 1 only
    token = session.table_accesses.get(table=1).token
    standings = client.get(reverse("table_state", args=[token])).json()["standings"]
    assert [table["title"] for table in standings] == ["Standings after round 1"]
    assert [row["figure"] for row in standings[0]["rows"]] == ["50.00"] * 4  # each pair a top and a bottom
