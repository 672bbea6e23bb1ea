"""IMPs for pairs: the WBF IMP scale, cross-IMPs and Butler scoring of one board.

Scores are North-South scores (SPEC decision 7), higher is better; ``None`` in a board's
list is a pair that did not play it and gets ``None`` back. East-West's IMPs on a result
are the negation of North-South's, so every board is zero-sum between the two directions.

- ``imps(difference)`` converts a score difference to IMPs on the WBF scale (0-10 is 0,
  20-40 is 1, ... 4000 and more is 24), by bisecting the table of lower bounds.
- ``cross_imps`` compares each result with every other result of the board, converts each
  difference to IMPs, adds them and divides by the number of comparisons (results - 1).
- ``butler_imps`` compares each result with one datum: the mean NS score of the board,
  rounded to the nearest 10, from which the single highest and lowest scores are left out
  when the board has 5 or more results (EBU and WBF practice).

Decisions where the rules of the EBU and WBF are silent:

- **Cross-IMP rounding.** The sum of the IMPs is a whole number and is divided once, so a
  result is exactly the double nearest sum / comparisons; nothing is rounded to a tenth or
  a hundredth here. Pages print two decimals. A board with one result gives it 0 IMPs (there
  is nothing to compare with), where the npm ``bridge-scorer`` library divides 0 by 0.
- **Butler datum for fewer than 5 results**: the mean of all of them (leaving out the top
  and the bottom of 3 or 4 results would leave 1 or 2 scores, not a datum). ``bridge-scorer``
  already leaves them out at 4 results, and leaves out two each from 11 results and more
  (``ceil((n - 10) / 15) + 1``); we follow the EBU/WBF rule of one each, so the two agree
  for 1-3 and 5-10 results only.
- **Butler .5 rounding**: a mean that is exactly halfway between two multiples of 10
  (-15, 25) goes up, towards +infinity (-15 gives -10, 25 gives 30), as ``Math.round`` does
  in ``bridge-scorer`` and the scorers built on it. The datum is worked out once from the
  North-South scores and East-West get the negation of North-South's IMPs, so the board is
  zero-sum whichever way a half is rounded. The mean is computed exactly (integers), so no
  floating-point error decides a half.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

Score = int | None

# Lower bound of each step of the WBF IMP scale: a difference of at least
# IMP_THRESHOLDS[k] (and less than the next bound) is worth k + 1 IMPs.
IMP_THRESHOLDS: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

MAX_IMPS = len(IMP_THRESHOLDS)

# Results on a board from which the Butler datum leaves out the highest and lowest score.
BUTLER_TRIM_FROM = 5


def imps(difference: int) -> int:
    """Return the IMPs a score difference is worth on the WBF scale, with its sign."""
    steps = bisect_right(IMP_THRESHOLDS, abs(difference))
    return steps if difference >= 0 else -steps


def cross_imps(ns_scores: Sequence[Score]) -> list[float | None]:
    """Return each North-South result's cross-IMPs: the mean of its IMPs against every other.

    Entry k is for ``ns_scores[k]`` (None where that is None). Each distinct score is
    compared once with each distinct score, weighted by how many pairs made it, so a board
    with many equal scores costs no more than its distinct scores squared.
    """
    played = [score for score in ns_scores if score is not None]
    comparisons = len(played) - 1
    counts: dict[int, int] = {}
    for score in played:
        counts[score] = counts.get(score, 0) + 1
    # A score against itself is 0 IMPs, so including the pair's own result adds nothing.
    by_score = {
        mine: (sum(imps(mine - other) * count for other, count in counts.items()) / comparisons)
        if comparisons
        else 0.0
        for mine in counts
    }
    return [None if score is None else by_score[score] for score in ns_scores]


def butler_datum(ns_scores: Sequence[Score]) -> int | None:
    """Return the board's Butler datum: the (trimmed) mean NS score, rounded to the nearest 10.

    The highest and the lowest score are left out when 5 or more pairs played the board;
    a half rounds up (see the module docstring). None when nobody played the board.
    """
    played = sorted(score for score in ns_scores if score is not None)
    if not played:
        return None
    if len(played) >= BUTLER_TRIM_FROM:
        played = played[1:-1]
    # round-half-up of total / (10 * count), in integers: floor((2 * total + 10 * count) / (20 * count)).
    count = len(played)
    return 10 * ((2 * sum(played) + 10 * count) // (20 * count))


def butler_imps(ns_scores: Sequence[Score], datum: int | None = None) -> list[int | None]:
    """Return each North-South result's Butler IMPs: its score against the board's datum.

    ``datum`` is one given from outside (another scorer's file); None: the board's own.
    """
    if datum is None:
        datum = butler_datum(ns_scores)
    if datum is None:
        return [None] * len(ns_scores)
    return [None if score is None else imps(score - datum) for score in ns_scores]


def scaled_imp_total(total: float, played: int, field_boards: int) -> float:
    """A pair's IMPs scaled to the field's boards, as the EBU prints a cross-IMP pair who played fewer.

    ``total`` x ``field_boards`` / ``played``: a pair that played 20 of the field's 24 boards
    for +30 stands at +36, the total it would have at the same IMPs a board. A pair that
    played every board, or none, keeps its total.
    """
    if played <= 0 or played >= field_boards:
        return total
    return total * field_boards / played
