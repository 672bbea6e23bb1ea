"""How fast the rules run: an auction's calls, the opening bid, contract scoring, a play-out.

``Auction.call`` matters most: the bidding simulation makes about six calls a deal at
10,000 deals a second, so it must stay well under 16 microseconds a call. Each figure
is the best of three runs, so other load on the machine counts less.

Run alone: ``.venv/bin/python bench/bench_rules.py``.
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.bridge.auction import Auction  # noqa: E402
from tournaments.bridge.calls import Contract, Strain, parse_call  # noqa: E402
from tournaments.bridge.cards import Deal, Hand  # noqa: E402
from tournaments.bridge.deck import deal_from_permutation, random_permutation  # noqa: E402
from tournaments.bridge.opening import opening_bid  # noqa: E402
from tournaments.bridge.play import Play  # noqa: E402
from tournaments.bridge.scoring import contract_score  # noqa: E402

RUNS = 3
SEED = 591
AUCTIONS = [
    "P 1H P 3C P 4H P P P",
    "1NT P 3NT P P P",
    "1S X XX P 2H P P X P P P",
    "P P P P",
    "1C 1D 1H 1S 1NT 2C 2D 2H 2S 2NT 3C P P P",
]


def report(name: str, seconds: float, count: int, unit: str) -> None:
    each = seconds / count * 1e6
    print(f"   {name:<16} {each:8.2f} us a {unit}, {count / seconds:>10,.0f} a second")


def best_seconds(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(RUNS):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def bench_auction_calls() -> None:
    auctions = [[parse_call(text) for text in calls.split()] for calls in AUCTIONS] * 4000
    total_calls = sum(len(calls) for calls in auctions)

    def run() -> None:
        for calls in auctions:
            auction = Auction("N")
            for call in calls:
                auction.call(call)
            auction.contract, auction.declarer  # noqa: B018 - read as the simulation does

    seconds = best_seconds(run)
    report("Auction.call", seconds, total_calls, "call")


def bench_opening_bid(hands: list[Hand]) -> None:
    seconds = best_seconds(lambda: [opening_bid(hand) for hand in hands])
    report("opening_bid", seconds, len(hands), "hand")


def bench_contract_score() -> None:
    cases = [
        (Contract(level, strain, doubling), tricks, vulnerable)
        for level, strain, doubling, vulnerable, tricks in itertools.product(
            range(1, 8), Strain, range(3), (False, True), range(14)
        )
    ]
    seconds = best_seconds(lambda: [contract_score(*case) for case in cases])
    report("contract_score", seconds, len(cases), "score")


def bench_play_out(deals: list[Deal]) -> None:
    def run() -> None:
        for deal in deals:
            play = Play(deal, "4H", "W")
            while not play.is_complete:
                play.play(play.next_seat, min(play.legal_cards()))

    seconds = best_seconds(run)
    report("Play (52 cards)", seconds, len(deals), "deal")


def main() -> None:
    deals = [deal_from_permutation(random_permutation(random.Random(SEED + n))) for n in range(2000)]
    hands = [deal[seat] for deal in deals for seat in "NESW"]
    bench_auction_calls()
    bench_opening_bid(hands)
    bench_contract_score()
    bench_play_out(deals[:500])


if __name__ == "__main__":
    main()
