"""The player's analysis (issue 50): a finished 30-table, 27-board session analysed, and a
player's season page over 200 sessions beside the standings page.

Builds its data in bulk in a throwaway SQLite database, then prints:

- the lead solves of the finished session, as the queue's job does them
  (``analysis.services.leads.leads_solve``: one solve a board, leader and strain that a
  lead was made against), in CPU seconds and solves;
- every player's season figures (``analysis.services.tallies.tallies_store``, as the job
  stores them after the solves), in CPU seconds, and one player's evening read;
- a player's season page (``/player/<pk>/season/``, 200 finished sessions of 10 tables and
  20 boards, 40,000 results) and a session's public standings page (``/session/<pk>/``),
  requested alternately ``--rounds`` times, their medians and the ratio.

Deals are drawn from a pool (their double-dummy tables and lead solves worked out once):
what is timed is reading and rendering, not the solver, except in the first figure.

Run alone: ``.venv/bin/python bench/bench_player_analysis.py [--rounds 15] [--sessions 200]``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SEATS = "NESW"
HANDS = ("north", "east", "south", "west")


def cpu() -> float:
    times = os.times()
    return times.user + times.system


def _setup(directory: Path) -> None:
    os.environ.update(
        {
            "DATABASE_URL": f"sqlite:///{directory}/bench.sqlite3",
            "SECRET_KEY": "bench-only-key-" + "x" * 40,
            "DJANGO_SETTINGS_MODULE": "clubscore.settings",
            "DEBUG": "0",
            "LOG_LEVEL": "WARNING",
            "ALLOWED_HOSTS": "testserver,localhost",
        }
    )
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    # No collected static files here: the pages link them unhashed (as DEBUG does), the rest as served.
    settings.STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"

    call_command("migrate", verbosity=0)


def _pool(rng: random.Random, size: int) -> list[tuple[list[str], dict]]:
    """``size`` random deals with their double-dummy tables (board 1's vulnerability does not matter here)."""
    from tournaments.bridge import deal_from_permutation
    from tournaments.bridge.deck import random_permutation
    from tournaments.night.analysis import board_analysis

    pool = []
    for _ in range(size):
        deal = deal_from_permutation(random_permutation(rng), dealer="N")
        hands = deal.pbn()[2:].split(" ")
        pool.append((hands, board_analysis(deal, 1).tricks))
    return pool


def _session(club, date: datetime.date, name: str, tables: int, boards: int, pool, rng, players):  # noqa: ANN001, ANN202
    """A finished session, every board played at every table, contracts near double-dummy, leads recorded."""
    from tournaments.bridge.analysis.roles import leader_of
    from tournaments.bridge.matchpoints import board_matchpoints
    from tournaments.bridge.scoring import ns_score
    from tournaments.bridge.seats import board_vulnerability
    from tournaments.night.models import Board, Pair, Result, Session, SessionState

    session = Session.objects.create(club=club, date=date, name=name, state=SessionState.FINISHED)
    pairs = Pair.objects.bulk_create(
        [
            Pair(
                session=session,
                number=n + 1,
                direction=side,
                player1=players[2 * k],
                player2=players[2 * k + 1],
            )
            for k, (side, n) in enumerate((side, n) for side in ("NS", "EW") for n in range(tables))
        ]
    )
    ns_pairs, ew_pairs = pairs[:tables], pairs[tables:]
    made = []
    for number in range(1, boards + 1):
        hands, dd = pool[rng.randrange(len(pool))]
        made.append(
            Board(session=session, number=number, dd_tricks=dd, **dict(zip(HANDS, hands, strict=True)))
        )
    made = Board.objects.bulk_create(made)
    results = []
    for board in made:
        vulnerability = board_vulnerability(board.number)
        scores = []
        rows = []
        for table in range(tables):
            declarer = rng.choice("NE")
            strain = max(("C", "D", "H", "S", "NT"), key=lambda s: board.dd_tricks[declarer][s])
            dd = board.dd_tricks[declarer][strain]
            level = max(1, min(7, dd - 6))
            tricks = max(0, min(13, dd + rng.choice((-1, 0, 0, 0, 1))))
            leader = leader_of(declarer).value
            hand = getattr(board, HANDS[SEATS.index(leader)]).split(".")
            cards = [
                f"{suit}{'10' if r == 'T' else r}"
                for suit, held in zip("SHDC", hand, strict=True)
                for r in held
            ]
            contract = f"{level}{strain}"
            score = ns_score(contract, declarer, tricks, vulnerability)
            scores.append(score)
            ew = ew_pairs[(table + board.number) % tables]
            lead = rng.choice(cards)
            rows.append(Result(board=board, ns_pair=ns_pairs[table], ew_pair=ew, contract=contract,
                               declarer=declarer, tricks=tricks, lead=lead, ns_score=score))  # fmt: skip
        for row, figures in zip(rows, board_matchpoints(scores), strict=True):
            row.ns_matchpoints, row.ew_matchpoints, row.ns_percentage, row.ew_percentage = figures
        results += rows
    Result.objects.bulk_create(results)
    return session


def _copy_solves(sessions, solved: dict) -> None:  # noqa: ANN001
    """Store the pool's lead solves for the seasons' boards, as the job would have."""
    from tournaments.analysis.models import LeadSolve
    from tournaments.analysis.services.leads import deal_text, lead_solve, leads_to_solve

    rows = []
    for session in sessions:
        for board, leader, strain in leads_to_solve(session.pk):
            deal = deal_text(board)
            if (deal, leader, strain) not in solved:
                solved[(deal, leader, strain)] = lead_solve(deal, leader, strain)
            rows.append(LeadSolve(board=board, leader=leader, strain=strain, deal=deal,
                                  tricks=solved[(deal, leader, strain)]))  # fmt: skip
    LeadSolve.objects.bulk_create(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--sessions", type=int, default=200)
    options = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="bench-analysis-"))
    try:
        _setup(directory)
        from django.core.cache import cache
        from django.test import Client
        from django.urls import reverse

        from tournaments.analysis.models import AnalysisSharing
        from tournaments.analysis.selectors.evening import player_evening
        from tournaments.analysis.services.leads import leads_solve
        from tournaments.analysis.services.tallies import tallies_store
        from tournaments.core.models import Club, Player

        rng = random.Random(50)
        club = Club.objects.create(name="Bench club", slug="bench")
        players = Player.objects.bulk_create([Player(name=f"Player {n:03d}") for n in range(120)])

        # 1. A finished session of 30 tables and 27 boards: the lead solves, then every evening.
        big = _session(club, datetime.date(2026, 1, 5), "Big night", 30, 27, _pool(rng, 27), rng, players)
        started = cpu()
        solves = leads_solve(big.pk)
        solved_cpu = cpu() - started
        started = cpu()
        stored = tallies_store(big.pk)
        tallies_cpu = cpu() - started
        started = cpu()
        for player in players[:10]:
            player_evening(big, player)
        read_cpu = (cpu() - started) / 10
        print(f"30 tables, 27 boards, 810 results: lead solves {solved_cpu:.2f} s CPU ({solves} solves), "
              f"every player's figures {tallies_cpu:.2f} s CPU ({stored} rows); "
              f"analysed in {solved_cpu + tallies_cpu:.2f} s CPU; "
              f"one player's evening read {read_cpu * 1000:.0f} ms CPU")  # fmt: skip

        # 2. A player's season page over N sessions beside a session's standings page.
        pool = _pool(rng, 12)
        sessions = []
        for index in range(options.sessions):
            date = datetime.date(2025, 1, 6) + datetime.timedelta(days=2 * index)
            sessions.append(_session(club, date, f"Night {index}", 10, 20, pool, rng, players[:40]))
        _copy_solves(sessions, {})
        for session in sessions:
            tallies_store(session.pk)
        player = players[0]
        AnalysisSharing.objects.create(player=player, public=True)
        client = Client()
        season_url = reverse("player_season", args=[player.pk])
        standings_url = reverse("session", args=[sessions[-1].pk])
        assert client.get(season_url).status_code == 200 and client.get(standings_url).status_code == 200
        season, standings, drawn = [], [], []
        for _ in range(options.rounds):
            # The standings page as most readers get it (kept under the session's stamp, decision
            # 0081), and as the first reader after a change gets it: drawn, the cache emptied.
            for url, kept, forget in (
                (season_url, season, False),
                (standings_url, standings, False),
                (standings_url, drawn, True),
            ):
                if forget:
                    cache.clear()
                before = time.perf_counter()
                response = client.get(url)
                kept.append(time.perf_counter() - before)
                assert response.status_code == 200
        season_ms, standings_ms = statistics.median(season) * 1000, statistics.median(standings) * 1000
        drawn_ms = statistics.median(drawn) * 1000
        print(f"season page over {options.sessions} sessions ({options.sessions * 200} results): "
              f"{season_ms:.0f} ms median; standings page {standings_ms:.0f} ms median as kept, "
              f"{drawn_ms:.0f} ms drawn after a change; ratio {season_ms / standings_ms:.1f} "
              f"to the kept page, {season_ms / drawn_ms:.1f} to the drawn one "
              f"({options.rounds} rounds, interleaved)")  # fmt: skip
        return 0
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
