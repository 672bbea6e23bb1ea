"""A session of several sections: pairs in sections, matchpointed across the field or within each,
standings per section beside the overall ones (issue 31).

The matchpoints are checked against an independent implementation, the npm ``bridge-scorer``
library (tests/bridge/oracle/): across the field it is given every result of a board, all
sections; within sections, each section's results alone.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.bridge.oracle.scorer import oracle_boards
from tests.night.sections import two_section_mitchell as _two_section_mitchell
from tournaments.night.models import Movement, Result, SectionScoring, Standing
from tournaments.night.selectors.sections import section_standings
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sections import SectionSpec, session_sections_set, session_set_section_scoring
from tournaments.night.services.sessions import session_create


def _ns_matchpoints(session, board_number: int, letters: str) -> list[float]:
    results = Result.objects.filter(
        board__session=session, board__number=board_number, ns_pair__section__letter__in=letters
    ).order_by("ns_pair__number")
    return [2 * result.ns_matchpoints for result in results], [result.ns_score for result in results]


def test_a_session_of_two_sections_numbers_its_pairs_in_each_and_labels_them_with_the_letter(club):
    session = _two_section_mitchell(club)
    pair = session.pairs.get(section__letter="B", direction="EW", number=203)
    assert pair.label == "B3 EW"
    assert sorted(session.sections.values_list("letter", flat=True)) == ["A", "B"]


def test_across_the_field_every_result_of_a_board_is_compared_as_the_oracle_does(club):
    session = _two_section_mitchell(club)
    for board_number in (1, 2):
        ours, scores = _ns_matchpoints(session, board_number, "AB")
        (theirs,) = oracle_boards([scores])
        assert ours == theirs["mp_ns"]
        assert max(ours) <= 2 * (6 - 1)  # a top of 5 pairs beaten: both sections'


def test_within_sections_each_sections_results_are_compared_among_themselves(club):
    session = _two_section_mitchell(club, scoring=SectionScoring.SECTION)
    for board_number in (1, 2):
        for letter in "AB":
            ours, scores = _ns_matchpoints(session, board_number, letter)
            (theirs,) = oracle_boards([scores])
            assert ours == theirs["mp_ns"]


def test_changing_the_section_scoring_rescores_the_boards_and_the_standings(club):
    session = _two_section_mitchell(club)
    across = dict(Standing.objects.filter(session=session).values_list("pair_id", "percentage"))
    session_set_section_scoring(session=session, scoring=SectionScoring.SECTION)
    within = dict(Standing.objects.filter(session=session).values_list("pair_id", "percentage"))
    assert across != within
    ours, scores = _ns_matchpoints(session, 1, "B")
    assert ours == oracle_boards([scores])[0]["mp_ns"]
    session_set_section_scoring(session=session, scoring=SectionScoring.FIELD)
    assert dict(Standing.objects.filter(session=session).values_list("pair_id", "percentage")) == across


def test_standings_are_given_per_section_and_overall(club):
    session = _two_section_mitchell(club)
    overall = Standing.objects.filter(session=session)
    assert overall.count() == 12
    # Overall: each direction one field of six pairs, placed 1 to 6.
    assert max(overall.filter(pair__direction="NS").values_list("rank", flat=True)) <= 6
    tables = section_standings(session)
    assert [table.title for table in tables] == [
        "Section A: North-South",
        "Section A: East-West",
        "Section B: North-South",
        "Section B: East-West",
    ]
    for table in tables:
        assert len(table.standings) == 3
        percentages = [standing.percentage for standing in table.standings]
        assert percentages == sorted(percentages, reverse=True)
        assert table.standings[0].rank == 1
    # The section's winner keeps its overall place in the stored standing.
    best_a_ns = tables[0].standings[0]
    assert Standing.objects.get(pk=best_a_ns.pk).rank >= 1


def test_a_session_of_one_section_has_no_section_standings(club, mitchell_session):
    assert section_standings(mitchell_session) == []
    assert all(pair.section_id is None for pair in mitchell_session.pairs.all())


@pytest.mark.parametrize(
    "specs, message",
    [
        ([SectionSpec("A")], "2 to 9"),
        ([SectionSpec("A"), SectionSpec("A")], "own letter"),
        ([SectionSpec("A"), SectionSpec("b")], "capital letter"),
        ([SectionSpec("A"), SectionSpec("B", Movement.TEAMS)], "Mitchell or a Howell"),
    ],
)
def test_bad_sections_are_refused_by_name(club, specs, message):
    session = session_create(club=club, date=datetime.date(2026, 12, 5), name="Christmas pairs")
    with pytest.raises(ValidationError, match=message):
        session_sections_set(session=session, sections=specs)
    assert not session.sections.exists()


def test_sections_are_set_before_the_pairs_are_seated(club, mitchell_session):
    with pytest.raises(ValidationError, match="before seating"):
        session_sections_set(session=mitchell_session, sections=[SectionSpec("A"), SectionSpec("B")])


def test_each_sections_movement_has_its_own_tables_named_by_the_section(club):
    from tournaments.night.selectors.movements import session_movement, table_name
    from tournaments.night.services.table_entry import table_accesses_ensure

    session = session_create(club=club, date=datetime.date(2026, 12, 6), name="Two rooms")
    session_sections_set(
        session=session,
        sections=[SectionSpec("A", Movement.MITCHELL, tables=3), SectionSpec("B", Movement.HOWELL, tables=2)],
    )
    session.refresh_from_db()
    movement = session_movement(session)
    assert movement.table_numbers == (101, 102, 103, 201, 202)
    assert [table_name(session, table) for table in movement.table_numbers] == ["A1", "A2", "A3", "B1", "B2"]
    # Section A is a 3-table Mitchell, B a 4-pair Howell: their own rounds, the same boards.
    first = movement.encounter(1, 103)
    assert (first.ns, first.ew) == (("NS", 103), ("EW", 103))
    assert isinstance(movement.encounter(1, 201).ns, int) and movement.encounter(1, 201).ns > 200
    assert [access.table for access in table_accesses_ensure(session)] == [101, 102, 103, 201, 202]
    assert session.movement_tables == 5 and not session.is_mitchell


def test_the_traveller_grid_names_a_sections_pairs_by_letter_and_takes_them_so(director_client, club):
    import html
    import re

    from django.urls import reverse

    from tests.night.sections import two_section_mitchell as sectioned

    session = sectioned(club)
    url = reverse("director:board_traveller", args=[session.pk, 3])  # nobody has played board 3
    page = director_client.get(url).content.decode()
    found = re.findall(r'<input type="(?:hidden|text)" name="(l\d+-\w+|lines)"[^>]*?value="([^"]*)"', page)
    data = {name: html.unescape(value) for name, value in found}
    assert data["lines"] == "6"
    cells = {(data[f"l{i}-ns"], data[f"l{i}-ew"]) for i in range(6)}
    assert ("A1", "A2") in cells or ("A1", "A3") in cells
    assert {ns[0] for ns, _ in cells} == {"A", "B"}
    for i in range(6):
        data[f"l{i}-contract"] = "3NTN="
    assert director_client.post(url, data).status_code == 302
    stored = Result.objects.filter(board__session=session, board__number=3)
    assert stored.count() == 6
    assert {result.ns_percentage for result in stored} == {50.0}  # six equal results, across the field
    # A pair typed without its section is refused on its cell, not guessed.
    data["l0-ns"] = "1"
    answer = director_client.post(url, data)
    assert answer.status_code == 400
    assert "Type the pair&#x27;s section and number, as A3." in answer.content.decode()


def test_boards_move_within_their_section_and_the_cards_and_messages_name_the_sections_tables(club):
    from tests.night.sections import two_section_mitchell as sectioned
    from tournaments.night.selectors.movements import session_movement, table_cards
    from tournaments.night.selectors.table_entry.rounds import board_move, table_rounds
    from tournaments.night.services.results.entries import NotInMovementError

    session = sectioned(club)
    movement = session_movement(session)
    pairs = list(session.pairs.all())
    # Round 1's board at A1 is B1's too, but each section has its own copy: it goes on within A.
    first = table_rounds(session, movement, 101, pairs)[0]
    assert board_move(movement, first) == "Board 1: take them to table A3."
    titles = [card.title for card in table_cards(session, movement, pairs)]
    assert titles == ["Table A1", "Table A2", "Table A3", "Table B1", "Table B2", "Table B3"]
    # A result for pairs the movement does not seat so is refused naming the section's tables.
    a1_ns = session.pairs.get(direction="NS", number=101)
    a1_ew = session.pairs.get(direction="EW", number=101)
    with pytest.raises(NotInMovementError, match=r"at table A\d by NS A\d and EW A\d"):
        result_record(board=session.boards.get(number=3), entry=ResultEntry(a1_ns, a1_ew, "3NT", "N", "9"))
