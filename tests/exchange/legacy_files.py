"""Legacy score files for the import and export tests: the seed's example and generated ones."""

from __future__ import annotations

import random

from tests.examples import EXAMPLES
from tournaments.bridge.formats.legacy import REPORT_LINE

EASY_TEST = (EXAMPLES / "easy-test.txt").read_text()
EASY_TEST_REPORT = (EXAMPLES / "easy-test.report").read_text()

SCORE_TOKENS = ["PASS", "----", "----", "50", "-50", "110", "-110", "140", "420", "-420", "-1100", "620", "0"]


def generated_score_file(pairs: int, boards: int, seed: int) -> str:
    """Write a file with pair lines out of order, PASS and ---- scores, a board played by one
    pair only, a pair that played no board, and names with and without ``" - "``."""
    rng = random.Random(seed)
    numbers = list(range(1, pairs + 1))
    rng.shuffle(numbers)
    lines = [
        f"  {number} Player {number}a - Player {number}b" if number % 3 else f"{number}   Solo   {number}"
        for number in numbers
    ]
    lines.append("SCORES")
    rows = [[rng.choice(SCORE_TOKENS) for _ in range(pairs)] for _ in range(boards)]
    rows[0] = ["----"] * pairs
    rows[0][1] = "-200"
    for row in rows:
        row[pairs - 1] = "----"
    lines.extend(" ".join(row) for row in rows)
    return "\n".join(lines) + "\n"


def standing_report(standings) -> str:
    """Write stored standings as simpscore lines, in pair-number order."""
    lines = []
    for standing in sorted(standings, key=lambda standing: standing.pair.number):
        played = standing.boards_played
        lines.append(
            REPORT_LINE
            % (
                standing.total_score,
                standing.total_score / played if played else 0.0,
                standing.matchpoints,
                standing.percentage,
                played,
                standing.pair.names,
            )
        )
    return "\n".join(lines) + "\n"
