"""Keep matchpoints and standings in step with the results.

Both are derived data: every service that writes a result calls these in the same
transaction, so a reader never sees a result without its matchpoints or a standing
that disagrees with the results.
"""

from __future__ import annotations

from collections import defaultdict

from tournaments.bridge.matchpoints import board_matchpoints, places
from tournaments.models import Board, Pair, Result, Session, Standing


def board_recalculate(board: Board) -> None:
    """Rewrite the matchpoints and percentages of every result on ``board``."""
    results = list(board.results.order_by("id"))
    figures = board_matchpoints([result.ns_score for result in results])
    for result, figure in zip(results, figures, strict=True):
        result.ns_matchpoints = figure.ns_mp
        result.ew_matchpoints = figure.ew_mp
        result.ns_percentage = figure.ns_pct
        result.ew_percentage = figure.ew_pct
    Result.objects.bulk_update(
        results, ["ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage"], batch_size=1000
    )


def _pair_totals(session: Session) -> dict[int, list[float]]:
    """Return pair id -> [matchpoints, percentage sum, boards played, total NS-side score]."""
    totals: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0, 0])
    rows = Result.objects.filter(board__session=session).values_list(
        "ns_pair_id",
        "ew_pair_id",
        "ns_matchpoints",
        "ew_matchpoints",
        "ns_percentage",
        "ew_percentage",
        "ns_score",
    )
    for ns_pair, ew_pair, ns_mp, ew_mp, ns_pct, ew_pct, ns_score in rows:
        ns = totals[ns_pair]
        ns[0] += ns_mp
        ns[1] += ns_pct
        ns[2] += 1
        ns[3] += ns_score
        if ew_pair is not None:
            ew = totals[ew_pair]
            ew[0] += ew_mp
            ew[1] += ew_pct
            ew[2] += 1
            ew[3] -= ns_score
    return totals


def _ranked(entries: list[Standing]) -> None:
    """Give each standing its place in its field (equal percentages share one, ``3=``)."""
    for standing, place in zip(entries, places([entry.percentage for entry in entries]), strict=True):
        standing.rank, standing.tied = place.rank, place.tied


def session_recalculate_standings(session: Session) -> list[Standing]:
    """Rewrite the session's standings from the stored matchpoints.

    A pair's percentage is the mean of its board percentages (SPEC decision 8); each
    Mitchell direction is ranked on its own, a Howell as one field. A pair with no
    result yet stands at 0 boards and 0%.
    """
    totals = _pair_totals(session)
    by_field: dict[str, list[Standing]] = defaultdict(list)
    for pair in Pair.objects.filter(session=session).select_related("player1", "player2"):
        matchpoints, percentage_sum, played, total_score = totals.get(pair.pk, (0.0, 0.0, 0, 0))
        by_field[pair.direction].append(
            Standing(
                session=session,
                pair=pair,
                rank=0,
                matchpoints=matchpoints,
                percentage=percentage_sum / played if played else 0.0,
                boards_played=played,
                total_score=total_score,
            )
        )
    standings = []
    for entries in by_field.values():
        _ranked(entries)
        standings.extend(entries)
    Standing.objects.filter(session=session).delete()
    Standing.objects.bulk_create(standings, batch_size=2000)
    return standings
