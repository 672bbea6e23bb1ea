"""Seating pairs: one player one seat, the movement's seats only, edits, removals, lists (issue 24, 11)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.models import Pair, SessionAction, SessionChange
from tournaments.night.services.movement import session_create_with_movement
from tournaments.night.services.results import result_record
from tournaments.night.services.sessions import pair_add, pair_remove, pair_update


@pytest.fixture
def night(club):
    """A 5-table Mitchell with its ten pairs seated, in preparation."""
    return seated_mitchell(club, tables=5)


def test_the_same_player_cannot_sit_in_two_pairs_of_a_session(night):
    """Issue 24, point 11: a player sits in one pair only (names match in any case)."""
    night.pairs.filter(direction="EW", number=5).delete()

    with pytest.raises(ValidationError, match="North 1 already sits in pair 1 NS of this session"):
        pair_add(session=night, player_names=("Someone", "north 1"), direction="EW", number=5)
    with pytest.raises(ValidationError, match="cannot be their own partner"):
        pair_add(session=night, player_names=("Zed", "zed"), direction="EW", number=5)
    assert not night.pairs.filter(direction="EW", number=5).exists()


def test_a_pair_outside_the_movement_is_refused_with_a_message(night):
    """Issue 24, point 11: EW 6 of a 5-table Mitchell would never play."""
    with pytest.raises(ValidationError) as refused:
        pair_add(session=night, player_names=("Late", "Comer"), direction="EW", number=6)

    assert refused.value.message_dict["number"] == [
        "Pair 6 EW is not in the movement: its 5 tables seat EW pairs 1 to 5. "
        "Change the movement first to seat more pairs."
    ]
    with pytest.raises(ValidationError, match="is not in the movement"):
        pair_add(session=night, player_names=("Late", "Comer"), direction="EW")  # the next free number is 6


def test_a_pair_gets_new_players_and_the_change_is_audited(night, director):
    """Issue 24, point 11: a pair's players can be edited."""
    pair = night.pairs.get(direction="NS", number=2)

    pair_update(pair=pair, player_names=("North 2", "Substitute"), user=director)

    pair.refresh_from_db()
    assert pair.names == "North 2 - Substitute"
    change = SessionChange.objects.get(session=night)
    assert (change.action, change.user, change.before, change.after) == (
        SessionAction.PAIR_EDIT,
        director,
        "2 NS North 2 - South 2",
        "2 NS North 2 - Substitute",
    )
    with pytest.raises(ValidationError, match="East 3 already sits in pair 3 EW"):
        pair_update(pair=pair, player_names=("North 2", "East 3"), user=director)


def test_a_pair_is_removed_only_while_it_has_no_results(club, director):
    """Issue 24, point 11: a pair can be removed (audited), never with its results."""
    session = seated_mitchell(club, tables=3, start=True)
    board = session.boards.get(number=1)
    result_record(board=board, entry=mitchell_3nt(session, 1, 1), user=director)
    played = session.pairs.get(direction="NS", number=1)
    idle = session.pairs.get(direction="NS", number=2)

    with pytest.raises(ValidationError, match="Pair 1 NS has results \\(board 1\\)"):
        pair_remove(pair=played, user=director)
    pair_remove(pair=idle, user=director)

    assert list(session.pairs.filter(direction="NS").values_list("number", flat=True)) == [1, 3]
    change = SessionChange.objects.get(session=session)
    assert (change.action, change.before) == (SessionAction.PAIR_REMOVE, "2 NS North 2 - South 2")


def pairs_many_url(session):
    return reverse("director:pairs_many", args=[session.pk])


@pytest.fixture
def empty_night(club):
    """A 3-table Mitchell with no pair seated yet."""
    return session_create_with_movement(
        club=club, date=datetime.date(2026, 11, 24), name="Tuesday", tables=3, boards_per_round=2
    )


def test_many_pairs_are_seated_from_a_pasted_list(director_client, empty_night):
    """Issue 24, point 11: seating a field takes one submit."""
    session = empty_night
    text = "1 NS: Ann A & Bob B\n1 EW: Cat C & Dan D\n2 NS: Eve E & Fay F\n2 EW: Gus G & Hal H\n"

    response = director_client.post(pairs_many_url(session), {"seating": text})

    assert response.status_code == 302
    assert [(p.direction, p.number, p.names) for p in Pair.objects.filter(session=session)] == [
        ("EW", 1, "Cat C - Dan D"),
        ("EW", 2, "Gus G - Hal H"),
        ("NS", 1, "Ann A - Bob B"),
        ("NS", 2, "Eve E - Fay F"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 NS: Ann A & Bob B\n4 EW: Cat C & Dan D\n", "Line 2 (EW 4): Pair 4 EW is not in the movement"),
        ("1 NS: Ann A & Bob B\n1 EW: Cat C & ann a\n", "Line 2 (EW 1): Ann A already sits in pair 1 NS"),
        ("1 NS: Ann A & Bob B\nCat & Dan\n", "Line 2: &#x27;Cat &amp; Dan&#x27; is not a pair"),
    ],
)
def test_a_bad_line_seats_nothing_and_is_named(director_client, empty_night, text, message):
    """Issue 24, point 11: the whole list or nothing, the error naming its line."""
    session = empty_night

    response = director_client.post(pairs_many_url(session), {"seating": text})

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not session.pairs.exists()


def test_every_bad_line_of_a_list_is_named_in_one_submit_and_nothing_is_seated(director_client, empty_night):
    """Issue 28, point 6: one submit names every line to correct, unreadable or refused by the session."""
    text = (
        "1 NS: Ann A & Bob B\n"
        "Cat & Dan\n"
        "4 EW: Eve E & Fay F\n"
        "1 EW: Gus G & ann a\n"
        "2 NS: Hal H & Ida I\n"
        "2 NS: Jon J & Kim K\n"
    )

    response = director_client.post(pairs_many_url(empty_night), {"seating": text})

    assert response.status_code == 400
    errors = response.context["form"].errors["seating"]
    assert errors == [
        "Line 2: 'Cat & Dan' is not a pair: write it as 1 NS: Alice Smith & Bob Jones.",
        "Line 3 (EW 4): Pair 4 EW is not in the movement: its 3 tables seat EW pairs 1 to 3. "
        "Change the movement first to seat more pairs.",
        "Line 4 (EW 1): Ann A already sits in pair 1 NS of this session.",
        "Line 6: NS 2 is already seated on line 5.",
        "Nothing was seated.",
    ]
    assert not empty_night.pairs.exists()


def test_the_session_page_links_to_editing_each_pair_and_seating_many(director_client, night):
    """Issue 24, point 11: the seating pages are found from the session page."""
    page = director_client.get(reverse("director:session", args=[night.pk])).content.decode()
    pair = night.pairs.get(direction="EW", number=4)

    assert reverse("director:pair_edit", args=[night.pk, pair.pk]) in page
    assert pairs_many_url(night) in page


def test_the_pair_pages_edit_and_remove_a_pair(director_client, night):
    """Issue 24, point 11: the pages behind the links work."""
    pair = night.pairs.get(direction="EW", number=4)
    edit = reverse("director:pair_edit", args=[night.pk, pair.pk])

    assert director_client.get(edit).status_code == 200
    assert director_client.post(edit, {"player1": "East 4", "player2": "New West"}).status_code == 302
    assert night.pairs.get(pk=pair.pk).names == "East 4 - New West"
    removed = director_client.post(reverse("director:pair_remove", args=[night.pk, pair.pk]))
    assert removed.status_code == 302
    assert not night.pairs.filter(pk=pair.pk).exists()
    audit = director_client.get(reverse("director:audit", args=[night.pk])).content.decode()
    assert "Pair removed" in audit and "4 EW East 4 - New West" in audit
