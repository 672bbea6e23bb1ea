"""Time the double-dummy analysis of a 200-board file, a solver call a deal and in one batch.

``.venv/bin/python bench/bench_analysis.py [BOARDS]``. ``board_analysis`` (what dealing
and a PBN upload use) is timed against DDS's ``CalcAllTables`` on the same random deals,
in wall and CPU seconds: the CPU a deal is what a worker really pays (issue 24), the wall
time depends on what else the two cores are doing.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def timed(label: str, count: int, work: Callable[[], object]) -> None:
    before, started = os.times(), time.perf_counter()
    work()
    after, wall = os.times(), time.perf_counter() - started
    cpu = after.user - before.user + after.system - before.system
    each = cpu / count * 1000
    print(f"{count} deals, {label}: {wall:6.1f} s wall, {cpu:6.1f} s CPU ({each:.0f} ms CPU a deal)")


def main() -> None:
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal

    from tournaments.bridge import board_dealer, deal_from_permutation
    from tournaments.bridge.deck import random_permutation
    from tournaments.night.analysis import board_analysis

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(24)
    boards = [
        (deal_from_permutation(random_permutation(rng), dealer=board_dealer(number)), number)
        for number in range(1, count + 1)
    ]
    timed("board_analysis, a solver call a deal", count, lambda: [board_analysis(*board) for board in boards])
    batches = [boards[start : start + 40] for start in range(0, count, 40)]  # DDS takes 40 at most
    timed(
        "CalcAllTables, 40 to a call",
        count,
        lambda: [calc_all_tables([EndplayDeal(deal.pbn()) for deal, _ in batch]) for batch in batches],
    )


if __name__ == "__main__":
    main()
