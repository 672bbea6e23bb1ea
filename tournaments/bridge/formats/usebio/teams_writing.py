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
from xml.etree.ElementTree import Element, SubElement

from tournaments.bridge.formats.usebio.values import DATE_FORMAT, UsebioPlayer
from tournaments.bridge.formats.usebio.writing import text_element, usebio_document, usebio_event_root

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


def _team(participants: Element, team: UsebioTeam) -> None:
    element = SubElement(participants, "TEAM", TEAM_ID=str(team.number), TEAM_NAME=team.name)
    text_element(element, "TOTAL_SCORE", float(team.total_vp))
    text_element(element, "PLACE", team.place)
    for player in team.players:
        player_element = SubElement(element, "PLAYER")
        text_element(player_element, "PLAYER_NAME", player.name)
        text_element(player_element, "NATIONAL_ID_NUMBER", player.federation_number, always=True)


def _line(board: Element, line: TeamsLine) -> None:
    element = SubElement(board, "TRAVELLER_LINE")
    text_element(element, "DIRECTION", ("NS", "EW")[line.room])
    text_element(element, "ROOM", ROOMS[line.room])
    text_element(element, "NS_TEAM", line.ns_team)
    text_element(element, "EW_TEAM", line.ew_team)
    if line.adjusted:
        text_element(element, "SCORE", line.adjusted)
        return
    text_element(element, "CONTRACT", line.contract)
    text_element(element, "PLAYED_BY", line.declarer)
    text_element(element, "TRICKS", line.tricks)
    text_element(element, "SCORE", line.ns_score)


def _match(event_element: Element, match: UsebioMatch) -> None:
    element = SubElement(event_element, "MATCH")
    text_element(element, "ROUND_NUMBER", match.round)
    text_element(element, "TABLE_NUMBER", match.table)
    text_element(element, "TEAM", match.home)
    text_element(element, "OPPOSING_TEAM", match.away)
    if match.boards:
        text_element(element, "START_BOARD_NUMBER", match.boards[0].number)
        text_element(element, "END_BOARD_NUMBER", match.boards[-1].number)
    for tag, value in (
        ("TEAM_SCORE", match.home_vp),
        ("OPPOSING_TEAM_SCORE", match.away_vp),
        ("TEAM_IMPS", match.home_imps),
        ("OPPOSING_TEAM_IMPS", match.away_imps),
    ):
        text_element(element, tag, None if value is None else float(value))
    for board in match.boards:
        board_element = SubElement(element, "BOARD")
        text_element(board_element, "BOARD_NUMBER", board.number)
        text_element(board_element, "IMPS", None if board.home_imps is None else float(board.home_imps))
        for line in board.lines:
            _line(board_element, line)


def write_teams_usebio(event: UsebioTeamsEvent) -> bytes:
    """Return the teams event as a USEBIO 1.2 document: UTF-8, with its XML declaration and DOCTYPE."""
    root, event_element = usebio_event_root(event, winner_type=1)
    text_element(event_element, "DATE", event.date.strftime(DATE_FORMAT))
    text_element(event_element, "BOARDS_PER_MATCH", event.boards_per_match)
    text_element(event_element, "MATCH_SCORING_METHOD", event.match_scoring)
    text_element(event_element, "MPS_AWARDED_FLAG", "N")
    participants = SubElement(event_element, "PARTICIPANTS")
    for team in event.teams:
        _team(participants, team)
    for match in event.matches:
        _match(event_element, match)
    return usebio_document(root)
