"""How fast the teams rules run: the Swiss draw of round 7 for 200 teams (target: under 1 s).

Six Swiss rounds are played first with seeded random IMP margins converted to VPs, so
the seventh draw meets a field with real score groups and 1,200 matches to avoid; 201
teams adds a bye. Each draw is checked (every team once, no rematch, no second bye)
before its time counts. Each figure is the best of three runs, so other load on the
machine counts less; the script fails if a draw takes a second or more.

Run alone: ``.venv/bin/python bench/bench_teams.py``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.bridge.teams.scoring import swiss_pairings, victory_points  # noqa: E402

RUNS = 3
SEED = 21
BOARDS = 12
TARGET_SECONDS = 1.0

Field = tuple[list[int], dict[int, float], set[frozenset[int]], set[int]]


def played_field(teams: int, rounds: int) -> Field:
    """Return a field after ``rounds`` Swiss rounds: its teams, scores, matches and byes."""
    rng = random.Random(SEED + teams)
    field = list(range(1, teams + 1))
    scores = dict.fromkeys(field, 0.0)
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _ in range(rounds):
        for home, away in swiss_pairings(field, scores, met, byes):
            if away is None:
                byes.add(home)
                scores[home] += 12.0
                continue
            home_vp, away_vp = victory_points(rng.randint(-60, 60), BOARDS)
            scores[home] += home_vp
            scores[away] += away_vp
            met.add(frozenset((home, away)))
    return field, scores, met, byes


def check(draw: list, field: list[int], met: set[frozenset[int]], byes: set[int]) -> None:
    """Stop the benchmark if the draw it timed is not a proper one."""
    seated = sorted(team for match in draw for team in match if team is not None)
    assert seated == field, "every team once a round"
    assert not any(frozenset(match) in met for match in draw if None not in match), "a rematch"
    assert all(home not in byes for home, away in draw if away is None), "a second bye"


def bench_round_7(teams: int) -> float:
    field, scores, met, byes = played_field(teams, rounds=6)
    best = float("inf")
    for _ in range(RUNS):
        started = time.perf_counter()
        draw = swiss_pairings(field, scores, met, byes)
        best = min(best, time.perf_counter() - started)
    check(draw, field, met, byes)
    print(f"   Swiss round 7, {teams} teams: {best * 1000:8.1f} ms (target < {TARGET_SECONDS * 1000:.0f} ms)")
    return best


def bench_victory_points() -> None:
    margins = [(imps, boards) for boards in range(4, 33) for imps in range(-90, 91)]
    best = float("inf")
    for _ in range(RUNS):
        started = time.perf_counter()
        for imps, boards in margins:
            victory_points(imps, boards)
        best = min(best, time.perf_counter() - started)
    print(f"   victory_points: {best / len(margins) * 1e6:8.2f} us a match")


def main() -> int:
    slowest = max(bench_round_7(200), bench_round_7(201))
    bench_victory_points()
    return 0 if slowest < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
