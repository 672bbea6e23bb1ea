"""A table's rounds: who sits where, its boards and the results already in, and where the pairs go next.

The round a table is in is worked out, not stored: it is the first round of the table
whose boards are not all in (``current_round``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.bridge import board_dealer, board_vulnerability_text
from tournaments.bridge import movements as rules
from tournaments.bridge.movement_sections import number_label, same_section, section_rounds, table_name
from tournaments.night.models import Pair, Result, Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.movements import PairKey, key_label, pair_key


@dataclass(frozen=True)
class TableBoard:
    number: int
    result: Result | None

    @property
    def dealer(self) -> str:
        return board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return board_vulnerability_text(self.number)


@dataclass(frozen=True)
class TableRound:
    """One round at this table: who sits NS and EW (a phantom's side is None), and its boards."""

    round: int
    ns_key: PairKey
    ew_key: PairKey
    ns: Pair | None
    ew: Pair | None
    boards: tuple[TableBoard, ...]
    encounter: rules.Encounter = field(repr=False)

    @property
    def sits_out(self) -> bool:
        return self.ns is None or self.ew is None

    @property
    def complete(self) -> bool:
        return self.sits_out or all(board.result is not None for board in self.boards)

    @property
    def started(self) -> bool:
        return any(board.result is not None for board in self.boards)


def _results_at_table(session: Session, encounters: list[rules.Encounter]) -> dict[tuple, Result]:
    """(board number, NS key, EW key) -> result, for the boards of these encounters (one query)."""
    numbers = {number for encounter in encounters for number in encounter.boards}
    results = Result.objects.filter(board__session=session, board__number__in=numbers).select_related(
        "board", "ns_pair", "ew_pair"
    )
    found = {}
    for result in results:
        ew = pair_key(result.ew_pair) if result.ew_pair else None
        found[(result.board.number, pair_key(result.ns_pair), ew)] = result
    return found


def table_rounds(
    session: Session, movement: rules.Movement, table: int, pairs: list[Pair]
) -> list[TableRound]:
    """Return every round of ``table`` with its pairs and boards and the results already in."""
    seated = {pair_key(pair): pair for pair in pairs}
    encounters = [encounter for encounter in movement.encounters if encounter.table == table]
    found = _results_at_table(session, encounters)
    rounds = []
    for encounter in sorted(encounters, key=lambda e: e.round):
        ns_key, ew_key = movement_selectors.encounter_keys(session.movement, encounter)
        boards = tuple(
            TableBoard(number, found.get((number, ns_key, ew_key))) for number in sorted(encounter.boards)
        )
        rounds.append(
            TableRound(
                encounter.round, ns_key, ew_key, seated.get(ns_key), seated.get(ew_key), boards, encounter
            )
        )
    return rounds


def current_round(rounds: list[TableRound]) -> TableRound | None:
    """The first round whose boards are not all in; None when the table has played them all."""
    return next((entry for entry in rounds if not entry.complete), None)


@dataclass(frozen=True)
class Move:
    """Where one pair goes after a round: 'EW 5 (Ann - Bob): table 3, East-West'."""

    pair: str
    names: str
    to: str


def pair_moves(
    session: Session, movement: rules.Movement, finished: TableRound, pairs: list[Pair]
) -> list[Move]:
    """Say where each pair of a finished round at this table plays the next round."""
    seated = {pair_key(pair): pair for pair in pairs}
    moves = []
    for key, movement_pair in (
        (finished.ns_key, finished.encounter.ns),
        (finished.ew_key, finished.encounter.ew),
    ):
        pair = seated.get(key)
        if pair is not None:
            last = section_rounds(movement, finished.encounter.table)
            to = _destination(session, movement, movement_pair, finished.round + 1, seated, last)
            label = pair_label(key, sectioned=bool(movement.numbers))
            moves.append(Move(label, pair.public_names, to))  # a phone is public
    return moves


def board_move(movement: rules.Movement, finished: TableRound) -> str:
    """Say where a finished round's boards go: 'Boards 3-4: take them to table 2.' (issue 24, point 15),
    in the page's language (issue 45, item 4)."""
    boards = set(finished.encounter.boards)
    label = ngettext("Board %(boards)s", "Boards %(boards)s", len(boards)) % {
        "boards": movement_selectors.boards_text(tuple(boards))
    }
    following = finished.round + 1
    if following > section_rounds(movement, finished.encounter.table):
        return _("%(boards)s: the last round is over; leave them on the table for the director.") % {
            "boards": label
        }
    tables = sorted(
        encounter.table
        for encounter in movement.encounters_in_round(following)
        if boards & set(encounter.boards)
        and same_section(movement, encounter.table, finished.encounter.table)
    )
    if not tables:
        return _(
            "%(boards)s: not played in round %(round)s; put them on the bye stand (ask the director)."
        ) % {"boards": label, "round": following}
    if tables == [finished.encounter.table]:
        return _("%(boards)s: they stay at this table.") % {"boards": label}
    if len(tables) > 1:
        shared = ", ".join(table_name(movement, table) for table in tables)
        return _("%(boards)s: shared by tables %(tables)s in round %(round)s (the relay).") % {
            "boards": label,
            "tables": shared,
            "round": following,
        }
    return _("%(boards)s: take them to table %(table)s.") % {
        "boards": label,
        "table": table_name(movement, tables[0]),
    }


def entered_at_table(access: TableAccess, round_: int, number: int) -> Result | None:
    """The result already in for board ``number`` from this table's pairs of ``round_``, if any.

    Read only when a send is refused, to tell a second phone that the board is in and whom
    to ask if it is wrong (issue 24, point 15).
    """
    movement = movement_selectors.session_movement(access.session)
    if movement is None or not 1 <= round_ <= movement.rounds or not movement.has_table(access.table):
        return None
    encounter = movement.encounter(round_, access.table)
    if number not in encounter.boards:
        return None
    ns_key, ew_key = movement_selectors.encounter_keys(access.session.movement, encounter)
    return (
        Result.objects.filter(board__session=access.session, board__number=number)
        .filter(ns_pair__direction=ns_key[0], ns_pair__number=ns_key[1])
        .filter(ew_pair__direction=ew_key[0], ew_pair__number=ew_key[1])
        .first()
    )


def pair_label(key: PairKey, *, sectioned: bool = False) -> str:
    """'NS 3' in a Mitchell, 'Pair 5' in a Howell; 'NS A3' and 'Pair A5' in a session of sections."""
    if key[0]:
        return key_label(key, sectioned=sectioned)
    return _("Pair %(number)s") % {"number": number_label(key[1], sectioned=sectioned)}


def _destination(
    session: Session, movement: rules.Movement, movement_pair: Any, round_: int, seated: dict, last: int
) -> str:
    """Where a pair (as the rules name it) plays ``round_``: table and direction, or that it sits out.

    ``last`` is the last round of the pair's section (the session's in a session of one)."""
    if round_ > last:
        return _("the last round is over: thank you for playing")
    position = movement.position(movement_pair, round_)
    if position is None:
        return _("sits out round %(round)s") % {"round": round_}
    ns_key, ew_key = movement_selectors.encounter_keys(session.movement, position)
    sits_ns = position.ns == movement_pair
    opponent = ew_key if sits_ns else ns_key
    # The table's name first, up to the comma: the phone's "Open" button names it (table-entry.js).
    where = _("table %(table)s, %(direction)s, round %(round)s") % {
        "table": table_name(movement, position.table),
        "direction": _("North-South") if sits_ns else _("East-West"),
        "round": round_,
    }
    if opponent not in seated:
        return _("%(where)s (no opponents: sit out that round)") % {"where": where}
    return where
