"""The simpscore report of a legacy score file: a line per pair, as the seed's C program prints it.

``legacy`` reads the file and re-exports ``simpscore_report``; the figures come from
``matchpoints.session_columns``, which totals every pair's boards in C-level passes.
"""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter, truediv
from typing import TYPE_CHECKING

from tournaments.bridge.matchpoints import session_columns

if TYPE_CHECKING:
    from tournaments.bridge.formats.legacy import ScoreFile

REPORT_LINE = "%10d %8.2f %10.1f %10.2f %2d %s"


def simpscore_report(score_file: ScoreFile) -> str:
    """Return the simpscore report: a line per pair in ascending number (SPEC decision 9).

    Each line holds total score, average score, total matchpoints, average percentage,
    boards played and names, as ``"%10d %8.2f %10.1f %10.2f %2d %s"``.
    """
    columns = session_columns(score_file.boards, len(score_file.pairs))
    # A pair that played no board has totals of 0, so dividing them by 1 instead of 0
    # prints the documented 0.00 averages.
    divisors = list(map(max, columns.boards_played, repeat(1)))
    rows = zip(
        columns.total_scores,
        map(truediv, columns.total_scores, divisors),
        columns.total_matchpoints,
        map(truediv, columns.percentage_sums, divisors),
        columns.boards_played,
        map(attrgetter("names"), score_file.pairs),
        strict=True,
    )
    return "\n".join(map(REPORT_LINE.__mod__, rows)) + "\n"
