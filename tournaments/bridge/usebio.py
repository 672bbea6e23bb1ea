"""USEBIO 1.2 XML: a pairs session's pairs, players, travellers and standings, as values.

USEBIO is the XML results format federations (the EBU first) take from club scorers.
ClubScore writes and reads this subset of its elements::

    <USEBIO Version="1.2">
      <CLUB><CLUB_NAME/></CLUB>
      <EVENT EVENT_TYPE="MP_PAIRS|CROSS_IMPS|BUTLER_PAIRS">
        <EVENT_DESCRIPTION/> <PROGRAM_NAME/> <DATE>dd/mm/yyyy</DATE> <BOARDS_PLAYED/>
        <PARTICIPANTS>
          <PAIR> <PAIR_NUMBER/> <DIRECTION>NS|EW</DIRECTION> (a Mitchell only)
                 <PLACE>1=</PLACE> <TOTAL_SCORE/> <PERCENTAGE/>
                 <PLAYER><PLAYER_NAME/><NATIONAL_ID_NUMBER/></PLAYER> ... </PAIR>
        </PARTICIPANTS>
        <BOARD> <BOARD_NUMBER/>
          <TRAVELLER_LINE> <NS_PAIR_NUMBER/> <EW_PAIR_NUMBER/> <CONTRACT>4SX|PASS</CONTRACT>
            <PLAYED_BY>N</PLAYED_BY> <LEAD/> <TRICKS/> <SCORE>NS score</SCORE>
            <NS_MATCH_POINTS/> <EW_MATCH_POINTS/> </TRAVELLER_LINE> ...
        </BOARD> ...
      </EVENT>
    </USEBIO>

Other elements a scorer adds (hand records, masterpoints, sections) are ignored when
read. A traveller line needs a numeric NS score: artificial adjusted scores, which
other scorers spell in several ways, are refused by name rather than guessed at.
The XML comes from another program, so it is parsed with defusedxml (no entity
expansion, no external DTD fetch); errors name the element (``BOARD 3, line 2``) or,
for malformed XML, the line and column the parser stopped at.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element, ParseError, SubElement, indent, tostring

from tournaments.bridge.seats import MAX_BOARD_NUMBER

USEBIO_VERSION = "1.2"
EVENT_TYPES = ("MP_PAIRS", "CROSS_IMPS", "BUTLER_PAIRS")
DATE_FORMAT = "%d/%m/%Y"


class UsebioError(ValueError):
    """A USEBIO file that cannot be read; the message names the element or line at fault."""


@dataclass(frozen=True)
class UsebioPlayer:
    name: str
    federation_number: str = ""


@dataclass(frozen=True)
class UsebioPair:
    number: int
    direction: str  # 'NS' or 'EW' in a Mitchell, '' in a Howell
    players: tuple[UsebioPlayer, ...]
    place: str = ""  # '1', '2=': the standing the file states
    total_score: float | None = None  # matchpoints (or IMPs)
    percentage: float | None = None

    @property
    def label(self) -> str:
        return f"{self.number} {self.direction}".strip()


@dataclass(frozen=True)
class TravellerLine:
    ns_pair: int
    ew_pair: int
    contract: str  # '4SX', '3NT', 'PASS'
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""
    ns_score: int = 0
    ns_matchpoints: float | None = None
    ew_matchpoints: float | None = None


@dataclass(frozen=True)
class UsebioBoard:
    number: int
    lines: tuple[TravellerLine, ...]


@dataclass(frozen=True)
class UsebioEvent:
    club: str
    description: str
    date: datetime.date
    event_type: str = "MP_PAIRS"
    program: str = "ClubScore"
    pairs: tuple[UsebioPair, ...] = ()
    boards: tuple[UsebioBoard, ...] = field(default=())

    @property
    def is_mitchell(self) -> bool:
        return any(pair.direction for pair in self.pairs)


# --- Writing -----------------------------------------------------------------------------------


def _text(parent: Element, tag: str, value: object) -> None:
    if value is None or value == "":
        return
    SubElement(parent, tag).text = f"{value:.2f}" if isinstance(value, float) else str(value)


def write_usebio(event: UsebioEvent) -> bytes:
    """Return the event as a USEBIO 1.2 document, UTF-8 with its XML declaration."""
    root = Element("USEBIO", Version=USEBIO_VERSION)
    SubElement(SubElement(root, "CLUB"), "CLUB_NAME").text = event.club
    event_element = SubElement(root, "EVENT", EVENT_TYPE=event.event_type)
    _text(event_element, "EVENT_DESCRIPTION", event.description)
    _text(event_element, "PROGRAM_NAME", event.program)
    _text(event_element, "DATE", event.date.strftime(DATE_FORMAT))
    _text(event_element, "BOARDS_PLAYED", len(event.boards))
    participants = SubElement(event_element, "PARTICIPANTS")
    for pair in event.pairs:
        pair_element = SubElement(participants, "PAIR")
        _text(pair_element, "PAIR_NUMBER", pair.number)
        _text(pair_element, "DIRECTION", pair.direction)
        _text(pair_element, "PLACE", pair.place)
        _text(pair_element, "TOTAL_SCORE", pair.total_score)
        _text(pair_element, "PERCENTAGE", pair.percentage)
        for player in pair.players:
            player_element = SubElement(pair_element, "PLAYER")
            _text(player_element, "PLAYER_NAME", player.name)
            _text(player_element, "NATIONAL_ID_NUMBER", player.federation_number)
    for board in event.boards:
        board_element = SubElement(event_element, "BOARD")
        _text(board_element, "BOARD_NUMBER", board.number)
        for line in board.lines:
            line_element = SubElement(board_element, "TRAVELLER_LINE")
            _text(line_element, "NS_PAIR_NUMBER", line.ns_pair)
            _text(line_element, "EW_PAIR_NUMBER", line.ew_pair)
            _text(line_element, "CONTRACT", line.contract)
            _text(line_element, "PLAYED_BY", line.declarer)
            _text(line_element, "LEAD", line.lead)
            _text(line_element, "TRICKS", line.tricks)
            _text(line_element, "SCORE", line.ns_score)
            _text(line_element, "NS_MATCH_POINTS", line.ns_matchpoints)
            _text(line_element, "EW_MATCH_POINTS", line.ew_matchpoints)
    indent(root)
    return tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


# --- Reading -----------------------------------------------------------------------------------


def _child_text(element: Element, tag: str, where: str, *, required: bool = False) -> str:
    child = element.find(tag)
    value = (child.text or "").strip() if child is not None else ""
    if required and not value:
        raise UsebioError(f"{where}: <{tag}> is missing or empty")
    return value


def _int(element: Element, tag: str, where: str, *, required: bool = True, low: int = 0) -> int | None:
    text = _child_text(element, tag, where, required=required)
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise UsebioError(f"{where}: <{tag}> must be a whole number, not {text!r}") from None
    if value < low:
        raise UsebioError(f"{where}: <{tag}> must be at least {low}, not {value}")
    return value


def _float(element: Element, tag: str, where: str) -> float | None:
    text = _child_text(element, tag, where)
    if not text:
        return None
    try:
        return float(text.replace(",", "."))
    except ValueError:
        raise UsebioError(f"{where}: <{tag}> must be a number, not {text!r}") from None


def _read_pair(element: Element, index: int) -> UsebioPair:
    where = f"PAIR {index}"
    number = _int(element, "PAIR_NUMBER", where, low=1)
    direction = _child_text(element, "DIRECTION", where).upper().replace("-", "").replace("/", "")
    if direction not in ("", "NS", "EW"):
        raise UsebioError(f"{where}: <DIRECTION> must be NS or EW, not {direction!r}")
    players = []
    for player_index, player in enumerate(element.findall("PLAYER"), start=1):
        name = _child_text(player, "PLAYER_NAME", f"{where}, PLAYER {player_index}", required=True)
        players.append(UsebioPlayer(name, _child_text(player, "NATIONAL_ID_NUMBER", where)))
    if not players or len(players) > 2:
        raise UsebioError(f"{where}: a pair has one or two <PLAYER>s, not {len(players)}")
    return UsebioPair(
        number=number,
        direction=direction,
        players=tuple(players),
        place=_child_text(element, "PLACE", where),
        total_score=_float(element, "TOTAL_SCORE", where),
        percentage=_float(element, "PERCENTAGE", where),
    )


def _read_line(element: Element, where: str) -> TravellerLine:
    contract = _child_text(element, "CONTRACT", where, required=True).upper().replace("*", "X")
    score_text = _child_text(element, "SCORE", where, required=True)
    try:
        ns_score = int(score_text)
    except ValueError:
        raise UsebioError(
            f"{where}: <SCORE> {score_text!r} is not a North-South score; "
            "adjusted scores cannot be imported from USEBIO"
        ) from None
    passed = contract in ("PASS", "P", "ALL PASS")
    return TravellerLine(
        ns_pair=_int(element, "NS_PAIR_NUMBER", where, low=1),
        ew_pair=_int(element, "EW_PAIR_NUMBER", where, low=1),
        contract="PASS" if passed else contract,
        declarer="" if passed else _child_text(element, "PLAYED_BY", where, required=True).upper()[:1],
        tricks=None if passed else _int(element, "TRICKS", where),
        lead=_child_text(element, "LEAD", where).upper(),
        ns_score=ns_score,
        ns_matchpoints=_float(element, "NS_MATCH_POINTS", where),
        ew_matchpoints=_float(element, "EW_MATCH_POINTS", where),
    )


def _parse_xml(data: bytes) -> Element:
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        return fromstring(data)
    except ParseError as error:
        line, column = error.position
        raise UsebioError(f"line {line}, column {column}: not well-formed XML ({error.msg})") from None
    except DefusedXmlException as error:
        raise UsebioError(f"refused: the XML uses a forbidden construct ({type(error).__name__})") from None


def read_usebio(data: bytes) -> UsebioEvent:
    """Read a USEBIO document's first pairs event; raise ``UsebioError`` naming what is wrong."""
    root = _parse_xml(data)
    if root.tag != "USEBIO":
        raise UsebioError(f"the document's root is <{root.tag}>, not <USEBIO>")
    event = root.find("EVENT")
    if event is None:
        raise UsebioError("no <EVENT> in the document")
    event_type = (event.get("EVENT_TYPE") or "MP_PAIRS").upper()
    if event_type not in EVENT_TYPES:
        raise UsebioError(f"<EVENT EVENT_TYPE={event_type!r}>: ClubScore reads {', '.join(EVENT_TYPES)}")
    date_text = _child_text(event, "DATE", "EVENT", required=True)
    try:
        date = datetime.datetime.strptime(date_text, DATE_FORMAT).date()
    except ValueError:
        raise UsebioError(f"EVENT: <DATE> must be dd/mm/yyyy, not {date_text!r}") from None
    pair_elements = event.findall("PARTICIPANTS/PAIR")
    if not pair_elements:
        raise UsebioError("EVENT: no <PARTICIPANTS> with a <PAIR>")
    pairs = tuple(_read_pair(element, index) for index, element in enumerate(pair_elements, start=1))
    labels = [pair.label for pair in pairs]
    repeated = sorted({label for label in labels if labels.count(label) > 1})
    if repeated:
        raise UsebioError(f"PARTICIPANTS: pair {', '.join(repeated)} appears twice")
    boards = []
    seen: set[int] = set()
    for index, element in enumerate(event.findall("BOARD"), start=1):
        number = _int(element, "BOARD_NUMBER", f"BOARD {index}", low=1)
        if number > MAX_BOARD_NUMBER:  # the import creates every board up to the highest (issue 24)
            raise UsebioError(f"BOARD {index}: <BOARD_NUMBER> {number} is above {MAX_BOARD_NUMBER}")
        if number in seen:
            raise UsebioError(f"BOARD {number} appears twice")
        seen.add(number)
        lines = tuple(
            _read_line(line, f"BOARD {number}, line {line_index}")
            for line_index, line in enumerate(element.findall("TRAVELLER_LINE"), start=1)
        )
        boards.append(UsebioBoard(number, lines))
    club_element = root.find("CLUB")
    return UsebioEvent(
        club=_child_text(club_element, "CLUB_NAME", "CLUB") if club_element is not None else "",
        description=_child_text(event, "EVENT_DESCRIPTION", "EVENT") or "Imported session",
        date=date,
        event_type=event_type,
        program=_child_text(event, "PROGRAM_NAME", "EVENT"),
        pairs=pairs,
        boards=tuple(sorted(boards, key=lambda board: board.number)),
    )
