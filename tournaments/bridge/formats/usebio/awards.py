"""Master points in a USEBIO file: the event's scale and each pair's award, read and written.

Written as Compscore writes them (the ABF's files, which Cobalt reads): in the ``EVENT``
head ``MASTER_POINT_SCALE`` (``Club``), ``MASTER_POINT_TYPE`` (``GREEN``, ``BLACK``),
``MPS_AWARDED_FLAG`` (``Y`` once awarded) and, for the EBU's pay-to-play, the club's
``P2P_CHARGE_RATE``; in every ``PAIR``, after its ``PLACE``, ``MASTER_POINTS_AWARDED`` in
the scale's units (hundredths of an ABF point: ``21`` is 0.21; whole EBU master points)
and ``MASTER_POINT_TYPE``, ``0`` for a pair without an award.

Read from either shape producers write: Compscore's (and Salliere's) elements straight in
the ``PAIR``, or Scorer's ``MASTER_POINTS`` element around them (one a type). The reading
is lenient: ``read_usebio`` has already refused a malformed file, and an award that is
not a number is left out (the comparison then lists the pair as awarded nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from xml.etree.ElementTree import Element, SubElement

from tournaments.bridge.formats.usebio.parsing import parse_xml
from tournaments.bridge.formats.usebio.values import PairKey, parse_pair_id

AWARDED, NOT_AWARDED = "Y", "N"


@dataclass(frozen=True)
class FileAward:
    """A pair's award as a file states it: units of its scale, and their type."""

    units: Decimal
    point_type: str = ""


@dataclass(frozen=True)
class UsebioAwards:
    """An event's master points: the scale's head, and each pair's award by its key."""

    scale: str = ""
    point_type: str = ""
    awarded: bool = False
    p2p_charge_rate: str = ""
    by_pair: Mapping[PairKey, FileAward] = field(default_factory=dict)


def _add(parent: Element, tag: str, text: object) -> None:
    if text != "":
        SubElement(parent, tag).text = str(text)


def write_awards_head(event: Element, awards: UsebioAwards | None) -> None:
    """Add the event's scale, type, flag and charge rate (the flag alone, N, when none was awarded)."""
    if awards is not None:
        _add(event, "MASTER_POINT_SCALE", awards.scale)
        _add(event, "MASTER_POINT_TYPE", awards.point_type)
    awarded = awards is not None and awards.awarded
    _add(event, "MPS_AWARDED_FLAG", AWARDED if awarded else NOT_AWARDED)
    if awards is not None:
        _add(event, "P2P_CHARGE_RATE", awards.p2p_charge_rate)


def write_pair_award(pair: Element, key: PairKey, awards: UsebioAwards | None) -> None:
    """Add the pair's award after its place, as Compscore does: 0 for a pair awarded nothing."""
    if awards is None or not awards.awarded:
        return
    award = awards.by_pair.get(key)
    _add(pair, "MASTER_POINTS_AWARDED", award.units if award else 0)
    _add(pair, "MASTER_POINT_TYPE", (award.point_type if award else "") or awards.point_type)


def _text(element: Element | None, tag: str) -> str:
    found = element.find(tag) if element is not None else None
    return (found.text or "").strip() if found is not None else ""


def _units(text: str) -> Decimal | None:
    try:
        units = Decimal(text)
    except InvalidOperation:
        return None
    return units if units.is_finite() and units >= 0 else None


def _containers(event: Element) -> list[tuple[Element, str]]:
    """The event, or its sections with their letters, as ``read_usebio`` names their pairs."""
    sessions = event.findall("SESSION")
    sections = (sessions[0] if sessions else event).findall("SECTION")
    if len(sections) <= 1:
        return [(sections[0] if sections else event, "")]
    return [
        (section, (section.get("SECTION_ID") or chr(65 + index)).strip().upper())
        for index, section in enumerate(sections)
    ]


def _pair_award(element: Element, section: str) -> tuple[PairKey, FileAward] | None:
    parsed = parse_pair_id(_text(element, "PAIR_NUMBER"))
    holder = element.find("MASTER_POINTS")
    holder = holder if holder is not None else element
    units = _units(_text(holder, "MASTER_POINTS_AWARDED"))
    if parsed is None or units is None:
        return None
    number_section, number, direction = parsed
    direction = direction or _text(element, "DIRECTION").replace(" ", "").upper().replace("-", "")
    key = PairKey(number_section or section, direction if direction in ("NS", "EW") else "", number)
    return key, FileAward(units, _text(holder, "MASTER_POINT_TYPE"))


def read_usebio_awards(data: bytes) -> UsebioAwards:
    """Return the master points a USEBIO file states (none, if it states none)."""
    root, _ = parse_xml(data)
    event = root.find("EVENT")
    if event is None:
        return UsebioAwards()
    by_pair: dict[PairKey, FileAward] = {}
    for container, section in _containers(event):
        for element in container.findall("PARTICIPANTS/PAIR"):
            found = _pair_award(element, section)
            if found is not None:
                by_pair[found[0]] = found[1]
    return UsebioAwards(
        scale=_text(event, "MASTER_POINT_SCALE"),
        point_type=_text(event, "MASTER_POINT_TYPE"),
        awarded=_text(event, "MPS_AWARDED_FLAG").upper() == AWARDED,
        p2p_charge_rate=_text(event, "P2P_CHARGE_RATE"),
        by_pair=by_pair,
    )
