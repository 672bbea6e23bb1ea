"""Write a USEBIO 1.2 file as the real readers take it (federations' uploads, the ABF's Cobalt).

The shape follows what Compscore and Scorer, the two producers these readers are built
on, always write, since a reader is tested on their files, not on the DTD:

- the XML declaration and the ``DOCTYPE`` line naming the EBU's USEBIO 1.2 DTD;
- ``CLUB`` with ``CLUB_NAME`` and ``CLUB_ID_NUMBER`` (empty when the club has none);
- ``EVENT EVENT_TYPE="MP_PAIRS|CROSS_IMP|BUTLER_PAIRS"`` (Compscore's spellings, the
  only ones Cobalt accepts) with ``EVENT_DESCRIPTION``, ``PROGRAM_NAME``,
  ``PROGRAM_VERSION``, ``WINNER_TYPE`` (2: NS and EW ranked apart, 1: one ranking),
  ``DATE`` dd/mm/yyyy, ``BOARDS_PLAYED``, and the master points' head (``awards``:
  ``MASTER_POINT_SCALE``, ``MASTER_POINT_TYPE``, ``MPS_AWARDED_FLAG``, ``P2P_CHARGE_RATE``;
  the flag alone, ``N``, for a club that awards none);
- each ``PAIR`` with ``PAIR_NUMBER`` telling NS 1 from EW 1 as Compscore does (``1NS``),
  ``DIRECTION``, ``TOTAL_SCORE``, ``PERCENTAGE`` (matchpoints), ``PLACE`` a whole number
  (tied pairs repeat it: Cobalt reads it with ``int()``), its master points when awarded
  (``MASTER_POINTS_AWARDED`` and ``MASTER_POINT_TYPE``, where Compscore writes them, Cobalt
  reads them), and two ``PLAYER``s, each with
  ``PLAYER_NAME`` and ``NATIONAL_ID_NUMBER`` (empty where unknown). Cobalt reads the
  second player of every pair, so a pair stored with one player gets a second named
  ``Unknown``;
- each ``BOARD`` with its ``TRAVELLER_LINE``s, every line with both sides' points
  (``NS_MATCH_POINTS``, ``NS_CROSS_IMP_POINTS`` or ``NS_BUTLER_POINTS``; Butler boards
  also their datum, ``BOARD_AVERAGE``); an artificial adjusted score is ``<SCORE>A6040``
  with no contract, as both producers write it;
- an event of several sections: a ``SECTION SECTION_ID="A"`` each, holding its own
  ``PARTICIPANTS`` and ``BOARD``s, its pairs numbered within it as Scorer writes them
  (``(A) 1NS``);
- ``HANDSET``: each dealt board's four hands, North first.
"""

from __future__ import annotations

import datetime
from typing import Protocol
from xml.etree.ElementTree import Element, SubElement, indent, tostring

from tournaments.bridge.formats.usebio.awards import UsebioAwards, write_awards_head, write_pair_award
from tournaments.bridge.formats.usebio.handset import write_handset
from tournaments.bridge.formats.usebio.values import (
    BUTLER,
    CROSS_IMPS,
    DATE_FORMAT,
    MATCHPOINTS,
    USEBIO_VERSION,
    TravellerLine,
    UsebioEvent,
    UsebioPair,
)

DOCTYPE = b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
_POINTS = {
    MATCHPOINTS: ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    CROSS_IMPS: ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
    BUTLER: ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
}


def text_element(parent: Element, tag: str, value: object, *, always: bool = False) -> None:
    """Add ``<tag>value</tag>``, floats to two decimals; an empty value only when ``always``."""
    if (value is None or value == "") and not always:
        return
    text = "" if value is None else f"{value:.2f}" if isinstance(value, float) else str(value)
    SubElement(parent, tag).text = text


def _pair(participants: Element, pair: UsebioPair, event_type: str, awards: UsebioAwards | None) -> None:
    element = SubElement(participants, "PAIR")
    text_element(element, "PAIR_NUMBER", pair.key.compact)
    text_element(element, "DIRECTION", pair.direction)
    text_element(element, "TOTAL_SCORE", pair.total_score)
    if event_type == MATCHPOINTS:
        text_element(element, "PERCENTAGE", pair.percentage)
    text_element(element, "PLACE", pair.place)
    write_pair_award(element, pair.key, awards)
    text_element(element, "HANDICAP", pair.handicap)  # Scorer's handicap pairs (``bridge.handicaps``)
    players = list(pair.players) + [None] * (2 - len(pair.players))
    for player in players:
        player_element = SubElement(element, "PLAYER")
        text_element(player_element, "PLAYER_NAME", player.name if player else "Unknown")
        text_element(
            player_element, "NATIONAL_ID_NUMBER", player.federation_number if player else "", always=True
        )


def _line(board: Element, line: TravellerLine, event_type: str) -> None:
    element = SubElement(board, "TRAVELLER_LINE")
    text_element(element, "NS_PAIR_NUMBER", line.ns_pair.compact)
    text_element(element, "EW_PAIR_NUMBER", line.ew_pair.compact)
    write_line_result(element, line, event_type)


def write_line_result(element: Element, line: TravellerLine, event_type: str) -> None:
    """Add a traveller line's result after whoever sat it: contract, play and score, then both sides' points.

    A score the line states with no contract (``TravellerLine.written_contract``, a stated
    score) is its ``SCORE`` alone, no ``CONTRACT``: the readers take a number with no
    contract as that score.
    """
    if line.adjusted is not None:
        text_element(element, "SCORE", line.adjusted.code)
    else:
        text_element(element, "CONTRACT", line.contract)
        text_element(element, "PLAYED_BY", line.declarer)
        text_element(element, "LEAD", line.lead)
        text_element(element, "TRICKS", line.tricks)
        text_element(element, "SCORE", line.ns_score)
    ns_tag, ew_tag = _POINTS[event_type]
    text_element(element, ns_tag, line.ns_points)
    text_element(element, ew_tag, line.ew_points)


class _HeadedEvent(Protocol):
    """What the CLUB and EVENT heads need of a pairs or teams event."""

    @property
    def club(self) -> str: ...
    @property
    def club_id(self) -> str: ...
    @property
    def event_type(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def program(self) -> str: ...
    @property
    def program_version(self) -> str: ...


def usebio_event_root(event: _HeadedEvent, *, winner_type: object) -> tuple[Element, Element]:
    """Start a document as every producer does: the CLUB, then the EVENT with its program.

    ``event`` is a pairs or teams event: anything with ``club``, ``club_id``,
    ``event_type``, ``description``, ``program`` and ``program_version``.
    """
    root = Element("USEBIO", Version=USEBIO_VERSION)
    club = SubElement(root, "CLUB")
    text_element(club, "CLUB_NAME", event.club, always=True)
    text_element(club, "CLUB_ID_NUMBER", event.club_id, always=True)
    event_element = SubElement(root, "EVENT", EVENT_TYPE=event.event_type)
    text_element(event_element, "EVENT_DESCRIPTION", event.description)
    text_element(event_element, "PROGRAM_NAME", event.program)
    text_element(event_element, "PROGRAM_VERSION", event.program_version, always=True)
    text_element(event_element, "WINNER_TYPE", winner_type)
    return root, event_element


def write_event_head(
    event_element: Element, date: datetime.date, boards_played: int, awards: UsebioAwards | None
) -> None:
    """Add the EVENT's date, boards played and master points' head (pairs and individuals alike)."""
    text_element(event_element, "DATE", date.strftime(DATE_FORMAT))
    text_element(event_element, "BOARDS_PLAYED", boards_played)
    write_awards_head(event_element, awards)


def usebio_document(root: Element) -> bytes:
    """Return the document as UTF-8, with its XML declaration and DOCTYPE."""
    indent(root)
    body = tostring(root, encoding="unicode").encode("utf-8")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + b"\n" + body + b"\n"


def _section_body(
    container: Element, event: UsebioEvent, section: str | None, awards: UsebioAwards | None
) -> None:
    """Write the pairs and boards of one section (``None``: the whole event, of one section)."""
    participants = SubElement(container, "PARTICIPANTS")
    for pair in event.pairs:
        if section is None or pair.key.section == section:
            _pair(participants, pair, event.event_type, awards)
    for board in event.boards:
        if section is not None and board.section != section:
            continue
        board_element = SubElement(container, "BOARD")
        text_element(board_element, "BOARD_NUMBER", board.number)
        if event.event_type == BUTLER:
            text_element(board_element, "BOARD_AVERAGE", board.datum)
        for line in board.lines:
            _line(board_element, line, event.event_type)


def write_usebio(event: UsebioEvent, awards: UsebioAwards | None = None) -> bytes:
    """Return the event as a USEBIO 1.2 document: UTF-8, with its XML declaration and DOCTYPE.

    ``awards``: the event's master points (none: ``MPS_AWARDED_FLAG`` N and no award).
    """
    root, event_element = usebio_event_root(event, winner_type=event.ranking)
    write_event_head(event_element, event.date, len(event.boards), awards)
    sections = event.sections
    if len(sections) > 1:  # each SECTION its own pairs and travellers, as Scorer writes them
        for letter in sections:
            section_element = SubElement(event_element, "SECTION", SECTION_ID=letter)
            _section_body(section_element, event, letter, awards)
    else:
        _section_body(event_element, event, None, awards)
    if event.deals:
        write_handset(root, event.deals)
    return usebio_document(root)
