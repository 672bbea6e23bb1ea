"""Read a session's movement: its rounds, the chart, the guide cards, and who plays a board when.

The rounds are computed from the session's stored configuration by the rules package
(``tournaments.bridge.movements``) rather than stored row by row: the rules are pure and
deterministic, so the configuration is the whole movement, and there is nothing to keep
in step when a director changes it before play (docs/decisions.md).

Pair numbers are the movement's: a Mitchell numbers NS 1..n and EW 1..n, a pair's number
being its starting table as on club table cards; a Howell numbers 1..2n. A number of the
movement with no pair seated under it is a phantom: its opponents sit out that round and
have no result on its boards.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.bridge import movements as rules
from tournaments.bridge.individual import as_pairs_movement, individual
from tournaments.bridge.movement_sections import number_label, sectioned
from tournaments.bridge.movement_sections import table_name as movement_table_name
from tournaments.bridge.rounds import DrawnRound, barometer, swiss_movement
from tournaments.bridge.teams.tables import teams_movement
from tournaments.bridge.words import words_for
from tournaments.night.models import (
    SECTION_NUMBERING,
    Direction,
    Movement,
    Pair,
    Result,
    Section,
    Session,
)

PairKey = tuple[str, int]  # (direction, number): ('NS', 3) in a Mitchell, ('', 5) in a Howell


def session_movement(session: Session) -> rules.Movement | None:
    """Return the session's movement, or None when it has none configured (no queries, but
    one for a session of sections: its sections' movements, ``sectioned_movement``)."""
    if not session.has_movement:
        return None
    if session.has_sections:
        return sectioned_movement(list(session.sections.order_by("letter")))
    return build_movement(
        kind=session.movement,
        tables=session.movement_tables,
        rounds=session.movement_rounds,
        boards_per_round=session.boards_per_round,
        even_tables=session.even_tables,
        arrow_switch_rounds=tuple(session.arrow_switch_rounds or ()),
        draw=swiss_drawn(session),
    )


def swiss_drawn(session: Session) -> tuple[DrawnRound, ...]:
    """Return a Swiss pairs' rounds drawn so far as the rules take them (hashable, for the cache)."""
    if session.movement != Movement.SWISS:
        return ()
    return tuple(tuple((int(ns), int(ew)) for ns, ew in drawn) for drawn in session.swiss_draw or ())


@functools.lru_cache(maxsize=256)
def build_movement(
    *,
    kind: str,
    tables: int,
    rounds: int | None,
    boards_per_round: int,
    even_tables: str = "relay",
    arrow_switch_rounds: tuple[int, ...] = (),
    draw: tuple[DrawnRound, ...] = (),
) -> rules.Movement:
    """Return the movement for a configuration; the rules package raises ValueError when it cannot.

    Cached: the rules are deterministic and a Movement is immutable, and a 30-table
    Mitchell takes about 3 ms to lay out, which every result entered would pay again.
    """
    if kind == Movement.TEAMS:
        return teams_movement(tables // 2, boards_per_round)
    if kind == Movement.INDIVIDUAL:
        return as_pairs_movement(individual(tables, boards_per_round, rounds=rounds))
    if kind == Movement.BAROMETER:
        return barometer(2 * tables, boards_per_round, rounds=rounds)
    if kind == Movement.SWISS:
        return swiss_movement(tables, boards_per_round, rounds or 2 * tables - 1, draw)
    if kind == Movement.HOWELL:
        return rules.howell(
            2 * tables, boards_per_round, rounds=rounds, arrow_switch_rounds=arrow_switch_rounds
        )
    return rules.mitchell(
        tables,
        rounds,
        boards_per_round,
        even=even_tables or "relay",
        arrow_switch_rounds=arrow_switch_rounds,
    )


def sectioned_movement(sections: Sequence[Section]) -> rules.Movement:
    """One movement of a session's sections (ordered by letter), each from its hundred: A3 is table 103.

    The numbers are the pairs' own (``Section``): section k's from 100 k.
    """
    return _sectioned(
        tuple(
            (section.movement, section.movement_tables, section.movement_rounds, section.boards_per_round)
            for section in sections
        )
    )


@functools.lru_cache(maxsize=64)
def _sectioned(configs: tuple[tuple[str, int | None, int | None, int | None], ...]) -> rules.Movement:
    parts = []
    for place, (kind, tables, rounds, boards_per_round) in enumerate(configs, start=1):
        if tables is None or boards_per_round is None:
            raise ValueError("every section of a session of sections needs its tables")
        part = build_movement(kind=kind, tables=tables, rounds=rounds, boards_per_round=boards_per_round)
        parts.append((SECTION_NUMBERING * place, part))
    return sectioned(parts)


def table_name(session: Session, table: int) -> str:
    """A table as the players call it: ``3``, or in a session of sections ``A3`` (table 103)."""
    return number_label(table, sectioned=session.has_sections)


def encounter_keys(kind: str, encounter: rules.Encounter) -> tuple[PairKey, PairKey]:
    """Return who sits NS and who sits EW at this encounter, as (direction, number) keys.

    The rules give a Mitchell's pairs as ('NS', n)/('EW', m), already as they sit (on an
    arrow-switched round the EW pair sits North-South), and a Howell's as plain numbers:
    the pair's own shape says which, so ``kind`` (the session's) needs no reading here.
    """
    return _pair_key(encounter.ns), _pair_key(encounter.ew)


def _pair_key(pair: rules.Pair) -> PairKey:
    """A Mitchell pair is already its key; a Howell pair, a number, has no direction."""
    return pair if isinstance(pair, tuple) else ("", pair)


def key_label(key: PairKey, pair: Pair | None = None, *, sectioned: bool = False) -> str:
    """``NS 3`` (``NZ 3`` in Dutch) or ``pair 3``, in the page's language; a pair of a session
    of sections (``sectioned``, or a seated ``pair`` of a section) by its section's number,
    ``NS A3``, seated or not."""
    direction, number = key
    name = number_label(number, sectioned=sectioned or (pair is not None and pair.section_id is not None))
    if direction:
        return f"{words_for(get_language()).side(direction)} {name}"
    return _("pair %(number)s") % {"number": name}


def pair_key(pair: Pair) -> PairKey:
    return (pair.direction, pair.number)


def board_encounters(movement: rules.Movement, number: int) -> list[rules.Encounter]:
    """Return the encounters at which board ``number`` is played, by round and table."""
    return sorted(
        (encounter for encounter in movement.encounters if number in encounter.boards),
        key=lambda encounter: (encounter.round, encounter.table),
    )


def encounter_text(kind: str, encounter: rules.Encounter, number: int, *, sectioned: bool = False) -> str:
    """Say who plays a board at an encounter: 'Board 7 is played in round 3 at table 2 by NS 2 and EW 5'
    (in a session of sections, ``sectioned``: 'at table A2 by NS A2 and EW A5')."""
    ns, ew = encounter_keys(kind, encounter)
    labels = [key_label(key, sectioned=sectioned) for key in (ns, ew)]
    return _("Board %(board)s is played in round %(round)s at table %(table)s by %(ns)s and %(ew)s") % {
        "board": number,
        "round": encounter.round,
        "table": number_label(encounter.table, sectioned=sectioned),
        "ns": labels[0],
        "ew": labels[1],
    }


# --- The chart and the guide cards -------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """One side of a table in one round: the pair's key, and the pair seated under it (or a phantom)."""

    key: PairKey
    pair: Pair | None
    sectioned: bool = False  # a session of sections': an empty seat is still named A3, not 103

    @property
    def label(self) -> str:
        return key_label(self.key, self.pair, sectioned=self.sectioned)

    @property
    def number(self) -> int:
        return self.key[1]


@dataclass(frozen=True)
class TableRound:
    round: int
    table: int
    ns: Seat
    ew: Seat
    boards: tuple[int, ...]
    arrow_switched: bool

    @property
    def boards_text(self) -> str:
        return boards_text(self.boards)

    @property
    def sits_out(self) -> bool:
        return self.ns.pair is None or self.ew.pair is None

    @property
    def unseated(self) -> bool:
        """Whether neither pair is seated yet: an empty table, not a sit-out."""
        return self.ns.pair is None and self.ew.pair is None


@dataclass(frozen=True)
class PairRound:
    """One round on a pair's guide card: where it sits, whom it meets, which boards."""

    round: int
    table: int
    direction: str
    opponents: Seat
    boards: tuple[int, ...]

    @property
    def boards_text(self) -> str:
        return boards_text(self.boards)


@dataclass(frozen=True)
class GuideCard:
    title: str
    pair: Pair | None
    rounds: list
    table: int | None = None
    # A table card's entry link and its QR code (SVG), when the tables enter their results.
    url: str | None = None
    qr: str = ""


def boards_text(boards: tuple[int, ...]) -> str:
    """Return '1-3' for consecutive boards, else '1, 5, 9'."""
    if not boards:
        return ""
    ordered = sorted(boards)
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 1:
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(str(number) for number in ordered)


def _seats(session: Session, pairs: list[Pair]) -> dict[PairKey, Pair]:
    return {pair_key(pair): pair for pair in pairs}


def movement_rounds(session: Session, movement: rules.Movement, pairs: list[Pair]) -> list[list[TableRound]]:
    """Return the movement round by round, each a list of its tables, with the pairs seated."""
    seated = _seats(session, pairs)
    rounds: dict[int, list[TableRound]] = {}
    for encounter in sorted(movement.encounters, key=lambda e: (e.round, e.table)):
        ns, ew = encounter_keys(session.movement, encounter)
        rounds.setdefault(encounter.round, []).append(
            TableRound(
                encounter.round,
                encounter.table,
                Seat(ns, seated.get(ns), session.has_sections),
                Seat(ew, seated.get(ew), session.has_sections),
                tuple(encounter.boards),
                encounter.arrow_switched,
            )
        )
    return [rounds[number] for number in sorted(rounds)]


def table_round(session: Session, movement: rules.Movement, pairs: list[Pair], round_: int, table: int):
    """Return one (round, table) of the movement with its pairs, or None if the movement has no such."""
    for table_rounds in movement_rounds(session, movement, pairs):
        for entry in table_rounds:
            if entry.round == round_ and entry.table == table:
                return entry
    return None


def table_cards(session: Session, movement: rules.Movement, pairs: list[Pair]) -> list[GuideCard]:
    """Return one card per table: each round's NS and EW pairs and boards."""
    by_table: dict[int, list[TableRound]] = {}
    for table_rounds in movement_rounds(session, movement, pairs):
        for entry in table_rounds:
            by_table.setdefault(entry.table, []).append(entry)
    return [
        GuideCard(
            _("Table %(table)s") % {"table": movement_table_name(movement, table)},
            None,
            by_table[table],
            table=table,
        )
        for table in sorted(by_table)
    ]


def pair_cards(session: Session, movement: rules.Movement, pairs: list[Pair]) -> list[GuideCard]:
    """Return one card per pair number of the movement: each round's table, seat, opponents, boards."""
    seated = _seats(session, pairs)
    by_key: dict[PairKey, list[PairRound]] = {}
    for table_rounds in movement_rounds(session, movement, pairs):
        for entry in table_rounds:
            by_key.setdefault(entry.ns.key, []).append(
                PairRound(entry.round, entry.table, "NS", entry.ew, entry.boards)
            )
            by_key.setdefault(entry.ew.key, []).append(
                PairRound(entry.round, entry.table, "EW", entry.ns, entry.boards)
            )
    cards = []
    # NS cards before EW cards, as a director lays them out; a Howell's in number order.
    for key in sorted(by_key, key=lambda key: (key[0] != Direction.NS, key)):
        pair = seated.get(key)
        sectioned = session.has_sections
        shown = key_label(key, sectioned=sectioned) if key[0] else number_label(key[1], sectioned=sectioned)
        title = _("Pair %(label)s") % {"label": shown}
        cards.append(GuideCard(title, pair, by_key[key]))
    return cards


def table_round_results(session: Session, seating: TableRound) -> dict[int, Result]:
    """Return the results already entered at this (round, table), by board number (one query)."""
    if seating.sits_out:
        return {}
    results = Result.objects.filter(
        board__session=session, board__number__in=seating.boards, ns_pair=seating.ns.pair
    ).select_related("board", "ew_pair")
    return {result.board.number: result for result in results}


def next_table_round(movement: rules.Movement, round_: int, table: int) -> tuple[int, int] | None:
    """Return the (round, table) after this one, table by table then round by round, or None at the end."""
    keys = sorted((encounter.round, encounter.table) for encounter in movement.encounters)
    later = [key for key in keys if key > (round_, table)]
    return later[0] if later else None
