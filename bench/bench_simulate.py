"""How fast the auction seed's simulation runs: random deals, then each one bid to the end.

The target is 10,000 deals a second or more for a random deal plus its auction. The split
(dealing alone, bidding alone) shows where the time goes. Each figure is the best of
three runs over the same seeded deals, by the wall clock and by CPU time (which other
load on the machine disturbs less).

Run alone: ``.venv/bin/python bench/bench_simulate.py``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.bridge.bidding import simulate_auction, simulate_random_deals  # noqa: E402
from tournaments.bridge.deck import deal_from_permutation, random_permutation  # noqa: E402

DEALS = 10_000
SEED = 20240601
RUNS = 3
TARGET_PER_SECOND = 10_000


def best_rates(work: Callable[[], object]) -> tuple[float, float]:
    """Return the best deals-per-second of ``RUNS`` runs of ``work``: by the wall clock and by CPU time.

    CPU time leaves out the time other processes took the processor, so it is the steadier
    figure on a busy machine; the wall clock is what a user waits.
    """
    best_wall = best_cpu = float("inf")
    for _ in range(RUNS):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return DEALS / best_wall, DEALS / best_cpu


def report(label: str, rates: tuple[float, float]) -> None:
    wall, cpu = rates
    print(f"{label:<24}{wall:9,.0f} deals/s (wall clock) {cpu:9,.0f} deals/s (CPU time)")


def main() -> None:
    deals = [deal_from_permutation(random_permutation(random.Random(SEED + n))) for n in range(DEALS)]

    def deal_and_bid() -> None:
        for _deal, _auction in simulate_random_deals(DEALS, random.Random(SEED)):
            pass

    def deal_only() -> None:
        rng = random.Random(SEED)
        for _ in range(DEALS):
            deal_from_permutation(random_permutation(rng))

    def bid_only() -> None:
        for deal in deals:
            simulate_auction(deal)

    overall = best_rates(deal_and_bid)
    report("random deal + auction:", overall)
    report("  random deal alone:", best_rates(deal_only))
    report("  auction alone:", best_rates(bid_only))
    for clock, rate in zip(("wall clock", "CPU time"), overall, strict=True):
        verdict = "meets" if rate >= TARGET_PER_SECOND else "MISSES"
        print(f"by {clock}: {verdict} the target of {TARGET_PER_SECOND:,} random deals + auctions a second")


if __name__ == "__main__":
    main()
