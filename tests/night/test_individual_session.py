"""An individual session: players seated by number, partnerships made from the movement,
results entered as a pairs night's, and each player's own standings."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.night.models import Movement, Session
from tournaments.night.selectors.individual import individual_moves, individual_session_standings
from tournaments.night.services.individual import individual_players_seat
from tournaments.night.services.movement import (
    movement_boards_ensure,
    session_create_with_movement,
    session_finish,
    session_start,
)
from tournaments.night.services.results import NotInMovementError, ResultEntry, result_record

pytestmark = pytest.mark.django_db

NAMES = [f"Player {chr(ord('A') + i)}" for i in range(12)]  # player 1 is Player A, 12 is Player L


def individual_session(club, rounds: int = 2) -> Session:  # type: ignore[no-untyped-def]
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 12, 24),
        name="Christmas individual",
        movement=Movement.INDIVIDUAL,
        tables=3,
        boards_per_round=1,
        rounds=rounds,
    )
    individual_players_seat(session=session, names=NAMES)
    movement_boards_ensure(session=session)
    return session


def test_partnerships_are_made_from_the_movement(club) -> None:  # type: ignore[no-untyped-def]
    session = individual_session(club)
    assert session.pairs.count() == 2 * 3 * 2
    # Round 1, table 1: N 12, E 1, S 9, W 11 (bridge.individual's 3-table whist).
    assert session.pairs.get(number=1).names == "Player L - Player I"
    assert session.pairs.get(number=2).names == "Player A - Player K"
    assert session.boards.count() == 2


def test_results_score_each_player_with_his_partnership(club) -> None:  # type: ignore[no-untyped-def]
    session = session_start(session=individual_session(club))
    board = session.boards.get(number=1)
    pair = {p.number: p for p in session.pairs.all()}
    for ns, ew, tricks in ((1, 2, "9"), (3, 4, "10"), (5, 6, "8")):  # 400, 430, -50 for NS
        result_record(board=board, entry=ResultEntry(pair[ns], pair[ew], "3NT", "N", tricks))
    lines, unscored = individual_session_standings(session)
    by_number = {line.number: line for line in lines}
    assert unscored == 0
    # T2 NS (2, 8) top; T1 NS (12, 9) and EW (1, 11) half; T3 EW (6, 10) top.
    assert {n for n, line in by_number.items() if line.percentage == 100.0} == {2, 8, 6, 10}
    assert {n for n, line in by_number.items() if line.percentage == 50.0} == {12, 9, 1, 11}
    assert {n for n, line in by_number.items() if line.percentage == 0.0} == {3, 5, 7, 4}
    assert [line.place for line in lines[:4]] == ["1="] * 4 and lines[4].place == "5="
    assert by_number[2].name == "Player B" and by_number[2].boards == 1


def test_a_result_between_players_who_do_not_meet_is_refused(club) -> None:  # type: ignore[no-untyped-def]
    session = session_start(session=individual_session(club))
    board = session.boards.get(number=1)
    pair = {p.number: p for p in session.pairs.all()}
    with pytest.raises(NotInMovementError):
        result_record(board=board, entry=ResultEntry(pair[1], pair[4], "3NT", "N", "9"))


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (NAMES[:11], "seats 12 players, one a line; 11 were given"),
        ([*NAMES[:11], "player a"], "Player 12: player a is already player 1"),
    ],
)
def test_bad_player_lists_are_refused_whole(club, names: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    session = individual_session(club)
    with pytest.raises(ValidationError, match=message):
        individual_players_seat(session=session, names=names)
    assert session.individual_players.count() == 12 and session.pairs.count() == 12


def test_players_stay_once_results_are_in(club) -> None:  # type: ignore[no-untyped-def]
    session = session_start(session=individual_session(club))
    pair = {p.number: p for p in session.pairs.all()}
    result_record(board=session.boards.get(number=1), entry=ResultEntry(pair[1], pair[2], "3NT", "N", "9"))
    with pytest.raises(ValidationError, match="Results are in"):
        individual_players_seat(session=session, names=NAMES)


def test_a_pairs_session_has_no_individual_players(club, howell_session) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValidationError, match="not an individual"):
        individual_players_seat(session=howell_session, names=NAMES)


def test_the_directors_pages_seat_players_and_print_their_cards(club, director_client) -> None:  # type: ignore[no-untyped-def]
    session = individual_session(club)
    page = director_client.get(reverse("director:individual_players", args=[session.pk]))
    assert page.status_code == 200 and "Player L" in page.content.decode()
    refused = director_client.post(
        reverse("director:individual_players", args=[session.pk]), {"players": "Ann"}
    )
    assert refused.status_code == 400 and "seats 12 players" in refused.content.decode()
    cards = director_client.get(reverse("director:individual_cards", args=[session.pk])).content.decode()
    # Player 1 (Player A) sits East at table 1 in round 1: partner 11, opponents 9 (left) and 12.
    assert "<h2>1 Player A</h2>" in cards
    assert (
        "<td>1</td><td>1</td><td>E</td><td>11 Player K</td><td>9 Player I</td><td>12 Player L</td><td>1</td>"
        in cards
    )


def test_individual_pages_refuse_a_pairs_session(director_client, howell_session) -> None:  # type: ignore[no-untyped-def]
    assert (
        director_client.get(reverse("director:individual_cards", args=[howell_session.pk])).status_code == 404
    )
    assert director_client.get(reverse("individual_standings", args=[howell_session.pk])).status_code == 404


def test_a_director_creates_runs_and_finishes_an_individual(club, director_client) -> None:  # type: ignore[no-untyped-def]
    form = {
        "club": club.pk,
        "date": "2026-12-24",
        "name": "Boxing Day individual",
        "movement": "individual",
        "scoring": "mp",
        "tables": "5",
        "boards_per_round": "3",
        "rounds": "",
        "even_tables": "",
        "arrow_switch_rounds": "",
    }
    created = director_client.post(reverse("director:session_new"), form)
    assert created.status_code == 302, created.content.decode()[:2000]
    session = Session.objects.get(name="Boxing Day individual")
    assert (session.movement, session.movement_rounds) == (Movement.INDIVIDUAL, 5)
    names = "\n".join(f"Member {n}" for n in range(1, 21))
    seated = director_client.post(
        reverse("director:individual_players", args=[session.pk]), {"players": names}
    )
    assert seated.status_code == 302
    page = director_client.get(reverse("director:session", args=[session.pk]))
    assert page.status_code == 200 and "Seat the individual's players" in page.content.decode()
    refused = director_client.post(
        reverse("director:pair_add", args=[session.pk]), {"player1": "X", "player2": "Y"}
    )
    assert session.pairs.count() == 2 * 5 * 5 and refused.status_code in (302, 400)
    movement_boards_ensure(session=session)
    session = session_start(session=session)
    pair = {p.number: p for p in session.pairs.all()}
    # Rainbow, round 1 table 1 (pairs 1 and 2) plays board set 1 (boards 1-3).
    result_record(board=session.boards.get(number=1), entry=ResultEntry(pair[1], pair[2], "3NT", "N", "9"))
    session = session_finish(session=session)
    assert director_client.get(reverse("session", args=[session.pk])).status_code == 200
    standings = director_client.get(reverse("individual_standings", args=[session.pk])).content.decode()
    assert "Member 1" in standings and "50.00" in standings


def test_after_a_round_each_player_is_told_his_next_table_and_seat(club) -> None:  # type: ignore[no-untyped-def]
    session = individual_session(club)
    moves = individual_moves(session, 1, 1)  # round 1, table 1: N 12, E 1, S 9, W 11
    assert [(m["pair"], m["names"], m["to"]) for m in moves] == [
        ("N 12", "Player L", "table 1, North"),
        ("E 1", "Player A", "table 1, West"),
        ("S 9", "Player I", "table 2, South"),
        ("W 11", "Player K", "table 3, West"),
    ]
    assert individual_moves(session, 2, 1) == []  # the last round: nobody moves
