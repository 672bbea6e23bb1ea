"""A session of sections is seated from a pasted list naming each pair's section (issue 45, item 3).

``A1 NS: ...`` seats section A's 1 NS; a line with no section is refused in a session of
sections (it would seat a pair that plays in no section's movement), as is a section the
session does not have, or a section in a session of one.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.bridge.seating import read_seating_list
from tournaments.night.models import Movement, Pair
from tournaments.night.services.movement import (
    session_create_with_movement,
)
from tournaments.night.services.sections import SectionSpec, session_sections_set
from tournaments.night.services.sessions import pair_add, session_create

LIST = """A1 NS: Ann North & Bob South
NS A2: Cat North & Dan South
a1 ew: Eve East & Fay West
B1 NS: Gus North & Hal South
EW B 1: Ida East & Jon West
"""


def _sectioned(club):
    session = session_create(club=club, date=datetime.date(2026, 12, 19), name="Two rooms")
    session_sections_set(
        session=session,
        sections=[
            SectionSpec("A", Movement.MITCHELL, tables=3, boards_per_round=2),
            SectionSpec("B", Movement.MITCHELL, tables=3, boards_per_round=2),
        ],
    )
    session.refresh_from_db()
    return session


def _paste(client, session, text: str):
    return client.post(reverse("director:pairs_many", args=[session.pk]), {"seating": text})


def test_a_list_reads_a_pairs_section_before_its_number():
    reading = read_seating_list(LIST)
    assert reading.problems == []
    seats = [(seat.section, seat.number, seat.direction) for seat in reading.seats]
    assert seats == [("A", 1, "NS"), ("A", 2, "NS"), ("A", 1, "EW"), ("B", 1, "NS"), ("B", 1, "EW")]


def test_a_list_names_the_same_number_in_two_sections_as_two_pairs():
    assert read_seating_list("A1 NS: Ann & Bob\nB1 NS: Cat & Dan").problems == []
    (problem,) = read_seating_list("A1 NS: Ann & Bob\nA1 NS: Cat & Dan").problems
    assert problem.line == 2 and "NS A1 is already seated on line 1" in problem.reason


@pytest.mark.django_db
def test_a_pasted_list_seats_each_pair_in_its_section(director_client, club):
    session = _sectioned(club)
    response = _paste(director_client, session, LIST)
    assert response.status_code == 302
    seated = {
        (pair.label, pair.number): pair.section.letter
        for pair in Pair.objects.filter(session=session).select_related("section")
    }
    assert seated == {
        ("A1 NS", 101): "A",
        ("A2 NS", 102): "A",
        ("A1 EW", 101): "A",
        ("B1 NS", 201): "B",
        ("B1 EW", 201): "B",
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("6 NS: Kim North & Lou South", "This session plays in sections A, B: write the pair's section"),
        ("3 NS: Kim North & Lou South", "as A3 NS"),
        ("C1 NS: Kim North & Lou South", "There is no section C: the sections are A, B."),
        ("A9 NS: Kim North & Lou South", "Section A seats pairs 1 to 3, not 9."),
    ],
)
def test_a_line_without_its_section_or_with_a_wrong_one_is_refused_by_line(
    director_client, club, line, reason
):
    session = _sectioned(club)
    response = _paste(director_client, session, "A1 NS: Ann North & Bob South\n" + line)
    assert response.status_code == 400
    page = response.content.decode().replace("&#x27;", "'")
    assert "Line 2 (" in page and reason in page, page
    assert not session.pairs.exists()  # every pair of the list, or none


@pytest.mark.django_db
def test_a_section_in_a_session_of_one_is_refused(director_client, club, mitchell_session):
    response = _paste(director_client, mitchell_session, "A4 NS: Kim North & Lou South")
    assert response.status_code == 400
    assert "This session has no sections: write the pair as 4 NS." in response.content.decode()


@pytest.mark.django_db
def test_a_pair_of_no_section_cannot_be_seated_in_a_session_of_sections(club):
    session = _sectioned(club)
    with pytest.raises(ValidationError, match="plays in sections A, B: seat the pair in one of them"):
        pair_add(session=session, player_names=("Kim North", "Lou South"), direction="NS", number=2)
    assert not session.pairs.exists()


@pytest.mark.django_db
def test_the_list_page_of_a_session_of_sections_asks_for_the_section_not_the_sums_range(
    director_client, club
):
    session = _sectioned(club)
    page = director_client.get(reverse("director:pairs_many", args=[session.pk])).content.decode()
    assert "its section (A, B) and its number there" in page
    assert "A1 NS: Alice Smith" in page
    assert "NS 1 to 6" not in page  # the two sections' tables summed: no section seats NS 6


@pytest.mark.django_db
@pytest.mark.parametrize("boards", [3, 4])
def test_play_in_sections_offers_the_sessions_own_boards_a_round(director_client, club, boards):
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 12, 19),
        name="Monday",
        movement=Movement.MITCHELL,
        tables=5,
        boards_per_round=boards,
        rounds=None,
    )
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    field = re.search(r'<input[^>]*name="sections-boards_per_round"[^>]*>', page)[0]
    assert f'value="{boards}"' in field, field


@pytest.mark.django_db
def test_play_in_sections_shows_the_sections_as_set(director_client, club):
    session = _sectioned(club)
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    field = re.search(r'<input[^>]*name="sections-sections"[^>]*>', page)[0]
    assert 'value="Mitchell 3, Mitchell 3"' in field, field
    assert re.search(r'<input[^>]*name="sections-boards_per_round"[^>]*value="2"', page)


@pytest.mark.django_db
def test_an_empty_sections_standings_are_headed_as_the_nights_scoring(director_client, club):
    session = _sectioned(club)  # a matchpoint night, nobody seated yet: every section is empty
    section_a = session.sections.get(letter="A")
    pair_add(session=session, player_names=("Ann", "Bob"), direction="NS", number=1, section=section_a)
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    standings = page[page.index('id="section-standings"') :]
    headings = re.findall(r"<h3>(.*?)</h3>.*?<thead>(.*?)</thead>", standings, re.DOTALL)
    assert [title for title, _ in headings] == [
        "Section A: North-South",
        "Section A: East-West",
        "Section B: North-South",
        "Section B: East-West",
    ]
    for title, head in headings:  # by percentage, as the night is scored
        assert ">%<" in head and "IMPs" not in head, title


@pytest.mark.django_db
def test_a_section_pair_seated_twice_is_refused_by_its_sections_name(club):
    session = _sectioned(club)
    section = session.sections.get(letter="B")
    pair_add(session=session, player_names=("Ann", "Bob"), direction="NS", number=2, section=section)
    with pytest.raises(ValidationError) as refused:
        pair_add(session=session, player_names=("Cat", "Dan"), direction="NS", number=2, section=section)
    assert refused.value.messages == ["Pair B2 NS is already in this session."]
