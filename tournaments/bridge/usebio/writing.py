"""Write a USEBIO 1.2 file as the real readers take it (federations' uploads, the ABF's Cobalt).

The shape follows what Compscore and Scorer, the two producers these readers are built
on, always write, since a reader is tested on their files, not on the DTD:

- the XML declaration and the ``DOCTYPE`` line naming the EBU's USEBIO 1.2 DTD;
- ``CLUB`` with ``CLUB_NAME`` and ``CLUB_ID_NUMBER`` (empty when the club has none);
- ``EVENT EVENT_TYPE="MP_PAIRS|CROSS_IMP|BUTLER_PAIRS"`` (Compscore's spellings, the
  only ones Cobalt accepts) with ``EVENT_DESCRIPTION``, ``PROGRAM_NAME``,
  ``PROGRAM_VERSION``, ``WINNER_TYPE`` (2: NS and EW ranked apart, 1: one ranking),
  ``DATE`` dd/mm/yyyy, ``BOARDS_PLAYED`` and ``MPS_AWARDED_FLAG`` (N: ClubScore awards none);
- each ``PAIR`` with ``PAIR_NUMBER`` telling NS 1 from EW 1 as Compscore does (``1NS``),
  ``DIRECTION``, ``TOTAL_SCORE``, ``PERCENTAGE`` (matchpoints), ``PLACE`` a whole number
  (tied pairs repeat it: Cobalt reads it with ``int()``), and two ``PLAYER``s, each with
  ``PLAYER_NAME`` and ``NATIONAL_ID_NUMBER`` (empty where unknown). Cobalt reads the
  second player of every pair, so a pair stored with one player gets a second named
  ``Unknown``;
- each ``BOARD`` with its ``TRAVELLER_LINE``s, every line with both sides' points
  (``NS_MATCH_POINTS``, ``NS_CROSS_IMP_POINTS`` or ``NS_BUTLER_POINTS``; Butler boards
  also their datum, ``BOARD_AVERAGE``); an artificial adjusted score is ``<SCORE>A6040``
  with no contract, as both producers write it;
- ``HANDSET``: each dealt board's four hands, North first.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, SubElement, indent, tostring

from tournaments.bridge.usebio.handset import write_handset
from tournaments.bridge.usebio.values import (
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


def _text(parent: Element, tag: str, value: object, *, always: bool = False) -> None:
    if (value is None or value == "") and not always:
        return
    text = "" if value is None else f"{value:.2f}" if isinstance(value, float) else str(value)
    SubElement(parent, tag).text = text


def _pair(participants: Element, pair: UsebioPair, event_type: str) -> None:
    element = SubElement(participants, "PAIR")
    _text(element, "PAIR_NUMBER", pair.key.compact)
    _text(element, "DIRECTION", pair.direction)
    _text(element, "TOTAL_SCORE", pair.total_score)
    if event_type == MATCHPOINTS:
        _text(element, "PERCENTAGE", pair.percentage)
    _text(element, "PLACE", pair.place)
    players = list(pair.players) + [None] * (2 - len(pair.players))
    for player in players:
        player_element = SubElement(element, "PLAYER")
        _text(player_element, "PLAYER_NAME", player.name if player else "Unknown")
        _text(player_element, "NATIONAL_ID_NUMBER", player.federation_number if player else "", always=True)


def _line(board: Element, line: TravellerLine, event_type: str) -> None:
    element = SubElement(board, "TRAVELLER_LINE")
    _text(element, "NS_PAIR_NUMBER", line.ns_pair.compact)
    _text(element, "EW_PAIR_NUMBER", line.ew_pair.compact)
    if line.adjusted is not None:
        _text(element, "SCORE", line.adjusted.code)
    else:
        _text(element, "CONTRACT", line.contract)
        _text(element, "PLAYED_BY", line.declarer)
        _text(element, "LEAD", line.lead)
        _text(element, "TRICKS", line.tricks)
        _text(element, "SCORE", line.ns_score)
    ns_tag, ew_tag = _POINTS[event_type]
    _text(element, ns_tag, line.ns_points)
    _text(element, ew_tag, line.ew_points)


def write_usebio(event: UsebioEvent) -> bytes:
    """Return the event as a USEBIO 1.2 document: UTF-8, with its XML declaration and DOCTYPE."""
    root = Element("USEBIO", Version=USEBIO_VERSION)
    club = SubElement(root, "CLUB")
    _text(club, "CLUB_NAME", event.club, always=True)
    _text(club, "CLUB_ID_NUMBER", event.club_id, always=True)
    event_element = SubElement(root, "EVENT", EVENT_TYPE=event.event_type)
    _text(event_element, "EVENT_DESCRIPTION", event.description)
    _text(event_element, "PROGRAM_NAME", event.program)
    _text(event_element, "PROGRAM_VERSION", event.program_version, always=True)
    _text(event_element, "WINNER_TYPE", event.ranking)
    _text(event_element, "DATE", event.date.strftime(DATE_FORMAT))
    _text(event_element, "BOARDS_PLAYED", len(event.boards))
    _text(event_element, "MPS_AWARDED_FLAG", "N")
    participants = SubElement(event_element, "PARTICIPANTS")
    for pair in event.pairs:
        _pair(participants, pair, event.event_type)
    for board in event.boards:
        board_element = SubElement(event_element, "BOARD")
        _text(board_element, "BOARD_NUMBER", board.number)
        if event.event_type == BUTLER:
            _text(board_element, "BOARD_AVERAGE", board.datum)
        for line in board.lines:
            _line(board_element, line, event.event_type)
    if event.deals:
        write_handset(root, event.deals)
    indent(root)
    body = tostring(root, encoding="unicode").encode("utf-8")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + b"\n" + body + b"\n"
