"""A session of sections goes out as USEBIO with its SECTIONs and comes back in as the same sections.

The exported file is read here with the standard library's parser, independently of
ClubScore's reader; then it is imported again and the session it becomes compared.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tests.exchange.usebio_files import fixture_bytes
from tests.night.sections import two_section_mitchell
from tournaments.exchange.selectors.usebio import session_usebio_bytes
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Standing


def _figures(session) -> dict[tuple[str, str, int], tuple[float, int]]:
    """(section, direction, number) -> (percentage, boards played) of every pair."""
    rows = Standing.objects.filter(session=session).select_related("pair__section")
    return {
        (s.pair.section.letter, s.pair.direction, s.pair.number): (round(s.percentage, 6), s.boards_played)
        for s in rows
    }


def test_a_two_section_mitchell_exports_its_sections_and_imports_again_as_the_same_sections(club):
    session = two_section_mitchell(club)
    data = session_usebio_bytes(session)
    event = ET.fromstring(data).find("EVENT")
    sections = event.findall("SECTION")
    assert [section.get("SECTION_ID") for section in sections] == ["A", "B"]
    for section in sections:
        letter = section.get("SECTION_ID")
        numbers = [pair.findtext("PAIR_NUMBER") for pair in section.iter("PAIR")]
        assert sorted(numbers) == sorted(f"({letter}) {n}{d}" for n in (1, 2, 3) for d in ("NS", "EW"))
        assert [board.findtext("BOARD_NUMBER") for board in section.findall("BOARD")] == ["1", "2"]
        assert len(section.findall("BOARD/TRAVELLER_LINE")) == 6
    again = usebio_import(club=club, data=data, name="Christmas pairs again").session
    assert list(again.sections.values_list("letter", "movement")) == [("A", "mitchell"), ("B", "mitchell")]
    assert again.is_mitchell and again.section_scoring == "field"
    assert _figures(again) == _figures(session)


def test_a_session_of_one_section_exports_no_section(club, mitchell_session):
    event = ET.fromstring(session_usebio_bytes(mitchell_session)).find("EVENT")
    assert event.find("SECTION") is None and event.find("PARTICIPANTS") is not None


@pytest.mark.parametrize("name", ["scorer-multi-section.xml"])
def test_the_scorer_file_of_three_sections_goes_out_with_its_three_sections(club, name):
    session = usebio_import(club=club, data=fixture_bytes(name)).session
    event = ET.fromstring(session_usebio_bytes(session)).find("EVENT")
    sections = {section.get("SECTION_ID"): section for section in event.findall("SECTION")}
    assert sorted(sections) == ["A", "B", "C"]
    assert [len(sections[letter].findall("PARTICIPANTS/PAIR")) for letter in "ABC"] == [26, 26, 14]
    assert sections["C"].find("PARTICIPANTS/PAIR/PAIR_NUMBER").text.startswith("(C) ")
