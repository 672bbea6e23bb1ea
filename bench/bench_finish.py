"""Finishing a session as the site's history grows: the finish, its background refit, a full refit.

Builds a federation's history in bulk in a throwaway database (PostgreSQL's
``bench_finish``, SQLite if no server answers): clubs of 60 members, a 12-table
Mitchell a night (24 results), 50 nights a club, a few members of each club playing at
another too, every night finished. The history grows by clubs: 1,000 results (one
club), 10,000, 100,000, 1,000,000 (833 clubs; ``--quick`` stops at 10,000). At each size
it finishes ``--finishes`` new nights at random clubs and prints, medians:

- the finish as it is now (it owes a refit: one row), and as it was (``old``: every
  finished session refitted by ``bridge.season.rating`` inside the finish and every
  rating rewritten; run in a transaction rolled back after timing, so the history stays
  as it was; only where it takes under a minute), side by side on the same nights, and
  their ratio;
- the refit the finish owed, as the background does it after the commit
  (``season.services.rating_refit``), and how many results it read;
- a full refit of everything (``manage.py rate_players``), once a size.

Goals (issue 33): the finish costs the same at 1,000 and 1,000,000 results (within 2x),
under 100 ms on PostgreSQL; a full refit of a million results takes seconds.

Run alone: ``.venv/bin/python bench/bench_finish.py [--quick] [--finishes 7] [--sizes 1000,1000000]``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SIZES = (1_000, 10_000, 100_000, 1_000_000)
QUICK_SIZES = (1_000, 10_000)
MEMBERS, PAIRS_A_FIELD, NIGHTS_A_CLUB, SHARED = 60, 12, 50, 3
RESULTS_A_NIGHT = 2 * PAIRS_A_FIELD
OLD_WAY_UP_TO = 150_000  # the old finish past this takes a minute or more a night
PG_NAME = os.environ.get("BENCH_FINISH_PG_NAME", "bench_finish")
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


class History:
    """The federation built so far: its clubs' rosters and how many nights each has played."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.rosters: list[list[int]] = []
        self.clubs: list[int] = []  # Club pk by index
        self.nights: list[int] = []  # nights played by index
        self.results = 0

    def grow_to(self, results: int) -> None:
        """Add clubs and their finished nights (in bulk) until the history holds ``results``."""
        while self.results < results:
            nights = min(NIGHTS_A_CLUB, (results - self.results + RESULTS_A_NIGHT - 1) // RESULTS_A_NIGHT)
            club = self._new_club()
            self._nights(club, nights, finished=True)

    def _new_club(self) -> int:
        from tournaments.core.models import Club, Player

        index = len(self.clubs)
        club = Club.objects.create(name=f"Club {index:04d}", slug=f"club-{index:04d}")
        players = Player.objects.bulk_create(
            [Player(name=f"Member {index:04d}-{n:02d}") for n in range(MEMBERS)]
        )
        roster = [player.pk for player in players]
        if self.rosters:  # a few members of an earlier club play here too
            other = self.rosters[int(self.rng.integers(len(self.rosters)))]
            roster[:SHARED] = other[-SHARED:]
        self.rosters.append(roster)
        self.clubs.append(club.pk)
        self.nights.append(0)
        return index

    def _nights(self, club: int, count: int, *, finished: bool) -> list[int]:
        from tournaments.night.models import Direction, Movement, Pair, Session, SessionState, Standing

        first_day = datetime.date(2020, 1, 1) + datetime.timedelta(days=self.nights[club])
        sessions = Session.objects.bulk_create(
            Session(
                club_id=self.clubs[club],
                date=first_day + datetime.timedelta(days=n),
                name="Pairs",
                movement=Movement.MITCHELL,
                state=SessionState.FINISHED if finished else SessionState.PLAY,
            )
            for n in range(count)
        )
        self.nights[club] += count
        roster = np.array(self.rosters[club])
        pairs = []
        for session in sessions:
            seats = roster[self.rng.permutation(MEMBERS)[: 4 * PAIRS_A_FIELD]]
            for n in range(RESULTS_A_NIGHT):
                direction = Direction.NS if n < PAIRS_A_FIELD else Direction.EW
                pairs.append(
                    Pair(
                        session=session,
                        number=n % PAIRS_A_FIELD + 1,
                        direction=direction,
                        player1_id=int(seats[2 * n]),
                        player2_id=int(seats[2 * n + 1]),
                    )
                )
        made = Pair.objects.bulk_create(pairs, batch_size=5_000)
        percentages = self.rng.normal(50, 8, len(made)).clip(20, 80).round(2)
        Standing.objects.bulk_create(
            (
                Standing(
                    session_id=pair.session_id,
                    pair=pair,
                    rank=1,
                    matchpoints=0,
                    percentage=float(percentage),
                    boards_played=24,
                )
                for pair, percentage in zip(made, percentages, strict=True)
            ),
            batch_size=5_000,
        )
        self.results += len(made) if finished else 0
        return [session.pk for session in sessions]

    def night_in_play(self) -> int:
        """A new night at a random club, played and waiting for its finish."""
        (session,) = self._nights(int(self.rng.integers(len(self.clubs))), 1, finished=False)
        return session


def old_finish(session_id: int) -> float:
    """The finish as it was: every finished session refitted in the finish's transaction; rolled back."""
    from tournaments.bridge.season.rating import rate_players
    from tournaments.core.services.writes import write
    from tournaments.night.models import Session
    from tournaments.night.services.movement import session_finish
    from tournaments.season.models import PlayerRating, RatingSnapshot
    from tournaments.season.services.ratings import rated_sessions

    started = time.perf_counter()
    try:
        with write():
            # The finish as it is, then the refit the old hook ran in its place (the new hook's
            # one row is rolled back with the rest).
            session = session_finish(session=Session.objects.get(pk=session_id))
            season = rated_sessions()
            rated = rate_players([rows for _, rows in season])
            played = {player for players, *_ in season[-1][1] for player in players}
            RatingSnapshot.objects.filter(session=session).delete()
            RatingSnapshot.objects.bulk_create(
                RatingSnapshot(
                    player_id=p, session=session, rating=rated[p].rating, uncertainty=rated[p].uncertainty
                )
                for p in played
            )
            PlayerRating.objects.all().delete()
            PlayerRating.objects.bulk_create(
                PlayerRating(player_id=p, rating=r.rating, uncertainty=r.uncertainty, sessions=r.sessions)
                for p, r in rated.items()
            )
            elapsed = time.perf_counter() - started
            raise _RolledBack(elapsed)
    except _RolledBack as done:
        return done.elapsed


class _RolledBack(Exception):
    def __init__(self, elapsed: float) -> None:
        self.elapsed = elapsed


def new_finish(session_id: int) -> tuple[float, int]:
    """Finish a night as the site does now; return the time and the statements it ran."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.night.models import Session
    from tournaments.night.services.movement import session_finish

    session = Session.objects.get(pk=session_id)
    with CaptureQueriesContext(connection) as statements:
        started = time.perf_counter()
        session_finish(session=session)  # commits: the refit is owed, its timer set far off
        elapsed = time.perf_counter() - started
    return elapsed, len(statements.captured_queries)


def timed(function: Callable[[], object]) -> tuple[float, object]:
    started = time.perf_counter()
    answer = function()
    return time.perf_counter() - started, answer


def measure(sizes: tuple[int, ...], finishes: int) -> list[tuple]:
    from tournaments.season.services.rating_refit import ratings_refit_owed

    history, rows = History(seed=33), []
    for size in sizes:
        started = time.perf_counter()
        history.grow_to(size)
        built = time.perf_counter() - started
        settle_the_disk()
        full, _ = timed(lambda: ratings_refit_owed(everything=True))
        settle_the_disk()  # the full refit's writes would otherwise land on the finishes' commits
        new, old, refits, statements = [], [], [], 0
        for _ in range(finishes):
            night = history.night_in_play()
            if history.results <= OLD_WAY_UP_TO:
                old.append(old_finish(night))
            elapsed, statements = new_finish(night)
            new.append(elapsed)
            history.results += RESULTS_A_NIGHT
            refit, _ = timed(ratings_refit_owed)
            refits.append(refit)
        row = (
            history.results,
            built,
            statistics.median(new),
            statistics.median(old) if old else None,
            statistics.median(refits),
            full,
            statements,
        )
        print_row(row)
        rows.append(row)
    return rows


def settle_the_disk() -> None:
    """On PostgreSQL, write the built history out and refresh the planner's figures before timing."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("CHECKPOINT")
            cursor.execute("VACUUM ANALYZE")


def print_row(row: tuple) -> None:
    results, built, new, old, refit, full, statements = row
    old_text = f"old {old * 1000:8.1f} ms ({old / new:6.0f}x)" if old else "old   (skipped: minutes)"
    print(
        f"finish: {results:>9,} results: finish {new * 1000:6.1f} ms ({statements} statements), {old_text}; "
        f"background refit {refit * 1000:7.1f} ms; full refit {full:6.2f} s (built in {built:.0f} s)",
        flush=True,
    )


def summary(rows: list[tuple]) -> int:
    first, last = rows[0], rows[-1]
    flat = last[2] / first[2]
    print(
        f"finish: {last[0]:,} results against {first[0]:,}: the finish {flat:.2f}x "
        f"(goal within 2x), {last[2] * 1000:.1f} ms (goal under 100 ms); full refit {last[5]:.2f} s",
        flush=True,
    )
    return 0


def _database(directory: Path) -> str:
    """Point Django at a throwaway database: PostgreSQL if it answers, else SQLite."""
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=5) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {PG_NAME} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE {PG_NAME}")
        url, name = f"postgres://postgres@127.0.0.1:5432/{PG_NAME}", "PostgreSQL"
    except Exception:  # noqa: BLE001 - no server: SQLite
        url, name = f"sqlite:///{directory}/bench.sqlite3", "SQLite"
    os.environ.update(
        {
            "DATABASE_URL": url,
            "SECRET_KEY": "bench-only-key-" + "x" * 40,
            "DJANGO_SETTINGS_MODULE": "clubscore.settings",
            "DEBUG": "0",
            "LOG_LEVEL": "WARNING",
            "RATING_REFIT_DELAY": "86400",  # the bench runs each refit itself, to time it
        }
    )
    return name


def _drop(name: str) -> None:
    if name != "PostgreSQL":
        return
    import psycopg
    from django.db import connections

    connections.close_all()
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {PG_NAME} WITH (FORCE)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="up to 10,000 results")
    parser.add_argument("--finishes", type=int, default=7, help="nights finished at each size")
    parser.add_argument("--sizes", help="the history's sizes in results, comma-separated (e.g. 1000,1000000)")
    options = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="bench-finish-"))
    name = _database(directory)
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        print(f"finish on {name}", flush=True)
        sizes = QUICK_SIZES if options.quick else SIZES
        if options.sizes:
            sizes = tuple(int(size) for size in options.sizes.split(","))
        return summary(measure(sizes, options.finishes))
    finally:
        _drop(name)
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
