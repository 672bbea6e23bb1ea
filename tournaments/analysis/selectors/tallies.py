"""Work out a finished session's season figures, for each of its players and for the field.

Read in plain rows (``values_list``): the session's results, its boards' double-dummy
tables, its lead solves. Each result is read by the rules once a side
(``bridge.analysis.board.read_board``): both partners share their side's verdict, and a
role's figures go to the player in that role. Per player:

- ``declarer``: [boards declared against double-dummy, tricks taken less double-dummy's];
- ``leads``: [his leads judged, those that cost a trick];
- ``auctions``: [contracts his side declared, those worse at double-dummy than the field's];
- ``bidding``: [boards read against double-dummy, those the rule tree put down to his
  side's auction at a cost];
- ``auction_verdicts``, ``gifts``, ``fixes``: boards the rule tree put down to his side's
  auction at a cost, to the opponents' slips, to their luck.

The field's row (``None``) holds the same first four figures over every table (``bidding``
once a side: each side of each table is one reading).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from tournaments.analysis.models import LeadSolve
from tournaments.bridge.analysis.board import TableResult, read_board
from tournaments.bridge.analysis.field import ContractCount, Played, field_summary, parsed_contract
from tournaments.bridge.analysis.leads import lead_verdict
from tournaments.bridge.analysis.roles import Role, leader_of, player_seat, role_of
from tournaments.bridge.analysis.verdicts import Kind
from tournaments.bridge.scoring import ns_score
from tournaments.bridge.seats import board_vulnerability, seat_from
from tournaments.night.models import Board, Pair, Result, SectionScoring, Session

_HANDS = ("north", "east", "south", "west")
DoubleDummy = dict[str, dict[str, int]]
Tallies = dict[str, Any]


def new_tallies() -> Tallies:
    return {
        "declarer": [0, 0],
        "leads": [0, 0],
        "auctions": [0, 0],
        "bidding": [0, 0],
        "auction_verdicts": 0,
        "gifts": 0,
        "fixes": 0,
    }


def worse_than_field(
    result: TableResult, number: int, dd: DoubleDummy, most: ContractCount | None
) -> int | None:
    """1 if the contract scores less at double-dummy for its declarers than the field's, else 0."""
    if most is None or not result.contract or result.passed_out:
        return None
    vulnerability = board_vulnerability(number)
    contract = parsed_contract(result.contract)
    own = ns_score(contract, result.declarer, int(dd[result.declarer][contract.strain.letter]), vulnerability)
    if most.key.bid == "PASS":
        theirs = 0
    else:
        declarer = most.declarers[0]
        field = parsed_contract(most.key.bid)
        theirs = ns_score(field, declarer, int(dd[declarer][field.strain.letter]), vulnerability)
    sign = 1 if seat_from(result.declarer).side == "NS" else -1
    return int(sign * own < sign * theirs)


def session_tallies(session: Session) -> dict[int | None, Tallies]:
    """Each player's figures of the session (by player id) and the field's (``None``)."""
    pairs = {
        pk: (first, second, section)
        for pk, first, second, section in Pair.objects.filter(session=session).values_list(
            "pk", "player1_id", "player2_id", "section_id"
        )
    }
    boards = {
        pk: (number, dd, "N:" + " ".join(hands))
        for pk, number, dd, *hands in Board.objects.filter(session=session).values_list(
            "pk", "number", "dd_tricks", *_HANDS
        )
    }
    solves = {
        (board_id, leader, strain): tricks
        for board_id, leader, strain, tricks, deal in LeadSolve.objects.filter(
            board__session=session
        ).values_list("board_id", "leader", "strain", "tricks", "deal")
        if boards[board_id][2] == deal
    }
    rows = (
        Result.objects.filter(board__session=session)
        .order_by("board_id", "pk")
        .values_list(
            "board_id", "contract", "declarer", "tricks", "ns_score", "lead", "ns_pair_id", "ew_pair_id"
        )
    )
    by_board: dict[int, list[tuple]] = defaultdict(list)
    for row in rows:
        by_board[row[0]].append(row)
    tallies: dict[int | None, Tallies] = defaultdict(new_tallies)
    field_tally = tallies[None]
    by_section = session.section_scoring == SectionScoring.SECTION
    for board_id, board_rows in by_board.items():
        number, dd, _ = boards[board_id]
        if not dd:
            continue
        groups: dict[object, list[tuple]] = defaultdict(list)
        for row in board_rows:
            groups[pairs[row[6]][2] if by_section else None].append(row)
        for group in groups.values():
            _tally_group(tallies, field_tally, group, board_id, number, dd, pairs, solves, session.scoring)
    return dict(tallies)


def _tally_group(tallies, field_tally, rows, board_id, number, dd, pairs, solves, method) -> None:  # noqa: ANN001, PLR0913
    results = [TableResult(r[1], r[2], r[3], r[4], r[5]) for r in rows]
    most = field_summary(Played(r.contract, r.declarer, r.tricks) for r in results if r.played).most_frequent
    for index, (row, result) in enumerate(zip(rows, results, strict=True)):
        if not result.played or result.passed_out or result.tricks is None:
            continue
        strain = parsed_contract(result.contract).strain.letter
        leader = leader_of(result.declarer).value
        lead_tricks = solves.get((board_id, leader, strain)) if result.lead else None
        difference = result.tricks - int(dd[result.declarer][strain])
        worse = worse_than_field(result, number, dd, most)
        judged = lead_verdict(result.lead, lead_tricks) if lead_tricks else None
        _add(field_tally["declarer"], difference)
        if worse is not None:
            _add(field_tally["auctions"], worse)
        if judged is not None:
            _add(field_tally["leads"], int(judged.cost > 0))
        for side, pair_id in (("NS", row[6]), ("EW", row[7])):
            if pair_id is None:
                continue
            players = pairs[pair_id][:2]
            reading = read_board(number=number, results=results, index=index, seat=player_seat(side, 0),
                                 dd_tricks=dd, lead_tricks=lead_tricks, method=method)  # fmt: skip
            bid_it = int(reading.verdict.kind is Kind.AUCTION and reading.verdict.points > 0)
            _add(field_tally["bidding"], bid_it)
            for position, player in enumerate(players):
                if player is None:
                    continue
                mine = tallies[player]
                role = role_of(player_seat(side, position), result.declarer)
                if role is Role.DECLARER:
                    _add(mine["declarer"], difference)
                if role is Role.ON_LEAD and judged is not None:
                    _add(mine["leads"], int(judged.cost > 0))
                if role.declaring and worse is not None:
                    _add(mine["auctions"], worse)
                _add(mine["bidding"], bid_it)
                mine["auction_verdicts"] += bid_it
                mine["gifts"] += reading.verdict.gift
                mine["fixes"] += reading.verdict.fix


def _add(tally: list[float], value: float) -> None:
    tally[0] += 1
    tally[1] += value
