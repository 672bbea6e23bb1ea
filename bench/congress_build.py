"""The congress benchmark's session: 500 tables (1,000 pairs) x 40 boards, built in bulk.

A finished Mitchell-style session (NS pairs 1-500, EW pairs 1-500) in which every table
plays every board: 20,000 results, each board's traveller 500 long. Rows are written
with ``bulk_create`` (seconds, where entering 20,000 results one by one through the
services would take many minutes); the scores come from ``bridge.scoring.ns_score`` and
the matchpoints and standings from the scoring services, as for any session.
"""

from __future__ import annotations

import datetime
import random

from bench.table_entry_session import CONTRACTS, _played

TABLES, BOARDS = 500, 40


def congress_build(*, tables: int = TABLES, boards: int = BOARDS, seed: int = 500):
    """Create the club, the session, its pairs, boards and results, and score them; return the session."""
    from django.db import transaction

    from tournaments.bridge.scoring import ns_score
    from tournaments.core.models import Club, Player
    from tournaments.night.models import Board, Direction, Pair, Result, Session, SessionState
    from tournaments.night.services.scoring.board import board_recalculate, session_full_board
    from tournaments.night.services.scoring.standings import session_recalculate_standings

    rng = random.Random(seed)
    with transaction.atomic():
        club = Club.objects.create(name=f"Congress {seed}", slug=f"congress-{seed}-{tables}")
        session = Session.objects.create(
            club=club, date=datetime.date(2026, 11, 28), name="Congress pairs", state=SessionState.FINISHED
        )
        players = Player.objects.bulk_create([Player(name=f"Player {n:04d}") for n in range(4 * tables)])
        pairs = Pair.objects.bulk_create(
            [
                Pair(
                    session=session,
                    number=table,
                    direction=direction,
                    player1=players[2 * i],
                    player2=players[2 * i + 1],
                )
                for i, (direction, table) in enumerate(
                    (direction, table)
                    for direction in (Direction.NS, Direction.EW)
                    for table in range(1, tables + 1)
                )
            ]
        )
        ns_pairs, ew_pairs = pairs[:tables], pairs[tables:]
        made = Board.objects.bulk_create(
            [Board(session=session, number=number) for number in range(1, boards + 1)]
        )
        results = []
        for board in made:
            par = (*rng.choice(CONTRACTS), rng.choice(("NS", "NS", "EW")))
            for table in range(tables):
                contract, declarer, tricks = _played(rng, par)
                passed = contract == "PASS"
                results.append(
                    Result(
                        board=board,
                        ns_pair=ns_pairs[table],
                        ew_pair=ew_pairs[(table + board.number) % tables],
                        contract=contract,
                        declarer=declarer,
                        tricks=None if passed else int(tricks),
                        ns_score=ns_score(
                            contract, declarer or None, None if passed else int(tricks), board.vulnerability
                        ),
                    )
                )
        Result.objects.bulk_create(results, batch_size=2000)
        full = session_full_board(session)
        for board in made:
            board.session = session
            board_recalculate(board, full=full)
        session_recalculate_standings(session)
    return session
