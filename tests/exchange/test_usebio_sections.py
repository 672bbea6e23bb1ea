"""A session of sections goes out as USEBIO with its SECTIONs and comes back in as the same sections.

The exported file is read here with the standard library's parser, independently of
ClubScore's reader; then it is imported again and the session it becomes compared.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from tests.exchange.usebio_files import fixture_bytes
from tests.night.sections import two_section_mitchell
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
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


def _line(ns: str, ew: str, contract: str, tricks: int, score: int) -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
        f"<SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


def test_an_imported_session_of_sections_shows_its_director_page(director_client, club):
    """A scorer's file of two sections states no movement of ClubScore's: the director's
    session page named each section's tables from a number it has not (a 500, found by the
    walk of every seam, issue 45) and now names its letter and movement alone."""
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>({s}) 1 {d}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION>"
        f"<PLAYER><PLAYER_NAME>{s}{d} One</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>{s}{d} Two</PLAYER_NAME></PLAYER></PAIR>"
        for s in "AB"
        for d in ("NS", "EW")
    )
    sections = "".join(
        f'<SECTION SECTION_ID="{s}"><PARTICIPANTS>'
        + "".join(p + "</PAIR>" for p in pairs.split("</PAIR>") if f"({s})" in p)
        + "</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        + _line(f"({s}) 1 NS", f"({s}) 1 EW", "4S", 10 if s == "A" else 9, 420 if s == "A" else -50)
        + "</BOARD></SECTION>"
        for s in "AB"
    )
    data = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><DATE>29/11/2026</DATE>'
        f"{sections}</EVENT></USEBIO>"
    ).encode()
    session = usebio_import(club=club, data=data, name="Two sections").session

    page = director_client.get(reverse("director:session", args=[session.pk]))

    assert page.status_code == 200
    assert session.sections.count() == 2
