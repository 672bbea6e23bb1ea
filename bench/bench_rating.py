"""How well the rating finds the players' strengths on a simulated club, and how fast it runs.

The club: ``MEMBERS`` players, each with a hidden strength (normal, sd 1) and a habit of
coming more or less often. Most have a regular partner they play with when both come;
the others, and those whose partner stayed home, take whoever is left, so partners
change. Three kinds of night draw different fields: the novices' night draws weaker
players, the strong game stronger ones, the open night anyone. An even number of pairs
plays a Mitchell (two fields, every North-South pair meeting every East-West pair), an
odd one a Howell (one field, tables drawn afresh each round, the odd pair sitting out).

A board's North-South score is ``EDGE x (NS strength - EW strength) + luck`` (luck normal,
sd 1), where a pair's strength is its players' mean plus the partnership's own chemistry
(normal, sd ``CHEMISTRY``), which the rating's model does not know about, plus the
night's form (normal, sd ``FORM``). Scores are
matchpointed by ``bridge.matchpoints`` in each direction, a pair's session percentage is
the mean of its boards'. The luck is set so equal pairs' nights vary by about 8 points
and members' long-run averages spread over about 40-60, as club results do; nothing
here was tuned to favour the rating, and it is judged on several seeds, all printed.

Figures: Spearman's correlation of the hidden strengths with each player's rating and
with his plain average percentage (players with at least ``MIN_SESSIONS`` sessions), and
the time to rate a season of ``TIMED_RESULTS`` results.

Run alone: ``.venv/bin/python bench/bench_rating.py``.
"""

from __future__ import annotations

import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.bridge.matchpoints import percentages  # noqa: E402
from tournaments.bridge.season.rating import rate_players  # noqa: E402

SEEDS = (101, 202, 303, 404, 505)
SESSIONS = 150
MEMBERS = 80
MIN_SESSIONS = 3
TIMED_RESULTS = 5_000
EDGE = 0.5
CHEMISTRY = 0.3
FORM = 0.4  # a pair's good or bad night, on top of each board's luck
REGULAR = 0.8  # the share of members with a regular partner
BOARDS_PER_ROUND = 3
HOWELL_ROUNDS = 8
NIGHTS = {"novices": -1.2, "open": 0.0, "strong": 1.2}  # how much each night's draw leans on strength

Result = tuple[tuple[int, int], float, str]
Tables = list[tuple[int, int]]  # (North-South pair, East-West pair) at each table


@dataclass
class Club:
    """The members' hidden strengths and habits, and the nights they played."""

    strength: list[float]
    activity: list[float]
    partner: dict[int, int]
    chemistry: dict[frozenset[int], float] = field(default_factory=dict)
    sessions: list[list[Result]] = field(default_factory=list)
    field_strengths: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Comparison:
    """How closely the rating and the plain average follow the hidden strengths, on one club."""

    seed: int
    players: int
    results: int
    rating: float
    average: float


def new_club(rng: random.Random, members: int) -> Club:
    strength = [rng.gauss(0, 1) for _ in range(members)]
    activity = [rng.uniform(0.2, 1.0) for _ in range(members)]
    regulars = rng.sample(range(members), int(members * REGULAR) // 2 * 2)
    partner = {}
    for a, b in zip(regulars[::2], regulars[1::2], strict=True):
        partner[a], partner[b] = b, a
    return Club(strength, activity, partner)


def attendees(club: Club, rng: random.Random, lean: float, count: int) -> list[int]:
    """Draw ``count`` members without replacement, weighted by habit and the night's lean."""
    keys = {
        member: rng.random() ** (1 / (club.activity[member] * math.exp(lean * club.strength[member])))
        for member in range(len(club.strength))
    }
    return sorted(keys, key=keys.get, reverse=True)[:count]


def partnerships(club: Club, rng: random.Random, present: list[int]) -> list[tuple[int, int]]:
    """Regular partners together when both came (most nights), the others paired at random."""
    here, pairs, left = set(present), [], []
    for member in rng.sample(present, len(present)):
        if member not in here:
            continue
        here.discard(member)
        mate = club.partner.get(member)
        if mate in here and rng.random() < 0.85:
            here.discard(mate)
            pairs.append((member, mate))
        else:
            left.append(member)
    pairs += [(left[n], left[n + 1]) for n in range(0, len(left) - 1, 2)]
    return pairs


def pair_strength(club: Club, rng: random.Random, pair: tuple[int, int]) -> float:
    key = frozenset(pair)
    if key not in club.chemistry:
        club.chemistry[key] = rng.gauss(0, CHEMISTRY)
    return (club.strength[pair[0]] + club.strength[pair[1]]) / 2 + club.chemistry[key] + rng.gauss(0, FORM)


def board_scores(rng: random.Random, strengths: list[float], tables: Tables) -> list[int]:
    """One board: each table's North-South score, from its pairs' strengths plus luck."""
    return [round(100 * (EDGE * (strengths[ns] - strengths[ew]) + rng.gauss(0, 1))) for ns, ew in tables]


def score_rounds(rng: random.Random, strengths: list[float], rounds: list[Tables]) -> list[float]:
    """Each pair's session percentage over rounds of tables, matchpointed in each direction."""
    earned: list[list[float]] = [[] for _ in strengths]
    for tables in rounds:
        for _ in range(BOARDS_PER_ROUND):
            scores = board_scores(rng, strengths, tables)
            ns_pct = percentages(scores)
            ew_pct = percentages([-score for score in scores])
            for (ns, ew), ns_board, ew_board in zip(tables, ns_pct, ew_pct, strict=True):
                earned[ns].append(ns_board)
                earned[ew].append(ew_board)
    return [sum(boards) / len(boards) for boards in earned]


def mitchell(rng: random.Random, strengths: list[float]) -> tuple[list[float], list[str]]:
    """Pairs 0..T-1 sit North-South, T..2T-1 East-West; every NS pair meets every EW pair."""
    count = len(strengths) // 2
    rounds = [[(table, count + (table + shift) % count) for table in range(count)] for shift in range(count)]
    return score_rounds(rng, strengths, rounds), ["NS"] * count + ["EW"] * count


def howell(rng: random.Random, strengths: list[float]) -> tuple[list[float], list[str]]:
    """Tables drawn afresh each round, directions at random, the odd pair sitting the round out."""
    rounds = []
    for _ in range(HOWELL_ROUNDS):
        order = rng.sample(range(len(strengths)), len(strengths))
        rounds.append([(order[n], order[n + 1]) for n in range(0, len(order) - 1, 2)])
    return score_rounds(rng, strengths, rounds), ["all"] * len(strengths)


def play_night(club: Club, rng: random.Random) -> None:
    kind = rng.choice(sorted(NIGHTS))
    pairs = partnerships(club, rng, attendees(club, rng, NIGHTS[kind], rng.randint(10, 16) * 2))
    rng.shuffle(pairs)
    strengths = [pair_strength(club, rng, pair) for pair in pairs]
    movement = mitchell if len(pairs) % 2 == 0 else howell
    percents, fields = movement(rng, strengths)
    club.sessions.append(list(zip(pairs, percents, fields, strict=True)))
    members = [club.strength[member] for pair in pairs for member in pair]
    club.field_strengths.setdefault(kind, []).append(sum(members) / len(members))


def simulate_club(seed: int, sessions: int = SESSIONS, members: int = MEMBERS) -> Club:
    rng = random.Random(seed)
    club = new_club(rng, members)
    for _ in range(sessions):
        play_night(club, rng)
    return club


def average_percentages(sessions: list[list[Result]]) -> dict[int, list[float]]:
    played: dict[int, list[float]] = {}
    for session in sessions:
        for pair, percent, _ in session:
            for member in pair:
                played.setdefault(member, []).append(percent)
    return played


def ranks(values: list[float]) -> list[float]:
    """Each value's rank from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(left: list[float], right: list[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks."""
    a, b = ranks(left), ranks(right)
    mean = (len(a) + 1) / 2
    cov = sum((x - mean) * (y - mean) for x, y in zip(a, b, strict=True))
    spread = math.sqrt(sum((x - mean) ** 2 for x in a) * sum((y - mean) ** 2 for y in b))
    return cov / spread if spread else 0.0


def compare(seed: int, sessions: int = SESSIONS, members: int = MEMBERS) -> Comparison:
    club = simulate_club(seed, sessions, members)
    played = average_percentages(club.sessions)
    rated = rate_players(club.sessions)
    judged = [member for member, percents in played.items() if len(percents) >= MIN_SESSIONS]
    hidden = [club.strength[member] for member in judged]
    return Comparison(
        seed,
        len(judged),
        sum(len(session) for session in club.sessions),
        spearman(hidden, [rated[member].rating for member in judged]),
        spearman(hidden, [sum(played[member]) / len(played[member]) for member in judged]),
    )


def season_of(results: int, seed: int) -> list[list[Result]]:
    """Nights of a 200-member club until it has ``results`` results (the last night cut to fit)."""
    rng = random.Random(seed)
    club = new_club(rng, 200)
    while sum(len(session) for session in club.sessions) < results:
        play_night(club, rng)
    extra = sum(len(session) for session in club.sessions) - results
    club.sessions[-1] = club.sessions[-1][: len(club.sessions[-1]) - extra]
    return club.sessions


def time_rating(results: int, seed: int, runs: int = 3) -> float:
    """The best of ``runs`` wall-clock seconds to rate a season of ``results`` results."""
    season = season_of(results, seed)
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        rate_players(season)
        best = min(best, time.perf_counter() - started)
    return best


def print_row(label: str, counts: str, rating: float, average: float) -> None:
    print(f"{label:>6} {counts} {rating:8.3f} {average:8.3f} {rating - average:+7.3f}")


def main() -> int:
    print(f"{SESSIONS} nights of a {MEMBERS}-member club; Spearman with the hidden strength,")
    print(f"players with {MIN_SESSIONS}+ sessions:")
    print(f"{'seed':>6} {'players':>8} {'results':>8} {'rating':>8} {'average':>8} {'gain':>7}")
    comparisons = [compare(seed) for seed in SEEDS]
    for c in comparisons:
        print_row(str(c.seed), f"{c.players:>8} {c.results:>8}", c.rating, c.average)
    mean_rating = sum(c.rating for c in comparisons) / len(comparisons)
    mean_average = sum(c.average for c in comparisons) / len(comparisons)
    print_row("mean", " " * 17, mean_rating, mean_average)
    seconds = time_rating(TIMED_RESULTS, SEEDS[0])
    print(f"rating a season of {TIMED_RESULTS:,} results: {seconds:.2f} s (best of 3, wall clock)")
    beaten = all(c.rating > c.average for c in comparisons)
    print("the rating beats the plain average on every seed" if beaten else "the rating LOSES on some seed")
    return 0 if beaten else 1


if __name__ == "__main__":
    sys.exit(main())
