"""A player's season by month: his declarer play against double-dummy, his leads that cost,
his auctions, the field's same, and his gifts and fixes (decision 0079).

Read in plain rows (``values_list``), four queries whatever the season's length: his
pairs, the results of his finished sessions, their boards' double-dummy tables and the
lead solves. The field's figures are measured without re-scoring (tricks against
double-dummy, leads that cost, contracts worse at double-dummy than the field's); his
own boards are read by the rules whole, as his evening page reads them.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from tournaments.analysis.charts import line_chart
from tournaments.analysis.models import LeadSolve
from tournaments.bridge.analysis.board import BoardReading, TableResult, read_board
from tournaments.bridge.analysis.field import ContractCount, Played, field_summary
from tournaments.bridge.analysis.leads import lead_verdict
from tournaments.bridge.analysis.roles import Role, leader_of, player_seat
from tournaments.bridge.analysis.verdicts import Kind
from tournaments.bridge.calls import Contract
from tournaments.bridge.scoring import ns_score
from tournaments.bridge.seats import board_vulnerability, seat_from
from tournaments.core.models import Player
from tournaments.night.models import Board, Pair, Result, SessionState

_HANDS = ("north", "east", "south", "west")
DoubleDummy = dict[str, dict[str, int]]
Solves = dict[tuple[int, str, str], dict[str, int]]


@dataclass
class Tally:
    """A count and a sum: an average where the count is not 0."""

    count: int = 0
    total: float = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        self.total += value

    @property
    def average(self) -> float | None:
        return self.total / self.count if self.count else None


@dataclass
class Month:
    month: datetime.date
    sessions: set[int] = field(default_factory=set)
    declarer: Tally = field(default_factory=Tally)  # his tricks less double-dummy's, as declarer
    field_declarer: Tally = field(default_factory=Tally)
    leads: Tally = field(default_factory=Tally)  # 1 for a lead that cost a trick, 0 for one that did not
    field_leads: Tally = field(default_factory=Tally)
    auctions: Tally = field(default_factory=Tally)  # 1 for a contract worse at double-dummy than the field's
    field_auctions: Tally = field(default_factory=Tally)
    auction_verdicts: int = 0  # boards the rule tree put down to his side's auction, at a cost
    gifts: int = 0
    fixes: int = 0


def _worse_than_field(
    result: TableResult, number: int, dd: DoubleDummy, most: ContractCount | None
) -> int | None:
    """1 if the contract scores less at double-dummy for its declarers than the field's, else 0."""
    if most is None or not result.contract or result.passed_out:
        return None
    vulnerability = board_vulnerability(number)
    strain = Contract.parse(result.contract).strain.letter
    own = ns_score(result.contract, result.declarer, int(dd[result.declarer][strain]), vulnerability)
    key = most.key
    if key.bid == "PASS":
        theirs = 0
    else:
        declarer = most.declarers[0]
        theirs = ns_score(key.bid, declarer, int(dd[declarer][key.strain]), vulnerability)
    sign = 1 if seat_from(result.declarer).side == "NS" else -1
    return int(sign * own < sign * theirs)


def player_season(player: Player) -> list[Month]:
    """His finished sessions' boards, month by month, oldest first."""
    pairs = {
        pk: (session_id, 0 if first == player.pk else 1)
        for pk, session_id, first in Pair.objects.filter(
            Q(player1=player) | Q(player2=player), session__state=SessionState.FINISHED
        ).values_list("pk", "session_id", "player1_id")
    }
    sessions = {session_id for session_id, _ in pairs.values()}
    rows = (
        Result.objects.filter(board__session_id__in=sessions)
        .order_by("board_id", "pk")
        .values_list(
            "board_id", "contract", "declarer", "tricks", "ns_score", "lead", "ns_pair_id", "ew_pair_id",
            "board__session__scoring", "board__session__date", "board__session_id",
        )
    )  # fmt: skip
    boards = {
        pk: (number, dd, "N:" + " ".join(hands))
        for pk, number, dd, *hands in Board.objects.filter(session_id__in=sessions).values_list(
            "pk", "number", "dd_tricks", *_HANDS
        )
    }
    solves = {
        (board_id, leader, strain): tricks
        for board_id, leader, strain, tricks, deal in LeadSolve.objects.filter(
            board__session_id__in=sessions
        ).values_list("board_id", "leader", "strain", "tricks", "deal")
        if board_id in boards and boards[board_id][2] == deal
    }
    by_board: dict[int, list[tuple]] = defaultdict(list)
    for row in rows:
        by_board[row[0]].append(row)
    months: dict[datetime.date, Month] = {}
    for board_id, board_rows in by_board.items():
        number, dd, _ = boards[board_id]
        scoring, date, session_id = board_rows[0][8:11]
        month = months.setdefault(date.replace(day=1), Month(date.replace(day=1)))
        month.sessions.add(session_id)
        results = [TableResult(r[1], r[2], r[3], r[4], r[5]) for r in board_rows]
        played = [Played(r.contract, r.declarer, r.tricks) for r in results if r.played]
        most = field_summary(played).most_frequent if dd else None
        for index, (row, result) in enumerate(zip(board_rows, results, strict=True)):
            mine = pairs.get(row[6]) or pairs.get(row[7])
            _tally_field(month, result, board_id, number, dd, most, solves)
            if mine is None or not dd:
                continue
            side = "NS" if row[6] in pairs else "EW"
            lead_tricks = None
            if result.played and not result.passed_out and result.lead:
                key = (
                    board_id,
                    leader_of(result.declarer).value,
                    Contract.parse(result.contract).strain.letter,
                )
                lead_tricks = solves.get(key)
            reading = read_board(
                number=number, results=results, index=index, seat=player_seat(side, mine[1]),
                dd_tricks=dd, lead_tricks=lead_tricks, method=scoring,
            )  # fmt: skip
            _tally_player(month, reading, number, dd, most)
    return [months[key] for key in sorted(months)]


def _tally_field(
    month: Month,
    result: TableResult,
    board_id: int,
    number: int,
    dd: DoubleDummy | None,
    most: ContractCount | None,
    solves: Solves,
) -> None:
    if not dd or not result.played or result.passed_out or result.tricks is None:
        return
    strain = Contract.parse(result.contract).strain.letter
    month.field_declarer.add(result.tricks - int(dd[result.declarer][strain]))
    worse = _worse_than_field(result, number, dd, most)
    if worse is not None:
        month.field_auctions.add(worse)
    if result.lead:
        tricks = solves.get((board_id, leader_of(result.declarer).value, strain))
        judged = lead_verdict(result.lead, tricks) if tricks else None
        if judged is not None:
            month.field_leads.add(int(judged.cost > 0))


def _tally_player(
    month: Month, r: BoardReading, number: int, dd: DoubleDummy, most: ContractCount | None
) -> None:
    if r.role is Role.DECLARER and r.tricks_against_double_dummy is not None:
        month.declarer.add(r.tricks_against_double_dummy)
    if r.role is Role.ON_LEAD and r.lead is not None:
        month.leads.add(int(r.lead.cost > 0))
    if r.role is not None and r.role.declaring:
        worse = _worse_than_field(r.result, number, dd, most)
        if worse is not None:
            month.auctions.add(worse)
    month.auction_verdicts += r.verdict.kind is Kind.AUCTION and r.verdict.points > 0
    month.gifts += r.verdict.gift
    month.fixes += r.verdict.fix


def season_chart(months: list[Month], name: str) -> SafeString:
    """His declarer play against double-dummy month by month, beside the field's."""
    labels = [date_format(m.month, "M Y") for m in months]
    series = [
        (name, "chart-player", [m.declarer.average for m in months]),
        (gettext("The field"), "chart-field", [m.field_declarer.average for m in months]),
    ]
    return line_chart(labels, series, gettext("Declarer play against double-dummy, by month (tricks)"))
