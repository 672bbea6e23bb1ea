"""An individual's USEBIO file (``EVENT_TYPE="INDIVIDUAL"``): its players, and who sat where on each board.

The participants are laid out as the EBU's master-point program (ImportUsebio) reads an
individual: ``PARTICIPANTS`` holds a ``PLAYER`` for each player, with ``PLAYER_NUMBER``,
``PLAYER_NAME``, ``NATIONAL_ID_NUMBER`` (where the player has one), ``TOTAL_SCORE`` (his
matchpoints), ``PERCENTAGE``, ``PLACE`` (``3=`` when shared) and, once awarded, his master
points as a pair's are written (``awards.write_pair_award``).

No standard text or real file was found naming an individual's four players on a
traveller line, so the elements are ClubScore's own (decision 83): a ``TRAVELLER_LINE``
names them by number, ``NORTH_PLAYER_NUMBER``, ``EAST_PLAYER_NUMBER``,
``SOUTH_PLAYER_NUMBER`` and ``WEST_PLAYER_NUMBER``, followed by the result as a pairs
file's line writes it (``writing.write_line_result``: contract, declarer, lead, tricks,
score, and both sides' ``MATCH_POINTS``). A reader that knows only the participants
(ImportUsebio reads no travellers) skips them and still reads every player.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from xml.etree.ElementTree import Element, SubElement

from tournaments.bridge.formats.usebio.awards import UsebioAwards, write_pair_award
from tournaments.bridge.formats.usebio.handset import read_deals, write_handset
from tournaments.bridge.formats.usebio.parsing import event_element, parse_xml
from tournaments.bridge.formats.usebio.reading import (
    _child_text,
    _date,
    _float,
    _int,
    _place,
    read_line_result,
)
from tournaments.bridge.formats.usebio.values import (
    MATCHPOINTS,
    PairKey,
    TravellerLine,
    UsebioDeal,
    UsebioError,
    at_element,
    reading_lines,
)
from tournaments.bridge.formats.usebio.writing import (
    text_element,
    usebio_document,
    usebio_event_root,
    write_event_head,
    write_line_result,
)
from tournaments.bridge.seats import MAX_BOARD_NUMBER

INDIVIDUAL = "INDIVIDUAL"
SEAT_TAGS = ("NORTH_PLAYER_NUMBER", "EAST_PLAYER_NUMBER", "SOUTH_PLAYER_NUMBER", "WEST_PLAYER_NUMBER")
MAX_PLAYER_NUMBER = 999


@dataclass(frozen=True)
class UsebioSolo:
    """A player of an individual, as the file states him."""

    number: int
    name: str
    federation_number: str = ""
    place: int | None = None
    tied: bool = False
    total_score: float | None = None  # matchpoints
    percentage: float | None = None

    @property
    def key(self) -> PairKey:
        """The key his master points are filed under (``awards``: keyed as a pair's, by number)."""
        return PairKey("", "", self.number)


@dataclass(frozen=True)
class SoloLine:
    """One table's result: its four players by number (North, East, South, West) and the result."""

    seats: tuple[int, int, int, int]
    result: TravellerLine  # its pair keys are the two partnerships' (North, East); the file has none


@dataclass(frozen=True)
class SoloBoard:
    number: int
    lines: tuple[SoloLine, ...]


@dataclass(frozen=True)
class UsebioIndividualEvent:
    club: str
    description: str
    date: datetime.date
    program: str = "ClubScore"
    program_version: str = ""
    club_id: str = ""
    players: tuple[UsebioSolo, ...] = ()
    boards: tuple[SoloBoard, ...] = ()
    deals: tuple[UsebioDeal, ...] = ()
    event_type: str = INDIVIDUAL

    @property
    def line_count(self) -> int:
        return sum(len(board.lines) for board in self.boards)


def partnership_keys(seats: tuple[int, int, int, int]) -> tuple[PairKey, PairKey]:
    """The line's two partnerships as pair keys: North's number North-South, East's East-West."""
    return PairKey("", "NS", seats[0]), PairKey("", "EW", seats[1])


def _player(participants: Element, player: UsebioSolo, awards: UsebioAwards | None) -> None:
    element = SubElement(participants, "PLAYER")
    text_element(element, "PLAYER_NUMBER", player.number)
    text_element(element, "PLAYER_NAME", player.name)
    text_element(element, "NATIONAL_ID_NUMBER", player.federation_number)
    text_element(element, "TOTAL_SCORE", player.total_score)
    text_element(element, "PERCENTAGE", player.percentage)
    place = None if player.place is None else f"{player.place}{'=' if player.tied else ''}"
    text_element(element, "PLACE", place)
    write_pair_award(element, player.key, awards)


def write_individual_usebio(event: UsebioIndividualEvent, awards: UsebioAwards | None = None) -> bytes:
    """Return the individual as a USEBIO 1.2 document: the pairs file's head, players, travellers, hands."""
    root, event_element = usebio_event_root(event, winner_type=1)
    write_event_head(event_element, event.date, len(event.boards), awards)
    participants = SubElement(event_element, "PARTICIPANTS")
    for player in event.players:
        _player(participants, player, awards)
    for board in event.boards:
        board_element = SubElement(event_element, "BOARD")
        text_element(board_element, "BOARD_NUMBER", board.number)
        for line in board.lines:
            element = SubElement(board_element, "TRAVELLER_LINE")
            for tag, number in zip(SEAT_TAGS, line.seats, strict=True):
                text_element(element, tag, number)
            write_line_result(element, line.result, MATCHPOINTS)
    if event.deals:
        write_handset(root, event.deals)
    return usebio_document(root)


def is_individual_usebio(data: bytes) -> bool:
    """Whether a USEBIO document's first event is an individual (read it with ``read_individual_usebio``)."""
    root, _lines = parse_xml(data)
    event = root.find("EVENT")
    written = (event.get("EVENT_TYPE") or "") if event is not None else ""
    return written.strip().upper() == INDIVIDUAL


def _read_player(element: Element, index: int) -> UsebioSolo:
    where = f"PLAYER {index}"
    number = _int(element, "PLAYER_NUMBER", where, low=1, high=MAX_PLAYER_NUMBER)
    where = f"PLAYER {number}"
    federation = _child_text(element, "NATIONAL_ID_NUMBER", where)
    place_text = _child_text(element, "PLACE", where)
    return UsebioSolo(
        number=number,
        name=" ".join(_child_text(element, "PLAYER_NAME", where, required=True).split())[:120],
        federation_number="" if federation.strip("0") == "" else federation[:20],
        place=_place(place_text, where),
        tied="=" in place_text,
        total_score=_float(element, "TOTAL_SCORE", where),
        percentage=_float(element, "PERCENTAGE", where),
    )


def _read_line(element: Element, where: str, numbers: set[int]) -> SoloLine:
    seats = tuple(_int(element, tag, where, low=1, high=MAX_PLAYER_NUMBER) for tag in SEAT_TAGS)
    for tag, number in zip(SEAT_TAGS, seats, strict=True):
        if number not in numbers:
            raise UsebioError(f"{where}: <{tag}> {number} is not a participant")
    if len(set(seats)) < 4:
        raise UsebioError(f"{where}: a player sits twice at the table ({', '.join(map(str, seats))})")
    north, east, south, west = seats
    ns_pair, ew_pair = partnership_keys((north, east, south, west))
    return SoloLine(
        (north, east, south, west), read_line_result(element, where, ns_pair, ew_pair, MATCHPOINTS)
    )


def _read_board(element: Element, index: int, numbers: set[int], seen: set[int]) -> SoloBoard:
    number = _int(element, "BOARD_NUMBER", f"BOARD {index}", low=1, high=MAX_BOARD_NUMBER)
    if number in seen:
        raise UsebioError(f"BOARD {number} appears twice")
    seen.add(number)
    lines = []
    for line_index, line in enumerate(element.findall("TRAVELLER_LINE"), start=1):
        with at_element(line):
            lines.append(_read_line(line, f"BOARD {number}, line {line_index}", numbers))
    return SoloBoard(number, tuple(lines))


def read_individual_usebio(data: bytes) -> UsebioIndividualEvent:
    """Read an individual USEBIO document's first event; raise ``UsebioError`` naming what and where."""
    root, lines = parse_xml(data)
    with reading_lines(lines):
        return _read_event(root)


def _read_event(root: Element) -> UsebioIndividualEvent:
    event = event_element(root)
    if (event.get("EVENT_TYPE") or "").strip().upper() != INDIVIDUAL:
        raise UsebioError("the <EVENT> is not an INDIVIDUAL")
    players = []
    for index, element in enumerate(event.findall("PARTICIPANTS/PLAYER"), start=1):
        with at_element(element):
            players.append(_read_player(element, index))
    if not players:
        raise UsebioError("EVENT: no <PARTICIPANTS> with a <PLAYER>")
    numbers = [player.number for player in players]
    repeated = sorted({number for number in numbers if numbers.count(number) > 1})
    if repeated:
        raise UsebioError(f"PARTICIPANTS: player {', '.join(map(str, repeated))} appears twice")
    boards: list[SoloBoard] = []
    seen: set[int] = set()
    for index, element in enumerate(event.findall("BOARD"), start=1):
        with at_element(element):
            boards.append(_read_board(element, index, set(numbers), seen))
    club = root.find("CLUB")
    with at_element(event):
        date = _date(event)
    return UsebioIndividualEvent(
        club=_child_text(club, "CLUB_NAME", "CLUB") if club is not None else "",
        club_id=_child_text(club, "CLUB_ID_NUMBER", "CLUB") if club is not None else "",
        description=" ".join(_child_text(event, "EVENT_DESCRIPTION", "EVENT").split())
        or "Imported individual",
        date=date,
        program=_child_text(event, "PROGRAM_NAME", "EVENT"),
        program_version=_child_text(event, "PROGRAM_VERSION", "EVENT"),
        players=tuple(sorted(players, key=lambda player: player.number)),
        boards=tuple(sorted(boards, key=lambda board: board.number)),
        deals=tuple(read_deals(root)),
    )
