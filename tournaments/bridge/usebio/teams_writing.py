"""Write a teams event as USEBIO 1.2: the teams with their VPs and places, every match, both tables.

USEBIO 1.2 names teams events by ``EVENT_TYPE`` (``SWISS_TEAMS``, ``TEAMS`` for a round
robin or a single match). The layout follows what teams producers write (a public
scorer's SWISS_TEAMS output: ``MATCH_SCORING_METHOD``, ``TEAM`` with ``TEAM_ID`` and
``TEAM_NAME`` attributes, ``MATCH`` with ``TEAM``/``OPPOSING_TEAM`` and their scores):

- ``MATCH_SCORING_METHOD`` ``VPS`` (WBF scale) or ``BOARD_A_MATCH``;
- ``PARTICIPANTS`` holds one ``TEAM TEAM_ID=".." TEAM_NAME=".."`` a team with
  ``TOTAL_SCORE`` (its victory points, two decimals), ``PLACE`` (a whole number, tied
  teams repeat it) and a ``PLAYER`` per member with ``PLAYER_NAME`` and
  ``NATIONAL_ID_NUMBER`` (empty where unknown);
- one ``MATCH`` per match: ``ROUND_NUMBER``, ``TABLE_NUMBER`` (the match's number in its
  round), ``TEAM`` (home) and ``OPPOSING_TEAM`` (away; a bye has none), the board range,
  ``TEAM_SCORE``/``OPPOSING_TEAM_SCORE`` (VPs, or board-a-match points) and
  ``TEAM_IMPS``/``OPPOSING_TEAM_IMPS`` as the site shows them (after the director's
  penalties), then each ``BOARD`` with ``IMPS`` (the home team's, once both tables have
  it) and a ``TRAVELLER_LINE`` for each table: ``DIRECTION`` (the home team's seat: NS in
  the Open room, EW in the Closed), ``ROOM``, ``NS_TEAM`` and ``EW_TEAM``, then the contract
  and score as in a pairs file.

Plain Python: the selector (``selectors.teams_usebio``) gathers the values.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element, SubElement, indent, tostring

from tournaments.bridge.usebio.values import DATE_FORMAT, USEBIO_VERSION, UsebioPlayer
from tournaments.bridge.usebio.writing import DOCTYPE

SWISS_TEAMS = "SWISS_TEAMS"
TEAMS = "TEAMS"
ROOMS = ("Open", "Closed")


@dataclass(frozen=True)
class UsebioTeam:
    number: int
    name: str
    players: tuple[UsebioPlayer, ...]
    total_vp: float
    place: int


@dataclass(frozen=True)
class TeamsLine:
    """One table's result on a board: ``room`` 0 (Open) or 1 (Closed); ``adjusted`` e.g. ``A6040``."""

    room: int
    ns_team: int
    ew_team: int
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    ns_score: int | None = None
    adjusted: str = ""


@dataclass(frozen=True)
class TeamsBoard:
    number: int
    lines: tuple[TeamsLine, ...]
    home_imps: float | None = None


@dataclass(frozen=True)
class UsebioMatch:
    round: int
    table: int
    home: int
    away: int | None
    home_imps: float | None = None
    away_imps: float | None = None
    home_vp: float | None = None
    away_vp: float | None = None
    boards: tuple[TeamsBoard, ...] = ()


@dataclass(frozen=True)
class UsebioTeamsEvent:
    club: str
    description: str
    date: datetime.date
    event_type: str
    boards_per_match: int
    match_scoring: str
    teams: tuple[UsebioTeam, ...]
    matches: tuple[UsebioMatch, ...] = field(default_factory=tuple)
    club_id: str = ""
    program: str = "ClubScore"
    program_version: str = ""


def _text(parent: Element, tag: str, value: object, *, always: bool = False) -> None:
    if (value is None or value == "") and not always:
        return
    text = "" if value is None else f"{value:.2f}" if isinstance(value, float) else str(value)
    SubElement(parent, tag).text = text


def _team(participants: Element, team: UsebioTeam) -> None:
    element = SubElement(participants, "TEAM", TEAM_ID=str(team.number), TEAM_NAME=team.name)
    _text(element, "TOTAL_SCORE", float(team.total_vp))
    _text(element, "PLACE", team.place)
    for player in team.players:
        player_element = SubElement(element, "PLAYER")
        _text(player_element, "PLAYER_NAME", player.name)
        _text(player_element, "NATIONAL_ID_NUMBER", player.federation_number, always=True)


def _line(board: Element, line: TeamsLine) -> None:
    element = SubElement(board, "TRAVELLER_LINE")
    _text(element, "DIRECTION", ("NS", "EW")[line.room])
    _text(element, "ROOM", ROOMS[line.room])
    _text(element, "NS_TEAM", line.ns_team)
    _text(element, "EW_TEAM", line.ew_team)
    if line.adjusted:
        _text(element, "SCORE", line.adjusted)
        return
    _text(element, "CONTRACT", line.contract)
    _text(element, "PLAYED_BY", line.declarer)
    _text(element, "TRICKS", line.tricks)
    _text(element, "SCORE", line.ns_score)


def _match(event_element: Element, match: UsebioMatch) -> None:
    element = SubElement(event_element, "MATCH")
    _text(element, "ROUND_NUMBER", match.round)
    _text(element, "TABLE_NUMBER", match.table)
    _text(element, "TEAM", match.home)
    _text(element, "OPPOSING_TEAM", match.away)
    if match.boards:
        _text(element, "START_BOARD_NUMBER", match.boards[0].number)
        _text(element, "END_BOARD_NUMBER", match.boards[-1].number)
    for tag, value in (
        ("TEAM_SCORE", match.home_vp),
        ("OPPOSING_TEAM_SCORE", match.away_vp),
        ("TEAM_IMPS", match.home_imps),
        ("OPPOSING_TEAM_IMPS", match.away_imps),
    ):
        _text(element, tag, None if value is None else float(value))
    for board in match.boards:
        board_element = SubElement(element, "BOARD")
        _text(board_element, "BOARD_NUMBER", board.number)
        _text(board_element, "IMPS", None if board.home_imps is None else float(board.home_imps))
        for line in board.lines:
            _line(board_element, line)


def write_teams_usebio(event: UsebioTeamsEvent) -> bytes:
    """Return the teams event as a USEBIO 1.2 document: UTF-8, with its XML declaration and DOCTYPE."""
    root = Element("USEBIO", Version=USEBIO_VERSION)
    club = SubElement(root, "CLUB")
    _text(club, "CLUB_NAME", event.club, always=True)
    _text(club, "CLUB_ID_NUMBER", event.club_id, always=True)
    event_element = SubElement(root, "EVENT", EVENT_TYPE=event.event_type)
    _text(event_element, "EVENT_DESCRIPTION", event.description)
    _text(event_element, "PROGRAM_NAME", event.program)
    _text(event_element, "PROGRAM_VERSION", event.program_version, always=True)
    _text(event_element, "WINNER_TYPE", 1)
    _text(event_element, "DATE", event.date.strftime(DATE_FORMAT))
    _text(event_element, "BOARDS_PER_MATCH", event.boards_per_match)
    _text(event_element, "MATCH_SCORING_METHOD", event.match_scoring)
    _text(event_element, "MPS_AWARDED_FLAG", "N")
    participants = SubElement(event_element, "PARTICIPANTS")
    for team in event.teams:
        _team(participants, team)
    for match in event.matches:
        _match(event_element, match)
    indent(root)
    body = tostring(root, encoding="unicode").encode("utf-8")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + b"\n" + body + b"\n"
