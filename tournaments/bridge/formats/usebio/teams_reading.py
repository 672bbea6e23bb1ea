"""Read a teams USEBIO file: its teams, every match of every round, each board's two tables.

The elements are the ones ``teams_writing`` writes (and teams producers write):
``EVENT_TYPE`` ``SWISS_TEAMS``, ``TEAMS`` (a round robin or one match) or the spellings of
an evening of several teams (``MULTI_TEAMS``, ``MULTIPLE_TEAMS``, ``TEAMS_OF_FOUR``);
``MATCH_SCORING_METHOD`` ``VPS`` or board-a-match (``BOARD_A_MATCH``, ``POINT_A_BOARD``);
``PARTICIPANTS/TEAM`` with ``TEAM_ID`` and ``TEAM_NAME`` as attributes (or as children)
and its ``PLAYER``s; ``MATCH`` with ``ROUND_NUMBER``, ``TABLE_NUMBER``, ``TEAM``,
``OPPOSING_TEAM`` (none for a bye), the scores (``TEAM_SCORE`` the VPs, or the IMPs where
``TEAM_VICTORY_POINTS`` gives the VPs, as EBU software writes them), and ``BOARD``s whose
``TRAVELLER_LINE``s name the ``NS_TEAM`` and ``EW_TEAM``. A team's players may be grouped
in its ``PAIR``s. The values are ``teams_writing``'s, so a file
ClubScore wrote reads back as the values it was written from. Whatever is wrong is
refused by name and line, as the pairs reader does.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from tournaments.bridge.formats.usebio.parsing import event_element, parse_xml
from tournaments.bridge.formats.usebio.reading import (
    _PASSES,
    _SEATS,
    _child_text,
    _contract,
    _date,
    _float,
    _int,
)
from tournaments.bridge.formats.usebio.teams_writing import (
    SWISS_TEAMS,
    TEAMS,
    TeamsBoard,
    TeamsLine,
    UsebioMatch,
    UsebioTeam,
    UsebioTeamsEvent,
)
from tournaments.bridge.formats.usebio.values import UsebioError, UsebioPlayer, at_element, reading_lines
from tournaments.bridge.seats import MAX_BOARD_NUMBER

BOARD_A_MATCH = "BOARD_A_MATCH"
VPS = "VPS"
# An evening where several teams meet each other (the EBU's multiple teams) is a round robin.
TEAMS_EVENT_TYPES = {
    "SWISS_TEAMS": SWISS_TEAMS,
    "TEAMS": TEAMS,
    "TEAMS_OF_FOUR": TEAMS,
    "MULTI_TEAMS": TEAMS,
    "MULTIPLE_TEAMS": TEAMS,
}
_MATCH_SCORING = {
    "": VPS,
    "VPS": VPS,
    "VP": VPS,
    "VICTORY_POINTS": VPS,
    "IMPS": VPS,
    "BOARD_A_MATCH": BOARD_A_MATCH,
    "POINT_A_BOARD": BOARD_A_MATCH,
    "BAM": BOARD_A_MATCH,
}
MAX_TEAMS = 200


def is_teams_usebio(data: bytes) -> bool:
    """Whether a USEBIO document's first event is a teams event (read it with ``read_teams_usebio``)."""
    root, _lines = parse_xml(data)
    event = root.find("EVENT")
    written = (event.get("EVENT_TYPE") or "") if event is not None else ""
    return written.strip().upper() in TEAMS_EVENT_TYPES


def _team_number(text: str, where: str) -> int:
    if not re.fullmatch(r"\d{1,4}", text.strip()):
        raise UsebioError(f"{where}: team {text[:20]!r} is not a team number")
    number = int(text)
    if not 1 <= number <= 9999:
        raise UsebioError(f"{where}: team {number} must be 1 or more")
    return number


def _read_team(element: Element, index: int) -> UsebioTeam:
    where = f"TEAM {index}"
    number_text = (
        element.get("TEAM_ID")
        or _child_text(element, "TEAM_ID", where)
        or _child_text(element, "TEAM_NUMBER", where)
    )
    if not number_text:
        raise UsebioError(f"{where}: no TEAM_ID")
    number = _team_number(number_text, where)
    name = " ".join((element.get("TEAM_NAME") or _child_text(element, "TEAM_NAME", where)).split())
    players = []
    # ClubScore writes a team's players in it; EBU software groups them in its PAIRs.
    for player in [*element.findall("PLAYER"), *element.findall("PAIR/PLAYER")]:
        player_name = " ".join(_child_text(player, "PLAYER_NAME", where).split())
        federation = _child_text(player, "NATIONAL_ID_NUMBER", where)
        if player_name:
            players.append(UsebioPlayer(player_name, "" if federation.strip("0") == "" else federation))
    total = _float(element, "TOTAL_SCORE", where)
    place_text = _child_text(element, "PLACE", where).strip("= ")
    return UsebioTeam(
        number=number,
        name=name[:120] or f"Team {number}",
        players=tuple(players),
        total_vp=0.0 if total is None else total,
        place=int(place_text) if place_text.isdigit() else 0,
    )


def _read_line(element: Element, where: str) -> TeamsLine:
    ns_team = _team_number(_child_text(element, "NS_TEAM", where, required=True), where)
    ew_team = _team_number(_child_text(element, "EW_TEAM", where, required=True), where)
    room = 1 if _child_text(element, "ROOM", where).upper() == "CLOSED" else 0
    score = _child_text(element, "SCORE", where)
    contract = " ".join(_child_text(element, "CONTRACT", where).upper().split())
    if not contract:
        if not score:
            raise UsebioError(f"{where}: a line with neither <CONTRACT> nor <SCORE>")
        if re.fullmatch(r"-?\d{1,5}", score):
            raise UsebioError(f"{where}: <SCORE> {score} with no <CONTRACT>")
        return TeamsLine(room, ns_team, ew_team, adjusted=score[:20])
    if contract in _PASSES:
        return TeamsLine(room, ns_team, ew_team, "PASS", ns_score=0)
    declarer = _child_text(element, "PLAYED_BY", where, required=True).upper()
    if declarer not in _SEATS:
        raise UsebioError(f"{where}: <PLAYED_BY> must be N, E, S or W, not {declarer[:20]!r}")
    return TeamsLine(
        room,
        ns_team,
        ew_team,
        _contract(contract, where),
        _SEATS[declarer],
        _int(element, "TRICKS", where, high=13),
        int(score) if re.fullmatch(r"-?\d{1,5}", score) else None,
    )


def _read_board(element: Element, where: str) -> TeamsBoard:
    number = _int(element, "BOARD_NUMBER", where, low=1, high=MAX_BOARD_NUMBER)
    lines = []
    for index, line in enumerate(element.findall("TRAVELLER_LINE"), start=1):
        with at_element(line):
            lines.append(_read_line(line, f"{where}, board {number}, line {index}"))
    return TeamsBoard(number, tuple(lines), _float(element, "IMPS", where))


def _read_match(element: Element, index: int, teams: set[int]) -> UsebioMatch:
    where = f"MATCH {index}"
    round_number = _int(element, "ROUND_NUMBER", where, low=1, high=99)
    table = (
        _int(element, "TABLE_NUMBER", where, low=1, high=999)
        if element.find("TABLE_NUMBER") is not None
        else index
    )
    where = f"MATCH of round {round_number}, table {table}"
    home = _team_number(_child_text(element, "TEAM", where, required=True), where)
    away_text = _child_text(element, "OPPOSING_TEAM", where)
    away = _team_number(away_text, where) if away_text else None
    for number in (home, away):
        if number is not None and number not in teams:
            raise UsebioError(f"{where}: team {number} is not a participant")
    boards = []
    for board in element.findall("BOARD"):
        with at_element(board):
            boards.append(_read_board(board, where))
    # A file that gives TEAM_VICTORY_POINTS (EBU software) has the match's IMPs as its TEAM_SCORE.
    vps = element.find("TEAM_VICTORY_POINTS") is not None
    score, opposing = _float(element, "TEAM_SCORE", where), _float(element, "OPPOSING_TEAM_SCORE", where)
    return UsebioMatch(
        round_number,
        table,
        home,
        away,
        _float(element, "TEAM_IMPS", where) if not vps or element.find("TEAM_IMPS") is not None else score,
        _float(element, "OPPOSING_TEAM_IMPS", where)
        if not vps or element.find("OPPOSING_TEAM_IMPS") is not None
        else opposing,
        _float(element, "TEAM_VICTORY_POINTS", where) if vps else score,
        _float(element, "OPPOSING_TEAM_VICTORY_POINTS", where) if vps else opposing,
        tuple(sorted(boards, key=lambda board: board.number)),
    )


def _club_name(root: Element) -> str:
    club = root.find("CLUB")
    return "" if club is None else _child_text(club, "CLUB_NAME", "CLUB")


def read_teams_usebio(data: bytes) -> UsebioTeamsEvent:
    """Read a teams USEBIO document's first event; raise ``UsebioError`` naming what is wrong and where."""
    root, lines = parse_xml(data)
    with reading_lines(lines):
        return _read_event(root)


def _read_event(root: Element) -> UsebioTeamsEvent:
    event = event_element(root)
    written = (event.get("EVENT_TYPE") or "").strip().upper()
    if written not in TEAMS_EVENT_TYPES:
        raise UsebioError(f'<EVENT EVENT_TYPE="{written[:30]}"> is not a teams event')
    scoring_text = _child_text(event, "MATCH_SCORING_METHOD", "EVENT").upper().replace(" ", "_")
    if scoring_text not in _MATCH_SCORING:
        raise UsebioError(
            f"EVENT: <MATCH_SCORING_METHOD> {scoring_text[:30]!r}: "
            "ClubScore scores teams by VPS or BOARD_A_MATCH"
        )
    teams = []
    for index, element in enumerate(event.findall("PARTICIPANTS/TEAM"), start=1):
        with at_element(element):
            teams.append(_read_team(element, index))
    numbers = [team.number for team in teams]
    if not 2 <= len(teams) <= MAX_TEAMS:
        raise UsebioError(f"EVENT: a teams event has 2 to {MAX_TEAMS} <TEAM>s, not {len(teams)}")
    repeated = sorted({number for number in numbers if numbers.count(number) > 1})
    if repeated:
        raise UsebioError(f"PARTICIPANTS: team {', '.join(map(str, repeated))} appears twice")
    matches = []
    for index, element in enumerate(event.findall("MATCH"), start=1):
        with at_element(element):
            matches.append(_read_match(element, index, set(numbers)))
    with at_element(event):
        date = _date(event)
        boards_per_match = _int(event, "BOARDS_PER_MATCH", "EVENT", low=1, high=MAX_BOARD_NUMBER)
    return UsebioTeamsEvent(
        club=_club_name(root),
        description=" ".join(_child_text(event, "EVENT_DESCRIPTION", "EVENT").split()) or "Imported teams",
        date=date,
        event_type=TEAMS_EVENT_TYPES[written],
        boards_per_match=boards_per_match,
        match_scoring=_MATCH_SCORING[scoring_text],
        teams=tuple(teams),
        matches=tuple(sorted(matches, key=lambda match: (match.round, match.table))),
        program=_child_text(event, "PROGRAM_NAME", "EVENT"),
        program_version=_child_text(event, "PROGRAM_VERSION", "EVENT"),
    )
