"""Read the desk's grid: a board's whole traveller, or a table's round, one line a table's result.

The movement fills in each line's pairs (a Mitchell's by number, the column saying the
field; ``EW 3`` in the NS column on an arrow-switched round), and the line shows the
result already stored for those pairs in the compact notation (``bridge.notation``), so a
director types only what the paper traveller adds or changes. A result the grid cannot
write (an assigned score, a score without a contract from an imported file) is shown on a
line of its own, fixed: the board page changes it.

Each line keeps ``was``, its stored result as the page showed it (``result_stamp``), which
the save compares under the session's lock to tell a page gone stale from a double submit
(``services.traveller``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.bridge.adjusted import AdjustmentPercentages, Artificial
from tournaments.bridge.calls import Contract
from tournaments.bridge.movement_sections import number_label
from tournaments.bridge.notation import PASSED_OUT, Outcome, Played, outcome_text
from tournaments.bridge.seats import Seat
from tournaments.core.models import Club
from tournaments.night.models import Board, Direction, Pair, Result, Session
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.movements import PairKey, TableRound

# Lines one grid may hold: a 30-table movement's traveller is 30; every line posts six fields,
# and Django reads at most 1,000 fields a request (DATA_UPLOAD_MAX_NUMBER_FIELDS).
MAX_LINES = 120


@dataclass(frozen=True)
class GridLine:
    """One line of the grid: a table's result on one board, as the page prefills it."""

    board: int
    ns: str  # the NS cell: '3', or 'EW 3' when an East-West pair sits North-South
    ew: str
    contract: str  # the stored result in the compact notation, or ''
    lead: str
    was: str  # the stored result as the page showed it (``result_stamp``), or ''
    where: str  # 'Round 2, table 3' on a traveller, 'Board 7' on a round
    names: str = ""
    fixed: str = ""  # a stored result the grid cannot write: its display


@dataclass(frozen=True)
class Grid:
    lines: list[GridLine]
    percentages: AdjustmentPercentages
    boards: dict[int, Board]  # the boards the grid may write, by number


def club_percentages(club: Club) -> AdjustmentPercentages:
    """The club's Average-plus, Average and Average-minus (Law 12C2)."""
    return AdjustmentPercentages(plus=club.average_plus, minus=club.average_minus)


def result_outcome(result: Result) -> Outcome | None:
    """A stored result as the compact notation holds it; None for one it cannot (assigned, a bare score)."""
    if result.ew_pair_id is None or result.is_assigned:
        return None
    if result.is_adjusted:
        return Artificial(result.ns_adjustment, result.ew_adjustment)  # type: ignore[arg-type]
    if result.is_passed_out:
        return PASSED_OUT
    if not result.contract or not result.declarer or result.tricks is None:
        return None
    return Played(Contract.parse(result.contract), Seat(result.declarer), result.tricks)


def stamp(pk: int, ns: str, ew: str, shown: str, lead: str) -> str:
    """A line's stamp of a result: its id, its pairs' labels, its outcome as the grid writes it, its lead."""
    return "|".join((str(pk), ns, ew, shown, lead))


def stamp_shown(text: str) -> str:
    """The result a stamp holds, as a director reads it (``4SN+1``, ``4SN+1 SK`` with its lead), or a
    dash for nothing stored."""
    parts = text.split("|")
    return " ".join(part for part in parts[3:] if part) if len(parts) == 5 else "-"


def result_stamp(result: Result | None, percentages: AdjustmentPercentages) -> str:
    """What a line remembers of its stored result, to find it changed ('' for none)."""
    if result is None:
        return ""
    outcome = result_outcome(result)
    shown = outcome_text(outcome, percentages) if outcome is not None else result.display
    ew = result.ew_pair.label if result.ew_pair is not None else "-"
    return stamp(result.pk, result.ns_pair.label, ew, shown, result.lead)


def pair_cell(pair: Pair, column: str, session: Session) -> str:
    """A pair as its cell shows it: its number, with its field when it is not the column's."""
    number = number_label(pair.number, sectioned=pair.section_id is not None)
    if not session.is_mitchell or pair.direction == column:
        return number
    return f"{pair.direction} {number}"


def _line(
    session: Session,
    number: int,
    ns: Pair,
    ew: Pair | None,
    result: Result | None,
    where: str,
    percentages: AdjustmentPercentages,
) -> GridLine:
    outcome = result_outcome(result) if result is not None else None
    names = f"{ns.names} v {ew.names}" if ew is not None else ns.names
    return GridLine(
        board=number,
        ns=pair_cell(ns, Direction.NS, session),
        ew=pair_cell(ew, Direction.EW, session) if ew is not None else "",
        contract=outcome_text(outcome, percentages) if outcome is not None else "",
        lead=result.lead if result is not None else "",
        was=result_stamp(result, percentages),
        where=where,
        names=names,
        fixed=result.display if result is not None and outcome is None else "",
    )


def _blank(number: int, where: str = "") -> GridLine:
    return GridLine(board=number, ns="", ew="", contract="", lead="", was="", where=where)


def _results(boards: Iterable[Board]) -> list[Result]:
    return list(
        Result.objects.filter(board__in=list(boards))
        .select_related(
            "board",
            *(f"{side}__{player}" for side in ("ns_pair", "ew_pair") for player in ("player1", "player2")),
        )
        .order_by("board__number", "ns_pair__number", "id")
    )


def _seated(pairs: list[Pair]) -> dict[PairKey, Pair]:
    return {movement_selectors.pair_key(pair): pair for pair in pairs}


def board_grid(session: Session, board: Board, pairs: list[Pair]) -> Grid:
    """The board's whole traveller: a line for each table the movement plays it at (a Mitchell's by
    NS pair, a Howell's by round), then any other result stored on it.

    Without a movement the lines are the stored results and blank lines for the rest of
    the field (a Mitchell's NS pairs, half a Howell's pairs).
    """
    percentages = club_percentages(session.club)
    results = _results([board])
    by_pairs = {(result.ns_pair_id, result.ew_pair_id): result for result in results}
    lines: list[GridLine] = []
    shown: set[int] = set()
    movement = movement_selectors.session_movement(session)
    if movement is not None:
        seated = _seated(pairs)
        tables = []
        for encounter in movement_selectors.board_encounters(movement, board.number):
            ns, ew = (
                seated.get(key) for key in movement_selectors.encounter_keys(session.movement, encounter)
            )
            if ns is not None and ew is not None:  # else a phantom's table: nobody plays it there
                tables.append((encounter, ns, ew))
        if session.is_mitchell:
            tables.sort(key=lambda table: (table[1].number, table[2].number))
        for encounter, ns, ew in tables:
            result = by_pairs.get((ns.pk, ew.pk))
            if result is not None:
                shown.add(result.pk)
            where = _("Round %(round)d, table %(table)s") % {
                "round": encounter.round,
                "table": number_label(encounter.table, sectioned=session.has_sections),
            }
            lines.append(_line(session, board.number, ns, ew, result, where, percentages))
    for result in results:
        if result.pk not in shown:
            lines.append(
                _line(session, board.number, result.ns_pair, result.ew_pair, result, "", percentages)
            )
    if movement is None:
        field = (
            sum(pair.direction != Direction.EW for pair in pairs) if session.is_mitchell else len(pairs) // 2
        )
        lines += [_blank(board.number) for _ in range(max(field - len(results), 1))]
    return Grid(lines[:MAX_LINES], percentages, {board.number: board})


def round_grid(session: Session, seating: TableRound) -> Grid:
    """A table's round: a line for each of its boards, the movement's pairs on every line."""
    percentages = club_percentages(session.club)
    boards = {board.number: board for board in session.boards.filter(number__in=seating.boards)}
    ns, ew = seating.ns.pair, seating.ew.pair
    if ns is None or ew is None:  # a sit-out: nothing to enter
        return Grid([], percentages, {})
    by_board = {
        result.board.number: result for result in _results(boards.values()) if result.ns_pair_id == ns.pk
    }
    lines = []
    for number in seating.boards:
        where = _("Board %(board)d") % {"board": number}
        if number in boards:
            lines.append(_line(session, number, ns, ew, by_board.get(number), where, percentages))
        else:
            lines.append(GridLine(number, "", "", "", "", "", where, fixed=_("not created yet")))
    return Grid(lines, percentages, boards)
