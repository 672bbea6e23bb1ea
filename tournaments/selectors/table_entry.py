"""What a table's own page and the director's live grid read while a session is played.

A table reaches its page through its secret link (``TableAccess``); everything here is
scoped to that one table of that one session. The table sees its rounds, its boards, the
traveller of a board *it has played* (the results entered so far), where its pairs go
next, and the standings so far if the club allows it; never a board it has still to play.

The round a table is in is worked out, not stored: it is the first round of the table
whose boards are not all in (a round where one side is the phantom has nothing to enter).
So a table that the director helps by entering a result from the desk moves on just the
same, and nothing has to be kept in step.
"""

from __future__ import annotations

import functools
import hashlib
import io
from dataclasses import asdict, dataclass, field
from typing import Any

import segno
from django.db import connection

from tournaments.board_figures import board_scored_unsaved
from tournaments.bridge import Contract, board_dealer, board_vulnerability
from tournaments.bridge import movements as rules
from tournaments.bridge.scoring import contract_score
from tournaments.db.sql import columns, from_row, quoted_table
from tournaments.models import (
    Club,
    DirectorCall,
    Pair,
    Result,
    Session,
    SessionState,
    Standing,
    TableAccess,
)
from tournaments.selectors import movements as movement_selectors
from tournaments.selectors.movements import PairKey, key_label, pair_key
from tournaments.selectors.public import session_standings

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")
_VULNERABILITY_TEXT = {"None": "None", "NS": "N-S", "EW": "E-W", "Both": "Both"}


class TableLinkError(Exception):
    """A table link that grants nothing: unknown, or its session finished. ``status`` is the HTTP answer."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def table_access_get(token: str, *, with_club: bool = True) -> TableAccess:
    """Return the table access of a link's token, refusing an unknown token or a finished session.

    ``with_club=False`` leaves the club to be read if ever used: a table's send has no
    need of it, and it is the busiest request of a night.
    """
    access = _access_with_session(token, with_club) if token.isascii() and 20 <= len(token) <= 43 else None
    if access is None or not _table_in_movement(access):
        raise TableLinkError("This table link is not valid. Ask the director for the table's card.", 404)
    if access.session.state == SessionState.FINISHED:
        raise TableLinkError(
            "This session has finished, so its table links no longer work. "
            "The results are on the club's public pages.",
            410,
        )
    return access


def _access_with_session(token: str, with_club: bool) -> TableAccess | None:
    """The token's access with its session (and club) read, or None.

    One plain statement built once (``db.sql.from_row``): every request of every
    table starts here, and building ``select_related(...).get()`` through the ORM cost
    about a millisecond of Python each time.
    """
    with connection.cursor() as cursor:
        cursor.execute(_access_sql(with_club), [token])
        row = cursor.fetchone()
    if row is None:
        return None
    widths = [len(model._meta.concrete_fields) for model in (TableAccess, Session)]
    access = from_row(TableAccess, row[: widths[0]])
    access.session = from_row(Session, row[widths[0] : sum(widths)])
    if with_club:
        access.session.club = from_row(Club, row[sum(widths) :])
    return access


@functools.cache
def _access_sql(with_club: bool) -> str:
    models = [(TableAccess, "a"), (Session, "s")] + ([(Club, "c")] if with_club else [])
    selected = ", ".join(columns(model, alias) for model, alias in models)
    club = f" INNER JOIN {quoted_table(Club)} c ON c.id = s.club_id" if with_club else ""
    return (
        f"SELECT {selected} FROM {quoted_table(TableAccess)} a"
        f" INNER JOIN {quoted_table(Session)} s ON s.id = a.session_id{club} WHERE a.token = %s"
    )


def _table_in_movement(access: TableAccess) -> bool:
    """False for a link of a table the movement no longer has (it shrank before play)."""
    movement = movement_selectors.session_movement(access.session)
    return movement is None or access.table <= movement.tables


# --- The table's rounds --------------------------------------------------------------------------


@dataclass(frozen=True)
class TableBoard:
    number: int
    result: Result | None

    @property
    def dealer(self) -> str:
        return board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return _VULNERABILITY_TEXT[board_vulnerability(self.number)]


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
            to = _destination(session, movement, movement_pair, finished.round + 1, seated)
            moves.append(Move(pair_label(key), pair.names, to))
    return moves


def pair_label(key: PairKey) -> str:
    """'NS 3' in a Mitchell, 'Pair 5' in a Howell."""
    return key_label(key) if key[0] else f"Pair {key[1]}"


def _destination(
    session: Session, movement: rules.Movement, movement_pair: Any, round_: int, seated: dict
) -> str:
    """Where a pair (as the rules name it) plays ``round_``: table and direction, or that it sits out."""
    if round_ > movement.rounds:
        return "the last round is over: thank you for playing"
    position = movement.position(movement_pair, round_)
    if position is None:
        return f"sits out round {round_}"
    ns_key, ew_key = movement_selectors.encounter_keys(session.movement, position)
    sits_ns = position.ns == movement_pair
    opponent = ew_key if sits_ns else ns_key
    direction = "North-South" if sits_ns else "East-West"
    if opponent not in seated:
        return f"table {position.table}, {direction}, round {round_} (no opponents: sit out that round)"
    return f"table {position.table}, {direction}, round {round_}"


# --- The page's data ---------------------------------------------------------------------------


def _pair_json(key: PairKey, pair: Pair | None) -> dict[str, Any]:
    return {"label": key_label(key), "names": pair.names if pair else "sits out (no pair)"}


def _board_json(board: TableBoard) -> dict[str, Any]:
    entered = None
    if board.result is not None:
        result = board.result
        entered = {"display": result.display, "ns_score": result.ns_score}
    return {
        "number": board.number,
        "dealer": board.dealer,
        "vulnerability": board.vulnerability,
        "entered": entered,
    }


def _round_json(entry: TableRound) -> dict[str, Any]:
    return {
        "number": entry.round,
        "ns": _pair_json(entry.ns_key, entry.ns),
        "ew": _pair_json(entry.ew_key, entry.ew),
        "sits_out": entry.sits_out,
        "boards": [_board_json(board) for board in entry.boards],
    }


def table_state(access: TableAccess) -> dict[str, Any]:
    """Everything the table's page shows, as JSON: the round, its boards, moves, standings."""
    session = access.session
    movement = movement_selectors.session_movement(session)
    state: dict[str, Any] = {
        "session": session.name,
        "club": session.club.name,
        "date": session.date.isoformat(),
        "table": access.table,
        "state": session.state,
        "lead": session.club.table_entry_lead,
        "imps": session.is_imps,
        "round": None,
        "table_rounds": [],
        "rounds": movement.rounds if movement else 0,
        "moves": None,
        "standings": None,
        "called": DirectorCall.objects.filter(
            session=session, table=access.table, answered_at__isnull=True
        ).exists(),
    }
    if movement is None or access.table > movement.tables:
        state["message"] = "The director has not set up this table in the movement yet."
        return state
    pairs = list(session.pairs.select_related("player1", "player2"))
    rounds = table_rounds(session, movement, access.table, pairs)
    current = current_round(rounds)
    state["round"] = _round_json(current) if current else None
    # Every round, so a table that left a board behind can go on to the next round and
    # come back to it (the page shows the current round unless the players choose another).
    state["table_rounds"] = [_round_json(entry) for entry in rounds]
    previous = _previous_round(rounds, current)
    if previous is not None and (current is None or not current.started):
        state["moves"] = {
            "round": previous.round,
            "lines": [asdict(move) for move in pair_moves(session, movement, previous, pairs)],
        }
    if session.club.table_standings and (current is None or not current.started) and previous is not None:
        state["standings"] = standings_json(session)
    if session.state != SessionState.PLAY:
        state["message"] = "Play has not started yet: the director starts it from the session page."
    return state


def _previous_round(rounds: list[TableRound], current: TableRound | None) -> TableRound | None:
    """The latest round before the current one that the table played (not sat out)."""
    before = [entry for entry in rounds if current is None or entry.round < current.round]
    played = [entry for entry in before if not entry.sits_out]
    return played[-1] if played else None


def standings_json(session: Session) -> list[dict[str, Any]]:
    """The standings so far, field by field, as the table's page shows them."""
    tables = []
    for table in session_standings(session):
        rows = [
            {
                "rank": standing.rank_text,
                "pair": standing.pair.label,
                "names": standing.pair.names,
                "figure": _standing_figure(session, standing),
            }
            for standing in table.standings
        ]
        tables.append({"title": table.title, "rows": rows})
    return tables


def _standing_figure(session: Session, standing: Standing) -> str:
    if session.is_imps:
        per_board = standing.imps_per_board
        return "-" if per_board is None else f"{per_board:+.2f} IMPs/board"
    return f"{standing.percentage:.2f}%"


# --- A board's traveller, for a table that has played it -------------------------------------------


class BoardNotPlayedError(Exception):
    """The table asked for a traveller of a board it has not played (yet)."""


def table_traveller(access: TableAccess, number: int) -> dict[str, Any]:
    """The traveller of a board this table has played: the results entered so far, and its own.

    Refused (``BoardNotPlayedError``) for a board the table has no result on, so a phone
    never shows a board that its players still have to play.
    """
    session = access.session
    movement = movement_selectors.session_movement(session)
    if movement is None:
        raise BoardNotPlayedError(number)
    pairs = list(session.pairs.select_related("player1", "player2"))
    mine = None
    for entry in table_rounds(session, movement, access.table, pairs):
        for board in entry.boards:
            if board.number == number and board.result is not None:
                mine = board.result
    if mine is None:
        raise BoardNotPlayedError(number)
    results = list(
        Result.objects.filter(board_id=mine.board_id).select_related("ns_pair", "ew_pair").order_by("pk")
    )
    if any(result.ns_matchpoints is None for result in results):  # entered since the last rescoring
        board_scored_unsaved(session, results)
    mine = next(result for result in results if result.pk == mine.pk)
    results.sort(key=lambda result: (result.ns_pair.number, result.pk))
    rows = [_traveller_row(session, result, mine) for result in results]
    return {
        "board": number,
        "rows": rows,
        "ns_percentage": mine.ns_percentage,
        "ew_percentage": mine.ew_percentage,
        "ns_imps": mine.ns_imps,
        "ew_imps": mine.ew_imps,
        "results": len(rows),
    }


def _traveller_row(session: Session, result: Result, mine: Result) -> dict[str, Any]:
    return {
        "ns": result.ns_pair.label,
        "ew": result.ew_pair.label if result.ew_pair else "-",
        "result": result.display,
        "ns_score": result.ns_score,
        "ns_percentage": result.ns_percentage,
        "ew_percentage": result.ew_percentage,
        "ns_imps": result.ns_imps,
        "mine": result.pk == mine.pk,
    }


# --- The score table the page scores with, offline too ---------------------------------------------


@functools.cache
def _scores(vulnerable: bool) -> list:
    """Declarer's score for every contract and trick count at one vulnerability."""
    return [
        [
            [
                [
                    contract_score(Contract.parse(f"{level}{strain}{doubling}"), tricks, vulnerable)
                    for tricks in range(14)
                ]
                for doubling in DOUBLINGS
            ]
            for strain in STRAINS
        ]
        for level in range(1, 8)
    ]


def score_table_json() -> dict[str, Any]:
    """Declarer's score of every contract, ``scores[vulnerable][level-1][strain][doubling][tricks]``.

    The phone shows the score for the opponents to accept from this table, so it can score
    an entry even while its network is gone; the server scores the entry again from the
    rules package when it arrives (``services.results``), and only that score is stored.
    """
    return {"strains": STRAINS, "doublings": DOUBLINGS, "scores": [_scores(False), _scores(True)]}


# --- The director's live grid ----------------------------------------------------------------------


@dataclass(frozen=True)
class GridCell:
    round: int
    boards: int
    entered: int
    sits_out: bool

    @property
    def status(self) -> str:
        if self.sits_out:
            return "sitout"
        if self.entered >= self.boards:
            return "done"
        return "partial" if self.entered else "todo"


@dataclass(frozen=True)
class GridRow:
    table: int
    cells: list[GridCell]
    current_round: int | None
    late: bool
    call: DirectorCall | None


@dataclass(frozen=True)
class TableGrid:
    rounds: list[int]
    rows: list[GridRow]
    calls: list[DirectorCall]
    stamp: str


def session_table_grid(session: Session) -> TableGrid | None:
    """Tables by rounds: how many results are in, which table is late, which called the director.

    A table is late when another table is already in a later round. Four queries.
    """
    movement = movement_selectors.session_movement(session)
    if movement is None:
        return None
    pairs = list(session.pairs.all())
    seated = {pair_key(pair) for pair in pairs}
    entered = _entered_keys(session)
    calls = list(DirectorCall.objects.filter(session=session, answered_at__isnull=True).order_by("at", "pk"))
    call_by_table = {}
    for call in calls:
        call_by_table.setdefault(call.table, call)
    cells_by_table = {
        table: _grid_cells(session, movement, table, seated, entered)
        for table in range(1, movement.tables + 1)
    }
    current = {
        table: next((cell.round for cell in cells if cell.status not in ("done", "sitout")), None)
        for table, cells in cells_by_table.items()
    }
    furthest = max((round_ or movement.rounds + 1 for round_ in current.values()), default=0)
    rows = [
        GridRow(
            table,
            cells,
            current[table],
            current[table] is not None and current[table] < furthest,
            call_by_table.get(table),
        )
        for table, cells in cells_by_table.items()
    ]
    stamp = _grid_stamp(rows, calls)
    return TableGrid(list(range(1, movement.rounds + 1)), rows, calls, stamp)


def _grid_cells(
    session: Session, movement: rules.Movement, table: int, seated: set[PairKey], entered: set[tuple]
) -> list[GridCell]:
    """One table's rounds: boards, results in, and whether a side sits out."""
    cells = []
    for encounter in sorted((e for e in movement.encounters if e.table == table), key=lambda e: e.round):
        ns, ew = movement_selectors.encounter_keys(session.movement, encounter)
        count = sum((number, ns, ew) in entered for number in encounter.boards)
        cells.append(
            GridCell(encounter.round, len(encounter.boards), count, ns not in seated or ew not in seated)
        )
    return cells


def _entered_keys(session: Session) -> set[tuple]:
    rows = Result.objects.filter(board__session=session).values_list(
        "board__number", "ns_pair__direction", "ns_pair__number", "ew_pair__direction", "ew_pair__number"
    )
    return {(number, (nsd, nsn), (ewd, ewn)) for number, nsd, nsn, ewd, ewn in rows}


def _grid_stamp(rows: list[GridRow], calls: list[DirectorCall]) -> str:
    text = repr([(row.table, [(c.entered, c.status) for c in row.cells], row.late) for row in rows])
    text += repr([(call.pk, call.table) for call in calls])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --- Links and QR codes ------------------------------------------------------------------------------


def qr_svg(url: str) -> str:
    """An SVG QR code of ``url`` for a table card (segno; no image file, no script)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, xmldecl=False, svgns=True, svgclass="qr")
    return buffer.getvalue().decode()
