"""Play does not start before the pairs are seated, and no hand is published that pairs seated
later could still play (issue 46, item 3).

A 3-table Mitchell of 2 boards a round: table 1 plays boards 1-2 in round 1, 3-4 in round 2,
5-6 in round 3, each set met by a different EW pair. With only table 1 seated (or nobody),
Start is refused naming the empty numbers; a night that reached play so anyway (a results
file's import starts play by itself) keeps every board a later seating could play hidden.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.core.services.writes import write
from tournaments.night.models import Movement, SectionScoring, Session, SessionState
from tournaments.night.selectors.movements import session_movement
from tournaments.night.selectors.publication import public_board_numbers
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.movement import (
    movement_boards_ensure,
    session_create_with_movement,
    session_play_for_results,
    session_start,
)
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.scoring.settle import scores_settle
from tournaments.night.services.sections import SectionSpec, session_sections_set
from tournaments.night.services.sessions import pair_add, session_create

pytestmark = pytest.mark.django_db

ALL_SEATS = ["NS 1", "NS 2", "NS 3", "EW 1", "EW 2", "EW 3"]


def _mitchell(club, seated: list[str], *, dealt: bool = False) -> Session:
    """A 3-table Mitchell with the pairs ``seated`` ('NS 1', 'EW 1', ...), its 6 boards made or ``dealt``."""
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 11, 29),
        name="Sunday",
        movement=Movement.MITCHELL,
        tables=3,
        boards_per_round=2,
    )
    for seat in seated:
        direction, number = seat.split()
        pair_add(
            session=session, player_names=(f"{seat} a", f"{seat} b"), direction=direction, number=int(number)
        )
    if dealt:
        boards_deal(session=session, count=6, background=False)  # analysed here: some 0.5 s a board
    else:
        movement_boards_ensure(session=session)
    return session


def _reached_play(session: Session) -> Session:
    """Play as a results file's import starts it: without the Start's checks."""
    with write():
        return session_play_for_results(session=session)


@pytest.mark.parametrize(
    ("seated", "empty"),
    [
        (["NS 1", "EW 1"], ["NS 2", "NS 3", "EW 2", "EW 3"]),
        ([], ALL_SEATS),
        (["NS 1", "NS 2", "EW 1", "EW 2"], ["NS 3", "EW 3"]),  # NS 3 and EW 3 meet at table 3
    ],
)
def test_start_is_refused_naming_the_empty_seats(director_client, club, seated, empty):
    session = _mitchell(club, seated)
    with pytest.raises(ValidationError) as refused:
        session_start(session=session)
    seats = ", ".join(empty)
    assert refused.value.messages == [
        f"Seat the pairs first: nobody is seated as {seats}, so a table would have neither of its pairs."
    ]
    session.refresh_from_db()
    assert session.state == SessionState.PREPARATION
    play = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "Start play</a>" not in play
    assert f"Nobody is seated as {seats}, so a table would have neither of its pairs." in play
    posted = director_client.post(
        reverse("director:state", args=[session.pk]),
        {"action": "start", "confirm": "yes"},
        follow=True,
    )
    assert f"nobody is seated as {seats}" in posted.content.decode()
    session.refresh_from_db()
    assert session.state == SessionState.PREPARATION


def test_a_single_empty_number_is_a_phantom_and_play_starts(club):
    """An odd field: EW 3's opponents sit out, no table is left with nobody."""
    session = session_start(session=_mitchell(club, ALL_SEATS[:-1]))
    assert session.state == SessionState.PLAY


def _play_table_one(session: Session) -> None:
    """Table 1 plays its three rounds: boards 1-2, 3-4 and 5-6 against whoever is seated."""
    movement = session_movement(session)
    assert movement is not None
    pairs = {(pair.direction, pair.number): pair for pair in session.pairs.all()}
    for round_ in (1, 2, 3):
        encounter = movement.encounter(round_, 1)
        ns, ew = pairs.get(encounter.ns), pairs.get(encounter.ew)
        if ns is None or ew is None:
            continue  # a phantom: table 1's seated pair sits out
        for number in encounter.boards:
            board = session.boards.get(number=number)
            result_record(board=board, entry=ResultEntry(ns, ew, "3NT", "N", "9"))
    scores_settle(session)


@pytest.mark.parametrize("seated", [["NS 1", "EW 1"], []])
def test_in_play_unseated_no_hand_is_published_that_a_later_seating_could_play(client, club, seated):
    session = _reached_play(_mitchell(club, seated, dealt=True))
    _play_table_one(session)
    assert public_board_numbers(session) == frozenset()
    for number in range(1, 7):
        board = client.get(reverse("board", args=[session.pk, number]))
        assert board.status_code == 404, number
        assert client.get(f"/api/v1/sessions/{session.pk}/boards/{number}").status_code == 404, number
    records = client.get(reverse("hand_records", args=[session.pk])).content.decode()
    assert "Board 1" not in records and "Board 3" not in records
    assert client.get(f"/api/v1/sessions/{session.pk}/boards").json()["items"] == []


def test_once_the_late_pairs_are_seated_and_have_played_the_boards_are_published(club):
    """The rule hides only what a seating could still play: seated and played, a board shows."""
    session = _reached_play(_mitchell(club, ["NS 1", "EW 1"]))
    for seat in ["NS 2", "NS 3", "EW 2", "EW 3"]:
        direction, number = seat.split()
        pair_add(
            session=session, player_names=(f"{seat} a", f"{seat} b"), direction=direction, number=int(number)
        )
    movement = session_movement(session)
    assert movement is not None
    pairs = {(pair.direction, pair.number): pair for pair in session.pairs.all()}
    for encounter in movement.encounters:
        if 1 in encounter.boards:
            board = session.boards.get(number=1)
            result_record(
                board=board, entry=ResultEntry(pairs[encounter.ns], pairs[encounter.ew], "3NT", "N", "9")
            )
    scores_settle(session)
    assert public_board_numbers(session) == frozenset({1})


def test_in_a_session_of_sections_the_empty_seats_are_named_by_section(club):
    session = session_create(club=club, date=datetime.date(2026, 12, 5), name="Christmas pairs")
    sections = session_sections_set(
        session=session,
        sections=[
            SectionSpec("A", Movement.MITCHELL, tables=3, boards_per_round=1),
            SectionSpec("B", Movement.MITCHELL, tables=3, boards_per_round=1),
        ],
        scoring=SectionScoring.FIELD,
    )
    for section in sections:  # section B: only its table 1
        for number in (1, 2, 3) if section.letter == "A" else (1,):
            for direction in ("NS", "EW"):
                names = (f"{direction} {section.letter}{number} a", f"{direction} {section.letter}{number} b")
                pair_add(session=session, player_names=names, direction=direction, section=section)
    session.refresh_from_db()
    movement_boards_ensure(session=session)
    with pytest.raises(ValidationError) as refused:
        session_start(session=session)
    assert "nobody is seated as NS B2, NS B3, EW B2, EW B3," in refused.value.messages[0]
