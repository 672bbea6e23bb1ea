"""The matchpoints or IMPs a hypothetical score earns against the same field (decision 0079).

The board's other results stay as they were; the table's own score is replaced by the
hypothetical one (the tricks double-dummy gives, the field's contract, a best lead) and
the board is scored again by the very functions that score the night
(``bridge.matchpoints.half_matchpoints``, as ``board_matchpoints`` reads it, ``bridge.imps.cross_imps``,
``butler_imps``).
What a slip cost is the difference between the two: "a trick short in 4S cost 3.5 of 8
matchpoints" is a figure, not a guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.bridge.imps import butler_imps, cross_imps
from tournaments.bridge.matchpoints import SINGLE_PAIR_PERCENTAGE, half_matchpoints

MATCHPOINTS = "mp"
CROSS_IMPS = "cross_imps"
BUTLER = "butler"
METHODS = (MATCHPOINTS, CROSS_IMPS, BUTLER)


@dataclass(frozen=True)
class Scored:
    """A side's figure on a board: matchpoints (of ``top``) and percentage, or IMPs (``top`` 0)."""

    points: float
    percentage: float | None
    top: int


def score_for(ns_scores: Sequence[int | None], index: int, side: str, method: str) -> Scored:
    """Score the result at ``index`` of the board's North-South scores for ``side`` ('NS', 'EW')."""
    if method not in METHODS:
        raise ValueError(f"a board is scored by {', '.join(METHODS)}, not {method!r}")
    if side not in ("NS", "EW"):
        raise ValueError(f"a side is NS or EW, not {side!r}")
    if ns_scores[index] is None:
        raise ValueError(f"result {index} of the board has no score to rescore")
    sign = 1 if side == "NS" else -1
    if method == CROSS_IMPS:
        imps = cross_imps(ns_scores)[index]
        return Scored(sign * (imps or 0.0), None, 0)
    if method == BUTLER:
        butler = butler_imps(ns_scores)[index]
        return Scored(float(sign * (butler or 0)), None, 0)
    half = half_matchpoints(ns_scores)[index]
    assert half is not None  # the score at index is not None
    top = sum(score is not None for score in ns_scores) - 1
    # East-West's are the complement of North-South's, and a lone result is 50% (board_matchpoints).
    points = half / 2 if side == "NS" else top - half / 2
    return Scored(points, points * 100 / top if top else SINGLE_PAIR_PERCENTAGE, top)


def rescored(
    ns_scores: Sequence[int | None], index: int, hypothetical_ns: int, side: str, method: str
) -> Scored:
    """What ``side`` would have scored with ``hypothetical_ns`` in place of the result at ``index``."""
    scores = list(ns_scores)
    scores[index] = hypothetical_ns
    return score_for(scores, index, side, method)


def cost(ns_scores: Sequence[int | None], index: int, hypothetical_ns: int, side: str, method: str) -> float:
    """Matchpoints (or IMPs) ``side`` lost by its actual score against the hypothetical one.

    Positive: the hypothetical would have scored more (the slip cost that much); negative:
    the actual result beat it (the slip was the opponents', a gift).
    """
    actual = score_for(ns_scores, index, side, method).points
    return rescored(ns_scores, index, hypothetical_ns, side, method).points - actual
