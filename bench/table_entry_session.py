"""The table-entry benchmark's session and its check (bench/bench_table_entry.py).

``bench_session`` fills a Mitchell up to its last round and returns that round's sends;
``standings_mismatches`` compares the stored standings with a recomputation. Both need
Django set up against a migrated database; tests/bench runs them at 3 tables.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

TABLES = 30
ROUNDS = 10
BOARDS_PER_ROUND = 3

# What a club's field bids on a board: the usual contract, making its usual tricks.
CONTRACTS = [("1NT", 7), ("2H", 8), ("2S", 8), ("3C", 9), ("3NT", 9), ("4H", 10), ("4S", 10), ("5D", 11)]
CONTRACTS += [("6S", 12), ("3D", 9), ("2NT", 8)]


# --- The session: everything before the last round ---------------------------------------------------


@dataclass
class TableSends:
    """One table's last round: its link's token and the JSON bodies of its boards, in order."""

    table: int
    token: str
    bodies: list[dict] = field(default_factory=list)


@dataclass
class BenchSession:
    session: object
    round: int
    tables: list[TableSends]


def _played(rng: random.Random, par: tuple[str, int, str]) -> tuple[str, str, str]:
    """A table's contract, declarer and tricks on a board whose field mostly plays ``par``."""
    contract, tricks, side = par
    roll = rng.random()
    if roll < 0.04:
        return "PASS", "", ""
    if roll < 0.16:
        contract, tricks = rng.choice(CONTRACTS)
        side = rng.choice(("NS", "EW"))
    if rng.random() < 0.05:
        contract += "X"
    taken = min(13, max(0, tricks + rng.choice((-2, -1, -1, 0, 0, 0, 0, 1, 1))))
    return contract, rng.choice(side), str(taken)


def bench_session(
    *, tables: int = TABLES, rounds: int = ROUNDS, boards_per_round: int = BOARDS_PER_ROUND, seed: int = 10
) -> BenchSession:
    """Create a club and a started Mitchell whose rounds but the last are in; return the last round's sends.

    Needs Django set up against a migrated database.
    """
    from django.db import transaction

    from tests.conftest import seated_mitchell
    from tournaments.core.models import Club
    from tournaments.night.selectors import movements as movement_selectors
    from tournaments.night.services.results import ResultEntry, result_record

    rng = random.Random(seed)
    with transaction.atomic():
        club = Club.objects.create(name="Bench Bridge Club", slug=f"bench-{seed}-{tables}")
        session = seated_mitchell(
            club,
            name="Monday evening",
            tables=tables,
            boards_per_round=boards_per_round,
            rounds=rounds,
            start=True,
        )
        boards = {board.number: board for board in session.boards.all()}
        accesses = {access.table: access.token for access in session.table_accesses.all()}
        movement = movement_selectors.session_movement(session)
        pars = {number: (*rng.choice(CONTRACTS), rng.choice(("NS", "NS", "EW"))) for number in sorted(boards)}
        played = movement_selectors.movement_rounds(session, movement, list(session.pairs.all()))
        for seating in [seat for round_ in played[:-1] for seat in round_]:
            for number in seating.boards:
                contract, declarer, tricks = _played(rng, pars[number])
                entry = ResultEntry(seating.ns.pair, seating.ew.pair, contract, declarer, tricks)
                result_record(board=boards[number], entry=entry)
    last = played[-1]
    sends = []
    for seating in last:
        table = TableSends(seating.table, accesses[seating.table])
        for number in seating.boards:
            contract, declarer, tricks = _played(rng, pars[number])
            table.bodies.append(
                {
                    "key": f"bench-{seating.table}-{number}-{rng.getrandbits(32):08x}",
                    "round": seating.round,
                    "board": number,
                    "contract": contract,
                    "declarer": declarer,
                    "tricks": tricks,
                    "lead": "",
                }
            )
        sends.append(table)
    return BenchSession(session, last[0].round, sends)


# --- The check: stored standings against a recomputation ------------------------------------------


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def standings_mismatches(session) -> list[str]:
    """Compare the stored standings and results' figures with a recomputation from the results.

    The recomputation rescored every board and the standings from scratch in a transaction
    that is rolled back, so the database is left as the sends left it.
    """
    from django.db import transaction

    from tournaments.night.models import Result, Session, Standing
    from tournaments.night.services.scoring.board import board_recalculate, session_full_board
    from tournaments.night.services.scoring.standings import session_recalculate_standings

    figures = ["ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage"]

    def standings() -> dict[int, tuple]:
        rows = Standing.objects.filter(session=session).values_list(
            "pair_id", "rank", "tied", "percentage", "matchpoints", "boards_played"
        )
        return {row[0]: row[1:] for row in rows}

    def results() -> dict[int, tuple]:
        rows = Result.objects.filter(board__session=session).values_list("pk", *figures)
        return {row[0]: row[1:] for row in rows}

    stored_standings, stored_results = standings(), results()
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        full = session_full_board(locked)
        for board in locked.boards.order_by("number"):
            board.session = locked
            board_recalculate(board, full=full)
        session_recalculate_standings(locked)
        fresh_standings, fresh_results = standings(), results()
        transaction.set_rollback(True)
    problems = []
    if stored_standings.keys() != fresh_standings.keys():
        problems.append(f"standings for pairs {sorted(stored_standings)} != {sorted(fresh_standings)}")
    for pair, fresh in fresh_standings.items():
        stored = stored_standings.get(pair)
        if stored is None:
            continue
        same = stored[:2] == fresh[:2] and stored[4] == fresh[4]
        if not (same and _close(stored[2], fresh[2]) and _close(stored[3], fresh[3])):
            problems.append(f"pair {pair}: stored (rank, tied, %, mp, boards) {stored}, recomputed {fresh}")
    for pk, fresh in fresh_results.items():
        stored = stored_results.get(pk)
        if stored is None or not all(_close(a, b) for a, b in zip(stored, fresh, strict=True)):
            problems.append(f"result {pk}: stored {figures} {stored}, recomputed {fresh}")
    return problems
