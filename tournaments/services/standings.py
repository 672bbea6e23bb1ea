"""Keep matchpoints, IMPs and standings in step with the results.

All are derived data: every service that writes a result calls these in the same
transaction, so a reader never sees a result without its matchpoints or a standing
that disagrees with the results.

Every board is matchpointed whatever the session's scoring method; an IMP-pairs session
(cross-IMPs or Butler) also gets each result's IMPs and ranks its pairs by IMPs a board.
Decisions (issue 11, also in docs/decisions.md):

- **Neuberg for a short board.** The session's *full* board is its board with the most
  results (a Mitchell's boards are all played NS v EW, so one count serves both
  directions). A board with fewer results, or with adjusted scores, is scored by
  ``bridge.adjusted.adjusted_board``: its real results are matchpointed among themselves
  and scaled by Neuberg's formula to the full board's top, so percentages are over the
  full top and a pair is not punished because fewer tables played the board. While
  results come in the full count grows (and shrinks when a result is deleted): when a
  change moves it, every board with fewer results than the larger of the old and new
  full counts is rescored in the same transaction (``board_changed``); otherwise only
  the changed board is. A session imported from a legacy score file keeps the legacy
  rule (each board over its own results), so the site agrees with the simpscore report.
- A board with artificial adjusted scores: the artificial results take the club's
  percentages; an assigned (weighted) score is matchpointed as each of its scores against
  the other real results, weighted (Law 12C1c).
- **Average-plus is the pair's session percentage when that is higher** (Law 12C2): the
  session percentage used is the pair's mean over its boards *without* an artificial
  score (played and assigned results). So a pair with two Average-plus boards gets the
  same figure on both, the board itself never counts, and there is no circularity; a
  pair with no such board gets the club's Average-plus. Every board holding an
  Average-plus is rescored whenever the standings are, since any result can move it.
  In IMP pairs Average-plus stays +3 IMPs (Law 12C2 gives IMP figures outright).
- In IMP pairs an artificial score is worth +3 / 0 / -3 IMPs (Average-plus / Average /
  Average-minus, Law 12C2) and is left out of the other results' comparisons; an assigned
  score's IMPs, and the others' IMPs against it, are the weighted mean over its scores
  (``bridge.adjusted.assigned_imps``).
- IMP-pairs standings rank by IMPs a board (total IMPs / boards played), as a percentage
  is the mean over the boards a pair played (SPEC decision 8).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Count, Q

from tournaments.bridge import adjusted
from tournaments.bridge.imps import butler_imps, cross_imps
from tournaments.bridge.matchpoints import BoardMatchpoints, board_matchpoints, places
from tournaments.models import Adjustment, Board, Club, Pair, Result, ScoringMethod, Session, Standing

# IMPs an artificial adjusted score gives its side in IMP pairs (Law 12C2).
ADJUSTMENT_IMPS = {"A+": 3.0, "A": 0.0, "A-": -3.0}

_FIGURES = ["ns_matchpoints", "ew_matchpoints", "ns_percentage", "ew_percentage", "ns_imps", "ew_imps"]


def session_full_board(session: Session) -> int | None:
    """Return the number of results on the session's fullest board (None: legacy rule, no Neuberg)."""
    if session.source_sha256:
        return None
    counts = _result_counts(session)
    return max(counts.values(), default=0)


def _result_counts(session: Session) -> dict[int, int]:
    """Board id -> number of results, for every board of the session (0 for an empty one)."""
    return dict(session.boards.annotate(results_count=Count("results")).values_list("pk", "results_count"))


def board_changed(board: Board, *, added: int = 0) -> None:
    """Rescore ``board`` after a change that ``added`` 1, 0 or -1 results to it, and any board it rescales.

    The full count (the most results on any board) before the change is worked out from
    ``added``; when it differs from the count now, every board with fewer results than
    the larger of the two is rescored, since its Neuberg scaling changed.
    """
    session = board.session
    if session.source_sha256:
        board_recalculate(board, full=None)
        return
    counts = _result_counts(session)
    mine = counts.get(board.pk, 0)
    others = max((count for pk, count in counts.items() if pk != board.pk), default=0)
    full, full_before = max(others, mine), max(others, mine - added)
    if full != full_before:
        rescaled = [pk for pk, count in counts.items() if count < max(full, full_before) and pk != board.pk]
        for other in Board.objects.filter(pk__in=rescaled).order_by("number"):
            other.session = session
            board_recalculate(other, full=full)
    board_recalculate(board, full=full)


def board_recalculate(
    board: Board, *, full: int | None | bool = True, played: dict[int, float] | None = None
) -> None:
    """Rewrite the matchpoints, percentages and (in IMP pairs) IMPs of every result on ``board``.

    ``full`` is the session's full board count (``True``: look it up; ``None``: no Neuberg
    beyond the board's own count). ``played`` maps pair id -> percentage over the pair's
    boards without an artificial score, for Average-plus (looked up when needed if None).
    """
    session = board.session
    if full is True:
        full = session_full_board(session)
    results = list(board.results.order_by("id"))
    if played is None and any(Adjustment.AVERAGE_PLUS in (r.ns_adjustment, r.ew_adjustment) for r in results):
        played = _played_percentages(session)
    figures = _board_figures(session, results, full=full, played=played or {})
    ns_imps, ew_imps = _board_imps(session, results)
    for result, figure, ns, ew in zip(results, figures, ns_imps, ew_imps, strict=True):
        result.ns_matchpoints = figure.ns_mp
        result.ew_matchpoints = figure.ew_mp
        result.ns_percentage = figure.ns_pct
        result.ew_percentage = figure.ew_pct
        result.ns_imps, result.ew_imps = ns, ew
    Result.objects.bulk_update(results, _FIGURES, batch_size=1000)


def _board_figures(
    session: Session, results: list[Result], *, full: int | None, played: dict[int, float]
) -> list[BoardMatchpoints]:
    short = full is not None and len(results) < full
    if not short and not any(result.is_adjusted or result.is_assigned for result in results):
        return board_matchpoints([result.ns_score for result in results])
    club = Club.objects.only("average_plus", "average_minus").get(pk=session.club_id)
    percentages = adjusted.AdjustmentPercentages(plus=club.average_plus, minus=club.average_minus)
    entries = [_entry(result, played) for result in results]
    return adjusted.adjusted_board(entries, full=full, percentages=percentages)


def _entry(result: Result, played: dict[int, float]) -> adjusted.Entry:
    """The rules package's view of one stored result."""
    if result.is_adjusted:
        return adjusted.Artificial(
            adjusted.Adjustment(result.ns_adjustment),
            adjusted.Adjustment(result.ew_adjustment),
            played.get(result.ns_pair_id),
            played.get(result.ew_pair_id) if result.ew_pair_id is not None else None,
        )
    if result.is_assigned:
        return result.assigned_score
    return result.ns_score


def _board_imps(session: Session, results: list[Result]) -> tuple[list[float | None], list[float | None]]:
    """Return the NS and EW IMPs of each result (all None in a matchpoint session)."""
    if not session.is_imps:
        return [None] * len(results), [None] * len(results)
    method = cross_imps if session.scoring == ScoringMethod.CROSS_IMPS else butler_imps
    entries: list[int | adjusted.Assigned | None] = [
        None if result.is_adjusted else result.assigned_score if result.is_assigned else result.ns_score
        for result in results
    ]
    if any(isinstance(entry, adjusted.Assigned) for entry in entries):
        played: list[float | None] = adjusted.assigned_imps(entries, method)
    else:
        played = [None if imps is None else float(imps) for imps in method(entries)]
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


def _played_percentages(session: Session) -> dict[int, float]:
    """Pair id -> mean percentage over its boards without an artificial score (Law 12C2's A+)."""
    sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0])
    rows = Result.objects.filter(board__session=session, ns_adjustment="").values_list(
        "ns_pair_id", "ew_pair_id", "ns_percentage", "ew_percentage"
    )
    for ns_pair, ew_pair, ns_pct, ew_pct in rows:
        for pair, pct in ((ns_pair, ns_pct), (ew_pair, ew_pct)):
            if pair is not None and pct is not None:
                sums[pair][0] += pct
                sums[pair][1] += 1
    return {pair: total / count for pair, (total, count) in sums.items()}


def _rescore_average_plus(session: Session) -> None:
    """Rescore every board holding an Average-plus from the pairs' current played percentages."""
    boards = list(Board.objects.filter(pk__in=_average_plus_boards(session)).order_by("number"))
    if not boards:
        return
    full = session_full_board(session)
    played = _played_percentages(session)
    for board in boards:
        board.session = session
        board_recalculate(board, full=full, played=played)


def _average_plus_boards(session: Session) -> Iterable[int]:
    plus = Adjustment.AVERAGE_PLUS
    return (
        Result.objects.filter(board__session=session)
        .filter(Q(ns_adjustment=plus) | Q(ew_adjustment=plus))
        .values_list("board_id", flat=True)
        .distinct()
    )


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
    result yet stands at 0 boards and 0%. Boards holding an Average-plus are rescored
    first, as the pairs' percentages on their other boards may have moved.
    """
    _rescore_average_plus(session)
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
