"""The simpscore report of a legacy score file: a line per pair, as the seed's C program prints it.

``legacy.simpscore_report`` gives it for a ``ScoreFile``; the figures come from
``matchpoints.session_columns``, which totals every pair's boards in C-level passes, and
the lines are written as ``legacy_usual`` writes a usual file's.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.bridge.formats.legacy_usual import report_text
from tournaments.bridge.matchpoints import Score, session_columns


def session_report(names: Sequence[str], boards: Sequence[Sequence[Score]]) -> str:
    """Return the simpscore report of the pairs named ``names``, in order, over ``boards``.

    Each line holds total score, average score, total matchpoints, average percentage,
    boards played and names, as ``"%10d %8.2f %10.1f %10.2f %2d %s"``.
    """
    columns = session_columns(boards, len(names))
    return report_text(
        columns.total_scores, columns.total_matchpoints, columns.percentage_sums, columns.boards_played, names
    )
