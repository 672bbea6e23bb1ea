"""Keep matchpoints, IMPs and standings in step with the results.

All are derived data: every service that writes a result calls these in the same
transaction, so a reader never sees a result without its matchpoints or a standing
that disagrees with the results.

Every board is matchpointed whatever the session's scoring method; an IMP-pairs session
(cross-IMPs or Butler) also gets each result's IMPs and ranks its pairs by IMPs a board.
Decisions (issue 11, also in docs/decisions.md):

- A board with artificial adjusted scores is scored by ``bridge.adjusted.adjusted_board``:
  the artificial results take the club's percentages, the played ones are matchpointed
  among themselves and scaled by Neuberg's formula to the board's number of results.
- In IMP pairs an artificial score is worth +3 / 0 / -3 IMPs (Average-plus / Average /
  Average-minus, Law 12C2) and is left out of the other results' comparisons.
- IMP-pairs standings rank by IMPs a board (total IMPs / boards played), as a percentage
  is the mean over the boards a pair played (SPEC decision 8).
"""

from __future__ import annotations

from collections import defaultdict

from tournaments.bridge import adjusted
from tournaments.bridge.imps import butler_imps, cross_imps
from tournaments.bridge.matchpoints import BoardMatchpoints, board_matchpoints, places
from tournaments.models import Board, Club, Pair, Result, ScoringMethod, Session, Standing

# IMPs an artificial adjusted score gives its side in IMP pairs (Law 12C2).
ADJUSTMENT_IMPS = {"A+": 3.0, "A": 0.0, "A-": -3.0}


def board_recalculate(board: Board) -> None:
    """Rewrite the matchpoints, percentages and (in IMP pairs) IMPs of every result on ``board``."""
    session = board.session
    results = list(board.results.order_by("id"))
    figures = _board_figures(session, results)
    ns_imps, ew_imps = _board_imps(session, results)
    for result, figure, ns, ew in zip(results, figures, ns_imps, ew_imps, strict=True):
        result.ns_matchpoints = figure.ns_mp
        result.ew_matchpoints = figure.ew_mp
        result.ns_percentage = figure.ns_pct
        result.ew_percentage = figure.ew_pct
        result.ns_imps, result.ew_imps = ns, ew
    Result.objects.bulk_update(
        results,
        ["ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage", "ns_imps", "ew_imps"],
        batch_size=1000,
    )


def _board_figures(session: Session, results: list[Result]) -> list[BoardMatchpoints]:
    if not any(result.is_adjusted for result in results):
        return board_matchpoints([result.ns_score for result in results])
    club = Club.objects.only("average_plus", "average_minus").get(pk=session.club_id)
    percentages = adjusted.AdjustmentPercentages(plus=club.average_plus, minus=club.average_minus)
    entries = [
        adjusted.Artificial(
            adjusted.Adjustment(result.ns_adjustment), adjusted.Adjustment(result.ew_adjustment)
        )
        if result.is_adjusted
        else result.ns_score
        for result in results
    ]
    return adjusted.adjusted_board(entries, percentages=percentages)


def _board_imps(session: Session, results: list[Result]) -> tuple[list[float | None], list[float | None]]:
    """Return the NS and EW IMPs of each result (all None in a matchpoint session)."""
    if not session.is_imps:
        return [None] * len(results), [None] * len(results)
    method = cross_imps if session.scoring == ScoringMethod.CROSS_IMPS else butler_imps
    played = method([None if result.is_adjusted else result.ns_score for result in results])
    ns_imps: list[float | None] = []
    ew_imps: list[float | None] = []
    for result, imps in zip(results, played, strict=True):
        if result.is_adjusted:
            ns_imps.append(ADJUSTMENT_IMPS[result.ns_adjustment])
            ew_imps.append(ADJUSTMENT_IMPS[result.ew_adjustment])
        else:
            ns_imps.append(float(imps))
            ew_imps.append(-float(imps))
    return ns_imps, ew_imps


def _pair_totals(session: Session) -> dict[int, list[float]]:
    """Return pair id -> [matchpoints, percentage sum, boards played, total NS-side score, IMPs].

    An artificial adjusted score counts as a board played, adds nothing to the total score.
    """
    totals: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0, 0, 0.0])
    rows = Result.objects.filter(board__session=session).values_list(
        "ns_pair_id",
        "ew_pair_id",
        "ns_matchpoints",
        "ew_matchpoints",
        "ns_percentage",
        "ew_percentage",
        "ns_score",
        "ns_imps",
        "ew_imps",
    )
    for ns_pair, ew_pair, ns_mp, ew_mp, ns_pct, ew_pct, ns_score, ns_imps, ew_imps in rows:
        score = ns_score or 0
        ns = totals[ns_pair]
        ns[0] += ns_mp
        ns[1] += ns_pct
        ns[2] += 1
        ns[3] += score
        ns[4] += ns_imps or 0.0
        if ew_pair is not None:
            ew = totals[ew_pair]
            ew[0] += ew_mp
            ew[1] += ew_pct
            ew[2] += 1
            ew[3] -= score
            ew[4] += ew_imps or 0.0
    return totals


def _ranked(entries: list[Standing], *, by_imps: bool) -> None:
    """Give each standing its place in its field (equal figures share one, ``3=``).

    The figure is the percentage, or in IMP pairs the IMPs a board (0 before any board).
    """
    figures = [(entry.imps_per_board or 0.0) if by_imps else entry.percentage for entry in entries]
    for standing, place in zip(entries, places(figures), strict=True):
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
        matchpoints, percentage_sum, played, total_score, imps = totals.get(pair.pk, (0.0, 0.0, 0, 0, 0.0))
        by_field[pair.direction].append(
            Standing(
                session=session,
                pair=pair,
                rank=0,
                matchpoints=matchpoints,
                percentage=percentage_sum / played if played else 0.0,
                boards_played=played,
                total_score=total_score,
                imps=imps if session.is_imps else None,
            )
        )
    standings = []
    for entries in by_field.values():
        _ranked(entries, by_imps=session.is_imps)
        standings.extend(entries)
    Standing.objects.filter(session=session).delete()
    Standing.objects.bulk_create(standings, batch_size=2000)
    return standings
