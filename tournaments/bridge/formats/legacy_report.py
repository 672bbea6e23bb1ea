"""The simpscore report of a legacy score file: a line per pair, as the seed's C program prints it.

``legacy.simpscore_report`` gives it for a ``ScoreFile``; the figures come from
``matchpoints.session_columns``, which totals every pair's boards in C-level passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import truediv

from tournaments.bridge.matchpoints import Score, session_columns

REPORT_LINE = "%10d %8.2f %10.1f %10.2f %2d %s"


def session_report(names: Sequence[str], boards: Sequence[Sequence[Score]]) -> str:
    """Return the simpscore report of the pairs named ``names``, in order, over ``boards``.

    Each line holds total score, average score, total matchpoints, average percentage,
    boards played and names, as ``"%10d %8.2f %10.1f %10.2f %2d %s"``.
    """
    columns = session_columns(boards, len(names))
    # A pair that played no board has totals of 0, so dividing them by 1 instead of 0
    # prints the documented 0.00 averages.
    divisors = list(map(max, columns.boards_played, repeat(1)))
    rows = zip(
        columns.total_scores,
        map(truediv, columns.total_scores, divisors),
        columns.total_matchpoints,
        map(truediv, columns.percentage_sums, divisors),
        columns.boards_played,
        names,
        strict=True,
    )
    return "\n".join(map(REPORT_LINE.__mod__, rows)) + "\n"
