"""Read a finished session's boards for a player: each board he played, read by the rules
(``bridge.analysis.board.read_board``), and his evening in sum (decision 0079).

Only a finished session is read (``session_readable``): a board still in play shows
nothing of itself, and a session reopened hides its analysis again until it finishes.
Three queries a session whatever its size: the results with their pairs and boards, and
the lead solves.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Q

from tournaments.analysis.models import LeadSolve
from tournaments.bridge.analysis.board import BoardReading, TableResult, read_board
from tournaments.bridge.analysis.field import ContractCount, StrainAverage
from tournaments.bridge.analysis.leads import LeadVerdict, lead_verdict
from tournaments.bridge.analysis.roles import Role, leader_of, player_seat
from tournaments.bridge.analysis.summary import RoleAverage, by_cost, costs_by_kind, role_averages
from tournaments.bridge.analysis.verdicts import Kind
from tournaments.bridge.calls import Contract
from tournaments.bridge.seats import seat_from
from tournaments.core.models import Player
from tournaments.night.models import Board, Pair, Result, SectionScoring, Session

_HANDS = ("north", "east", "south", "west")


def session_readable(session: Session) -> bool:
    """Whether the session's analysis may be shown: finished, every board played."""
    return session.is_finished


@dataclass(frozen=True)
class BoardLine:
    """One board a player played: the stored result and figures, and the rules' reading."""

    board: Board
    result: Result
    pair: Pair
    reading: BoardReading
    score: int | None  # his side's score
    points: float | None  # his side's stored matchpoints (or IMPs)
    percentage: float | None  # his side's stored percentage (matchpoints only)

    @property
    def opponents(self) -> Pair | None:
        return self.result.ew_pair if self.reading.side == "NS" else self.result.ns_pair

    @property
    def other_contracts(self) -> tuple[ContractCount, ...]:
        """The contracts the field bid besides its own, with how many bid and made each (all of
        them where the field has no contract of its own)."""
        most = self.reading.field.most_frequent
        return tuple(count for count in self.reading.field.contracts if count != most)

    @property
    def field_average(self) -> StrainAverage | None:
        """The field's average tricks in his table's strain from the declaring side (two tables or more)."""
        result = self.reading.result
        if not result.contract or result.passed_out or not result.declarer:
            return None
        return self.reading.field.average(
            Contract.parse(result.contract).strain.letter, seat_from(result.declarer).side
        )


@dataclass(frozen=True)
class Evening:
    session: Session
    player: Player
    lines: list[BoardLine]
    imported: bool  # a session read from another scorer's file: its leads and auctions were never known
    pairs: list[Pair] = dataclasses.field(
        default_factory=list
    )  # the partnerships he played in, for their views

    @property
    def averages(self) -> list[RoleAverage]:
        figure = (lambda line: line.points) if self.session.is_imps else (lambda line: line.percentage)
        return role_averages((line.reading.role, figure(line)) for line in self.lines)

    @property
    def costs(self) -> list[tuple[Kind, float]]:
        totals = costs_by_kind(line.reading.verdict for line in self.lines)
        return [(kind, totals[kind]) for kind in Kind if kind in totals]

    @property
    def dearest(self) -> list[BoardLine]:
        """His boards by what they cost him, the dearest first."""
        by_number = {line.board.number: line for line in self.lines}
        return [
            by_number[n]
            for n, _ in by_cost([(line.board.number, line.reading.verdict) for line in self.lines])
        ]


def _table_result(result: Result) -> TableResult:
    return TableResult(result.contract, result.declarer, result.tricks, result.ns_score, result.lead)


def _deal(board: Board) -> str:
    return "N:" + " ".join(getattr(board, hand) for hand in _HANDS)


def session_results(session: Session) -> dict[int, list[Result]]:
    """The session's results by board id, with their boards and pairs (one query)."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    rows = (
        Result.objects.filter(board__session=session)
        .select_related(
            "board", "ns_pair__player1", "ns_pair__player2", "ew_pair__player1", "ew_pair__player2"
        )
        .order_by("board__number", "ns_pair__number", "pk")
    )
    for result in rows:
        by_board[result.board_id].append(result)
    return by_board


def lead_solves(session: Session) -> dict[tuple[int, str, str], dict[str, int]]:
    """The session's lead solves of each board's present deal, by (board id, leader, strain)."""
    solves = LeadSolve.objects.filter(board__session=session).select_related("board")
    return {(s.board_id, s.leader, s.strain): s.tricks for s in solves if s.deal == _deal(s.board)}


def _field(results: Sequence[Result], mine: Result, session: Session) -> list[Result]:
    """The results the table's is compared with: the board's, or its section's where sections score apart."""
    if session.section_scoring != SectionScoring.SECTION:
        return list(results)
    return [r for r in results if r.ns_pair.section_id == mine.ns_pair.section_id]


def board_line(
    session: Session,
    results: Sequence[Result],
    mine: Result,
    pair: Pair,
    position: int,
    solves: dict[tuple[int, str, str], dict[str, int]],
) -> BoardLine:
    """Read ``mine``, one of the board's ``results``, for the player at ``position`` of ``pair``."""
    field = _field(results, mine, session)
    side = "NS" if mine.ns_pair_id == pair.pk else "EW"
    board = mine.board
    lead_tricks = None
    if mine.contract and not mine.is_passed_out and mine.lead:
        leader = leader_of(mine.declarer).value
        lead_tricks = solves.get((board.pk, leader, Contract.parse(mine.contract).strain.letter))
    reading = read_board(
        number=board.number,
        results=[_table_result(r) for r in field],
        index=field.index(mine),
        seat=player_seat(side, position),
        dd_tricks=board.dd_tricks if board.is_dealt else None,
        lead_tricks=lead_tricks,
        method=session.scoring,
    )
    sign = 1 if side == "NS" else -1
    if session.is_imps:
        points = mine.ns_imps if side == "NS" else mine.ew_imps
    else:
        points = mine.ns_matchpoints if side == "NS" else mine.ew_matchpoints
    percentage = mine.ns_percentage if side == "NS" else mine.ew_percentage
    score = None if mine.ns_score is None else sign * mine.ns_score
    return BoardLine(board, mine, pair, reading, score, points, percentage)


def player_pairs(session: Session, player: Player) -> list[Pair]:
    return list(
        session.pairs.filter(Q(player1=player) | Q(player2=player)).select_related("player1", "player2")
    )


def player_evening(session: Session, player: Player, *, pair: Pair | None = None) -> Evening:
    """Each board ``player`` played in ``session`` (finished), read, in board order; with ``pair``,
    only the boards he played in that partnership (an individual's one-round partnership)."""
    found = player_pairs(session, player)
    pairs = {each.pk: each for each in found if pair is None or each.pk == pair.pk}
    results = session_results(session)
    solves = lead_solves(session)
    lines = []
    for board_results in results.values():
        for result in board_results:
            pair_id = result.ns_pair_id if result.ns_pair_id in pairs else result.ew_pair_id
            if pair_id not in pairs:
                continue
            seated = pairs[pair_id]
            # The pair's first-named player holds North (East): on an individual night each
            # round's partnership is its own pair, made from the movement's seats, so this is
            # the seat he held on that board (night.services.individual).
            position = 0 if seated.player1_id == player.pk else 1
            lines.append(board_line(session, board_results, result, seated, position, solves))
    return Evening(session, player, lines, imported=bool(session.source_sha256), pairs=found)


def pair_evenings(session: Session, pair: Pair) -> list[Evening]:
    """The partnership's view: each of its players' boards played together (on an individual
    night, the round's boards only, not those he played with other partners)."""
    players = [pair.player1, *([pair.player2] if pair.player2 else [])]
    return [player_evening(session, player, pair=pair) for player in players]


@dataclass(frozen=True)
class TableAgainstDoubleDummy:
    """One table's result on a board: its declarer's tricks against double-dummy and its lead's
    cost (None: not known, as the evening's reading says why)."""

    result: Result
    difference: int | None  # tricks taken less double-dummy's for the declarer's seat and strain
    lead: LeadVerdict | None


def every_table(board: Board, results: Iterable[Result]) -> list[TableAgainstDoubleDummy]:
    """Each table's result on ``board``: its declarer against double-dummy, and what its lead cost
    where the lead is recorded and solved (one query for the board's lead solves, where a lead is)."""
    results = list(results)
    solves = {}
    if board.dd_tricks and any(result.lead for result in results):
        solves = {
            (solve.leader, solve.strain): solve.tricks
            for solve in LeadSolve.objects.filter(board=board)
            if solve.deal == _deal(board)
        }
    rows = []
    for result in results:
        difference = None
        lead = None
        if board.dd_tricks and result.contract and not result.is_passed_out and result.tricks is not None:
            strain = Contract.parse(result.contract).strain.letter
            difference = result.tricks - int(board.dd_tricks[result.declarer][strain])
            solved = solves.get((leader_of(result.declarer).value, strain))
            if result.lead and solved:
                lead = lead_verdict(result.lead, solved)
        rows.append(TableAgainstDoubleDummy(result, difference, lead))
    return rows


ROLE_NAMES = {
    Role.DECLARER: "declarer",
    Role.DUMMY: "dummy",
    Role.ON_LEAD: "on_lead",
    Role.DEFENDER: "defender",
}
