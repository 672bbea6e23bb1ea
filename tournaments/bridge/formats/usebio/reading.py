"""Read a USEBIO 1.2 file as the real producers write it (Compscore, New Zealand's Scorer, ClubScore).

What is read, beyond the elements every producer writes (``values`` has the spellings):

- ``EVENT/SECTION`` elements, each with its own ``PARTICIPANTS`` and ``BOARD``s (Scorer's
  multi-section events); pair numbers then carry the section, ``(A) 1 NS``.
- ``PAIR``: ``PAIR_NUMBER``, ``DIRECTION``, ``PLACE`` (``2=`` or a repeated ``2``),
  ``TOTAL_SCORE``, ``PERCENTAGE``, ``HANDICAP``, and ``PLAYER``s with ``NATIONAL_ID_NUMBER``
  (``0`` is Compscore's "none").
- ``BOARD``: ``BOARD_NUMBER``, ``BOARD_AVERAGE`` (Butler's datum) and ``TRAVELLER_LINE``s:
  the contract (``4Cx``, ``3N``, ``PASS``, Scorer's ``NP``), ``PLAYED_BY``, ``TRICKS``,
  ``LEAD``, ``SCORE`` (a number, or ``A6040``), and each side's points:
  ``NS_MATCH_POINTS``, ``NS_CROSS_IMP_POINTS`` or ``NS_BUTLER_POINTS`` by the event type.
- ``HANDSET``: the hand records.

Everything else (masterpoints, contacts, stratification) is ignored. An event type
ClubScore does not score, a pair or board named twice, a line whose pairs are not
participants, a score that is neither a number nor ``A6040`` are refused by name; a
contract that is not one (``42``) is refused too unless the line states its ``SCORE``,
which then stands as a score with no contract (``TravellerLine.written_contract``), as
does a ``SCORE`` with no ``CONTRACT`` at all (a stated score, as ClubScore writes one). The
XML comes from another program, so it is parsed with defusedxml (no entity expansion, no
external fetch; the ``DOCTYPE`` line real files carry is allowed); malformed XML names
the line and column.
"""

from __future__ import annotations

import datetime
import re
from xml.etree.ElementTree import Element

from tournaments.bridge.formats.usebio.event_types import event_type
from tournaments.bridge.formats.usebio.handset import read_deals
from tournaments.bridge.formats.usebio.parsing import parse_xml
from tournaments.bridge.formats.usebio.values import (
    BUTLER,
    CROSS_IMPS,
    MATCHPOINTS,
    PairKey,
    TravellerLine,
    UsebioBoard,
    UsebioError,
    UsebioEvent,
    UsebioPair,
    UsebioPlayer,
    at_element,
    element_line,
    parse_adjusted,
    parse_pair_id,
    reading_lines,
)
from tournaments.bridge.seats import MAX_BOARD_NUMBER

_POINTS = {
    MATCHPOINTS: ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    CROSS_IMPS: ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
    BUTLER: ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
}
_PASSES = {"PASS", "P", "NP", "N P", "ALL PASS", "PASSED", "PASSED OUT", "PASSOUT"}
_CONTRACT = re.compile(r"^([1-7])(NT|N|S|H|D|C)(X{0,2})$")
_SEATS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
# dd/mm/yyyy (USEBIO 1.2), ISO (1.3), and the separators and short years scorers also write.
_DATE_FORMATS = ("%d/%m/%Y", "%d-%m-%Y", "%Y-%m-%d", "%d.%m.%Y", "%d/%m/%y")
_PLACE = re.compile(r"^=?\s*(\d{1,5})\s*=?\s*(?:st|nd|rd|th)?$", re.IGNORECASE)


def _child_text(element: Element, tag: str, where: str, *, required: bool = False) -> str:
    child = element.find(tag)
    value = (child.text or "").strip() if child is not None else ""
    if required and not value:
        raise UsebioError(
            f"{where}: <{tag}> is missing or empty", element_line(child if child is not None else element)
        )
    return value


def _bad(element: Element, tag: str, message: str) -> UsebioError:
    """An error about ``element``'s child ``tag``, at the child's line."""
    child = element.find(tag)
    return UsebioError(message, element_line(child if child is not None else element))


def _int(element: Element, tag: str, where: str, *, low: int = 0, high: int) -> int:
    """A required whole number from ``low`` to ``high``."""
    text = _child_text(element, tag, where, required=True)
    if not re.fullmatch(r"-?\d{1,9}", text):
        raise _bad(element, tag, f"{where}: <{tag}> must be a whole number, not {text[:20]!r}")
    value = int(text)
    if value > high:
        raise _bad(element, tag, f"{where}: <{tag}> {value} is above {high}")
    if value < low:
        raise _bad(element, tag, f"{where}: <{tag}> must be at least {low}, not {value}")
    return value


def _float(element: Element, tag: str, where: str) -> float | None:
    text = _child_text(element, tag, where)
    if not text:
        return None
    try:
        value = float(text.replace(",", ".").removesuffix("%"))
    except ValueError:
        raise _bad(element, tag, f"{where}: <{tag}> must be a number, not {text[:20]!r}") from None
    if not -1e6 < value < 1e6:
        raise _bad(element, tag, f"{where}: <{tag}> {text[:20]!r} is out of range")
    return value


def _direction(text: str, where: str) -> str:
    direction = re.sub(r"[\s/\-]", "", text).upper()
    direction = {"N": "NS", "E": "EW", "NORTHSOUTH": "NS", "EASTWEST": "EW"}.get(direction, direction)
    if direction not in ("", "NS", "EW"):
        raise UsebioError(f"{where}: <DIRECTION> must be NS or EW, not {text[:20]!r}")
    return direction


def _place(text: str, where: str) -> int | None:
    """The place as a number: ``2``, ``2=``, ``=2`` and ``2nd`` are all 2 (a tie is a repeated place)."""
    if not text:
        return None
    match = _PLACE.match(text)
    if match is None:
        raise UsebioError(f"{where}: <PLACE> must be a place such as 2 or 2=, not {text[:20]!r}")
    return int(match[1])


def _read_pair(element: Element, index: int, section: str) -> UsebioPair:
    where = f"PAIR {index}" + (f" of section {section}" if section else "")
    text = _child_text(element, "PAIR_NUMBER", where, required=True)
    parsed = parse_pair_id(text)
    if parsed is None:
        raise UsebioError(
            f"{where}: <PAIR_NUMBER> {text[:20]!r} is not a pair number (1, 1NS, 1 NS, (A) 1 NS)"
        )
    number_section, number, number_direction = parsed
    direction = _direction(_child_text(element, "DIRECTION", where), where)
    if number_direction and direction and number_direction != direction:
        raise UsebioError(f"{where}: pair {text!r} has <DIRECTION> {direction}")
    if not 1 <= number <= 99_999:
        raise UsebioError(f"{where}: <PAIR_NUMBER> {text!r} must be 1 or more")
    players = []
    for player in element.findall("PLAYER"):
        name = " ".join(_child_text(player, "PLAYER_NAME", where).split())
        number_text = _child_text(player, "NATIONAL_ID_NUMBER", where)
        if name:  # an empty PLAYER is a producer's placeholder for nobody
            players.append(UsebioPlayer(name, "" if number_text.strip("0") == "" else number_text))
    if len(players) > 2:  # none: a phantom some scorers list (refused later only if it played)
        raise UsebioError(
            f"{where}: a pair has one or two <PLAYER>s with a <PLAYER_NAME>, not {len(players)}"
        )
    return UsebioPair(
        key=PairKey(number_section or section, number_direction or direction, number),
        players=tuple(players),
        place=_place(_child_text(element, "PLACE", where), where),
        total_score=_float(element, "TOTAL_SCORE", where),
        percentage=_float(element, "PERCENTAGE", where),
        handicap=_float(element, "HANDICAP", where),
    )


def _line_pair(text: str, side: str, section: str, pairs: set[PairKey], where: str) -> PairKey:
    parsed = parse_pair_id(text)
    if parsed is None:
        raise UsebioError(f"{where}: <{side}_PAIR_NUMBER> {text[:20]!r} is not a pair number")
    line_section, number, direction = parsed
    candidates = (
        [PairKey(line_section or section, direction, number)]
        if direction
        else [
            PairKey(line_section or section, side, number),
            PairKey(line_section or section, "", number),
        ]
    )
    for key in candidates:
        if key in pairs:
            return key
    raise UsebioError(f"{where}: {side} pair {text.strip()[:20]!r} is not a participant")


def _contract(text: str, where: str) -> str:
    cleaned = text.upper().replace("*", "X").replace(" ", "")
    match = _CONTRACT.match(cleaned)
    if match is None:
        raise UsebioError(f"{where}: <CONTRACT> {text[:20]!r} is not a contract (4S, 3NTX, PASS)")
    level, strain, doubled = match.groups()
    return f"{level}{'NT' if strain == 'N' else strain}{doubled}"


def _read_line(
    element: Element, where: str, section: str, pairs: set[PairKey], event_type: str
) -> TravellerLine:
    ns_pair = _line_pair(
        _child_text(element, "NS_PAIR_NUMBER", where, required=True), "NS", section, pairs, where
    )
    ew_pair = _line_pair(
        _child_text(element, "EW_PAIR_NUMBER", where, required=True), "EW", section, pairs, where
    )
    return read_line_result(element, where, ns_pair, ew_pair, event_type)


def read_line_result(
    element: Element, where: str, ns_pair: PairKey, ew_pair: PairKey, event_type: str
) -> TravellerLine:
    """Read a traveller line's result, whoever sat it (pairs, or an individual's four players)."""
    ns_tag, ew_tag = _POINTS[event_type]
    ns_points, ew_points = _float(element, ns_tag, where), _float(element, ew_tag, where)
    score_text = _child_text(element, "SCORE", where)
    adjusted = parse_adjusted(score_text)
    if adjusted is not None:
        return TravellerLine(
            ns_pair, ew_pair, ns_score=None, adjusted=adjusted, ns_points=ns_points, ew_points=ew_points
        )
    if score_text and not re.fullmatch(r"-?\d{1,5}", score_text):
        raise _bad(
            element,
            "SCORE",
            f"{where}: <SCORE> {score_text[:20]!r} is neither a North-South score nor an adjusted score "
            "such as A6040",
        )
    contract_text = " ".join(_child_text(element, "CONTRACT", where).upper().split())
    if not contract_text:  # a table that did not play the board: no contract, no adjusted score, no score
        if score_text not in ("", "0"):  # a score stated with no contract, as ClubScore writes one
            return TravellerLine(
                ns_pair,
                ew_pair,
                lead=_child_text(element, "LEAD", where).upper()[:3],
                ns_score=int(score_text),
                ns_points=ns_points,
                ew_points=ew_points,
                stated=True,
            )
        return TravellerLine(
            ns_pair, ew_pair, ns_score=None, played=False, ns_points=ns_points, ew_points=ew_points
        )
    ns_score = int(score_text) if score_text else None  # ClubScore scores the contract; SCORE is compared
    lead = _child_text(element, "LEAD", where).upper()[:3]
    if contract_text in _PASSES:
        return TravellerLine(
            ns_pair, ew_pair, "PASS", lead=lead, ns_score=ns_score, ns_points=ns_points, ew_points=ew_points
        )
    if ns_score is not None and not _CONTRACT.match(contract_text.replace("*", "X").replace(" ", "")):
        # A typing slip in the contract ('42') where the scorer kept the score: the score stands.
        return TravellerLine(
            ns_pair,
            ew_pair,
            lead=lead,
            ns_score=ns_score,
            ns_points=ns_points,
            ew_points=ew_points,
            written_contract=contract_text[:20],
            stated=True,
        )
    declarer_text = _child_text(element, "PLAYED_BY", where, required=True).upper()
    if declarer_text not in _SEATS:
        raise _bad(
            element, "PLAYED_BY", f"{where}: <PLAYED_BY> must be N, E, S or W, not {declarer_text[:20]!r}"
        )
    return TravellerLine(
        ns_pair,
        ew_pair,
        _contract(contract_text, where),
        _SEATS[declarer_text],
        _int(element, "TRICKS", where, high=13),
        lead,
        ns_score,
        ns_points=ns_points,
        ew_points=ew_points,
    )


def _read_container(
    container: Element, section: str, event_type: str
) -> tuple[list[UsebioPair], list[UsebioBoard]]:
    """Read the pairs and boards of the event, or of one of its sections."""
    pair_elements = container.findall("PARTICIPANTS/PAIR")
    pairs = []
    for index, element in enumerate(pair_elements, start=1):
        with at_element(element):
            pairs.append(_read_pair(element, index, section))
    keys = [pair.key for pair in pairs]
    repeated = sorted({key.label for key in keys if keys.count(key) > 1})
    if repeated:
        raise UsebioError(f"PARTICIPANTS: pair {', '.join(repeated)} appears twice")
    boards: list[UsebioBoard] = []
    seen: set[int] = set()
    for index, element in enumerate(container.findall("BOARD"), start=1):
        with at_element(element):
            boards.append(_read_board(element, index, section, set(keys), event_type, seen))
    return pairs, boards


def _read_board(
    element: Element, index: int, section: str, keys: set[PairKey], event_type: str, seen: set[int]
) -> UsebioBoard:
    in_section = f" of section {section}" if section else ""
    number = _int(element, "BOARD_NUMBER", f"BOARD {index}{in_section}", low=1, high=MAX_BOARD_NUMBER)
    where = f"BOARD {number}{in_section}"
    if number in seen:
        raise UsebioError(f"{where} appears twice")
    seen.add(number)
    datum = _float(element, "BOARD_AVERAGE", where)
    lines = []
    for line_index, line in enumerate(element.findall("TRAVELLER_LINE"), start=1):
        with at_element(line):
            lines.append(_read_line(line, f"{where}, line {line_index}", section, keys, event_type))
    return UsebioBoard(number, tuple(lines), None if datum is None else round(datum), section)


def _event_type(event: Element) -> str:
    return event_type(event.get("EVENT_TYPE") or "", _child_text(event, "BOARD_SCORING_METHOD", "EVENT"))


def _date(event: Element) -> datetime.date:
    text = _child_text(event, "DATE", "EVENT", required=True)
    for date_format in _DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text, date_format).date()
        except ValueError:
            continue
    raise UsebioError(f"EVENT: <DATE> must be dd/mm/yyyy, not {text[:20]!r}")


def read_usebio(data: bytes) -> UsebioEvent:
    """Read a USEBIO document's first event; raise ``UsebioError`` naming what is wrong, and its line."""
    root, lines = parse_xml(data)
    with reading_lines(lines):
        return _read_event(root)


def _read_event(root: Element) -> UsebioEvent:
    if root.tag != "USEBIO":
        raise UsebioError(f"the document's root is <{root.tag}>, not <USEBIO>")
    event = root.find("EVENT")
    if event is None:
        raise UsebioError("no <EVENT> in the document")
    with at_element(event):
        event_type = _event_type(event)
    sessions = event.findall("SESSION")
    if len(sessions) > 1:
        raise UsebioError(
            f"EVENT: {len(sessions)} <SESSION>s; ClubScore imports one session a file: export each on its own"
        )
    sections = (sessions[0] if sessions else event).findall("SECTION")
    # One SECTION (inside its SESSION, as some scorers nest even a single one) is no section at all.
    containers = [
        (element, (element.get("SECTION_ID") or chr(65 + index)).strip().upper() if len(sections) > 1 else "")
        for index, element in enumerate(sections)
    ]
    pairs: list[UsebioPair] = []
    boards: list[UsebioBoard] = []
    for container, section in containers or [(event, "")]:
        section_pairs, section_boards = _read_container(container, section, event_type)
        pairs += section_pairs
        boards += section_boards
    if not pairs:
        raise UsebioError("EVENT: no <PARTICIPANTS> with a <PAIR>")
    club = root.find("CLUB")
    winner_text = _child_text(event, "WINNER_TYPE", "EVENT")
    return UsebioEvent(
        club=_child_text(club, "CLUB_NAME", "CLUB") if club is not None else "",
        club_id=_child_text(club, "CLUB_ID_NUMBER", "CLUB") if club is not None else "",
        description=" ".join(_child_text(event, "EVENT_DESCRIPTION", "EVENT").split()) or "Imported session",
        date=_date(event),
        event_type=event_type,
        program=_child_text(event, "PROGRAM_NAME", "EVENT"),
        program_version=_child_text(event, "PROGRAM_VERSION", "EVENT"),
        winner_type=int(winner_text) if winner_text in ("1", "2") else None,
        pairs=tuple(pairs),
        boards=tuple(sorted(boards, key=lambda board: (board.number, board.section))),
        deals=tuple(read_deals(root)),
    )
