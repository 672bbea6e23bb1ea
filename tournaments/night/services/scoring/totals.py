"""The pairs' totals: summed over the session by the database, or moved by what a settle rescored.

A pair's totals are (matchpoints, percentage sum, boards played, total NS-side score,
IMPs). Summing every result of the session was the largest cost of an entry, so a settle
of new results only (``services.scoring.settle``) moves the stored standings by the
change of the rescored results' figures (``totals_moves``), checked against the sums by
tests/night/services/scoring/test_totals_moved.py.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from tournaments.night.live.sql.rows import RESULT_FIGURES, ScoredResult

Totals = tuple[float, float, int, int, float]

NO_TOTALS: Totals = (0.0, 0.0, 0, 0, 0.0)

# Where each figure of a side goes in a pair's totals (``Totals``' order).
_MOVED_FIGURES = ((0, "matchpoints"), (1, "percentage"), (4, "imps"))


def stored_figures(by_board: dict[int, list[ScoredResult]]) -> dict[int, tuple]:
    """Result id -> its stored figures, read before the boards are rescored."""
    return {
        result.pk: tuple(getattr(result, field) for field in RESULT_FIGURES)
        for results in by_board.values()
        for result in results
    }


def totals_moves(before: dict[int, tuple], by_board: dict[int, list[ScoredResult]]) -> dict[int, list]:
    """Pair id -> how the rescoring moved its totals: [matchpoints, percentage sum, boards, score, IMPs].

    A result without matchpoints before was never counted in the standings (it was entered
    since the last settle, and every settle scores every result it counts), so it adds a
    board and its score; a result scored before moves only by its figures' change.
    Only for a settle whose changes were all new results: a correction also changes a
    result's score or pairs, which its figures before cannot tell.
    """
    moves: dict[int, list] = defaultdict(lambda: list(NO_TOTALS))
    for results in by_board.values():
        for result in results:
            was = dict(zip(RESULT_FIGURES, before[result.pk], strict=True))
            new = was["ns_matchpoints"] is None
            for side, pair, sign in (("ns", result.ns_pair_id, 1), ("ew", result.ew_pair_id, -1)):
                if pair is None:  # a result against no one (a legacy bare score)
                    continue
                move = moves[pair]
                for slot, figure in _MOVED_FIGURES:
                    name = f"{side}_{figure}"
                    move[slot] += (getattr(result, name) or 0.0) - (was[name] or 0.0)
                if new:
                    move[2] += 1
                    move[3] += sign * (result.ns_score or 0)
    return moves


def summed_totals(sums: list[tuple]) -> dict[int, Totals]:
    """Return pair id -> totals from each side's sums (``live.sql.scoring.pair_sums``).

    A pair seen on both sides (a Howell, an arrow switch) has its two rows added.
    """
    totals: dict[int, Totals] = {}
    for pair, *sums_of_side in sums:
        totals[pair] = _added(totals.get(pair, NO_TOTALS), sums_of_side)
    return totals


def moved_totals(stored: dict[int, tuple], moves: dict[int, list]) -> dict[int, Totals]:
    """Return pair id -> totals: each pair's stored standing moved by ``moves`` (``totals_moves``).

    The stored percentage is a mean, so its sum is the mean times the boards played.
    """
    totals: dict[int, Totals] = {}
    for pair, (_pk, _rank, _tied, matchpoints, percentage, played, score, imps) in stored.items():
        kept = (matchpoints, percentage * played, played, score, imps)
        totals[pair] = _added(kept, moves.get(pair, NO_TOTALS))
    return totals


def _added(totals: Sequence[Any], more: Sequence[Any]) -> Totals:
    """Two sets of totals added, a missing figure (NULL: no matchpoints or IMPs yet) as 0.

    Either may be a row as the database sums it (``live.sql.scoring``), untyped.
    """
    matchpoints, percentage, played, score, imps = (
        (a or 0) + (b or 0) for a, b in zip(totals, more, strict=True)
    )
    return matchpoints, percentage, played, score, imps
