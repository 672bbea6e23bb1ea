"""Keep matchpoints, IMPs and standings in step with the results.

All are derived data: every service that writes a result marks its board and settles
(``scores_settle``: the marked boards, then the standings) in the same transaction, so
a reader never sees a result without its matchpoints; a table's entry is settled once
the tables' sends pause (``services.settle_soon``), so the entries of tables sending at
once share one settle, and meanwhile the table's traveller works its board out in memory
(``board_scored_unsaved``).

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
  full counts is rescored in the same transaction (``scores_settle_locked``, which keeps
  the count each session was last scored with); otherwise only the changed board is. A
  session imported from a legacy score file keeps the legacy rule (each board over its
  own results), so the site agrees with the simpscore report.
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
from collections.abc import Iterable, Sequence

from django.db import connection, transaction
from django.db.models import Count, Q

from tournaments.bridge import adjusted
from tournaments.bridge.imps import butler_imps, cross_imps
from tournaments.bridge.matchpoints import BoardMatchpoints, board_matchpoints, places
from tournaments.models import Adjustment, Board, Club, Pair, Result, ScoringMethod, Session, Standing
from tournaments.services.sql import quoted_table, update_rows, with_tables

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
    """Board id -> number of results, for every board of the session holding one (an empty one is left out).

    Grouped over the results alone (no ordering, no join of boards and sessions), as it
    runs on every result entered.
    """
    counts = (
        Result.objects.filter(board__session=session)
        .order_by()
        .values_list("board_id")
        .annotate(count=Count("pk"))
    )
    return dict(counts)


def scores_pending(board: Board) -> None:
    """Mark ``board`` for the next ``scores_settle``, in the transaction that added a result to it.

    Only for a new result: the settle moves the standings by the marked boards' new
    results (``_pair_moves``); a correction or deletion settles in its own transaction.

    Only a board not marked yet is written: the tables sharing a board all send at the end
    of a round, and on PostgreSQL each write of its row would wait for the one before it
    to commit, where finding it marked takes no lock.
    """
    with connection.cursor() as cursor:  # plain SQL: it runs on every result entered (services.sql)
        cursor.execute(
            f"UPDATE {quoted_table(Board)} SET needs_scoring = %s WHERE id = %s AND needs_scoring = %s",
            [True, board.pk, False],
        )


@transaction.atomic
def scores_settle(session: Session) -> bool:
    """Rescore the boards marked since the last settle, then the standings; False if none was marked.

    Entering a result marks its board; a director's entry settles in the same
    transaction (``services.results``), a table's entry once its answer is sent
    (``services.table_entry``). When many tables send at once, their entries queue on
    the session's lock; the first settle that gets it rescores every board marked by
    then and the standings once, and the settles queued behind it find nothing left to
    do. So a burst of N entries costs N short writes and a few rescorings, not N full
    ones, and the standings afterwards are those of all the stored results.

    Neuberg's full top is the result count of the fullest board: when it differs from the
    count the session was last scored with, every board short of the larger of the two
    is rescored too, since its scaling moved (see the module's docstring).
    """
    # A board is marked only by a new result (``result_record(settle=False)``).
    locked = Session.objects.select_for_update().get(pk=session.pk)
    return bool(scores_settle_locked(locked, inserted=True))


def scores_settle_locked(
    session: Session, *, changed: Iterable[int] = (), removed: bool = False, inserted: bool = False
) -> dict[int, ScoredResult]:
    """``scores_settle`` for a caller that holds the session's lock, with the boards it ``changed``;
    return the rescored results by id, with their fresh figures (empty if nothing was to do).

    ``session`` must have been read under the lock (its ``scored_full_count`` is used).
    ``removed`` says a result was deleted, so the fullest board may have shrunk: every
    board's count is read again. Otherwise counts only grow, and the rescored boards'
    own counts tell whether the full top moved (one query less on every entry).
    ``inserted`` says the caller's change was only new results (as a table's entries,
    which mark their boards, always are): the standings can then be moved by what the
    rescored boards' figures moved (``_pair_moves``) instead of summed over the session.
    """
    marked = _marked_boards(session)
    boards = set(marked) | set(changed)
    if not boards:
        return {}
    by_board = _board_results(boards)
    full = None if session.source_sha256 else _full_count(session, by_board, removed=removed)
    movable = inserted and not removed and not session.source_sha256
    before = _figures(by_board) if movable else {}
    _boards_rescore(session, by_board, full=full, played=None)
    if marked:
        Board.objects.filter(pk__in=marked).update(needs_scoring=False)
    session_recalculate_standings(session, moves=_pair_moves(before, by_board) if movable else None)
    plus = [board for board, results in by_board.items() if _holds_average_plus(results)]
    if plus:  # the standings rescored these again: an Average-plus follows the pairs' other boards
        by_board.update(_board_results(plus))
    return {result.pk: result for results in by_board.values() for result in results}


def _marked_boards(session: Session) -> list[int]:
    """Ids of the session's boards marked for scoring (plain SQL: it runs on every result entered)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id FROM {quoted_table(Board)} WHERE session_id = %s AND needs_scoring = %s",
            [session.pk, True],
        )
        return [row[0] for row in cursor.fetchall()]


def _figures(by_board: dict[int, list[ScoredResult]]) -> dict[int, tuple]:
    """Result id -> its stored figures, read before the boards are rescored."""
    return {
        result.pk: tuple(getattr(result, field) for field in _FIGURES)
        for results in by_board.values()
        for result in results
    }


def _pair_moves(before: dict[int, tuple], by_board: dict[int, list[ScoredResult]]) -> dict[int, list]:
    """Pair id -> how the rescoring moved its totals: [matchpoints, percentage sum, boards, score, IMPs].

    A result without matchpoints before was never counted in the standings (it was entered
    since the last settle, and every settle scores every result it counts), so it adds a
    board and its score; a result scored before moves only by its figures' change.
    Only for a settle whose changes were all new results: a correction also changes a
    result's score or pairs, which its figures before cannot tell.
    """
    moves: dict[int, list] = defaultdict(lambda: list(_NO_TOTALS))
    for results in by_board.values():
        for result in results:
            was = dict(zip(_FIGURES, before[result.pk], strict=True))
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


# Where each figure of a side goes in a pair's totals (``_pair_totals``' order).
_MOVED_FIGURES = ((0, "matchpoints"), (1, "percentage"), (4, "imps"))


def _full_count(session: Session, by_board: dict[int, list[ScoredResult]], *, removed: bool) -> int:
    """The session's full board count; when it moved, add its short boards to ``by_board`` and keep it."""
    before = session.scored_full_count
    counts = None
    if removed or before is None:
        counts = _result_counts(session)
        full = max(counts.values(), default=0)
    else:
        full = max(before, *(len(results) for results in by_board.values()))
    if full != before:
        counts = counts if counts is not None else _result_counts(session)
        top = max(full, before or 0)
        short = {pk for pk, count in counts.items() if count < top} - by_board.keys()
        by_board.update(_board_results(short))
        Session.objects.filter(pk=session.pk).update(scored_full_count=full)
        session.scored_full_count = full
    return full


def board_scored_unsaved(session: Session, results: list[Result]) -> None:
    """Give one board's ``results`` the figures the next settle will store, without writing them.

    A table sees its board's traveller (and its own percentage) right after its entry,
    while the session's rescoring waits for the sends to pause (``services.settle_soon``).
    Working the one board out in memory costs a read, where settling would rescore every
    marked board and the standings under the session's lock, in the middle of the burst
    it waits for. Neuberg's full count is the larger of the session's last and this
    board's own, as the settle will find it (unless a result was deleted elsewhere since).
    """
    full = None if session.source_sha256 else max(session.scored_full_count or 0, len(results))
    played = _played_percentages(session) if _holds_average_plus(results) else {}
    _scored(session, results, full=full, played=played, percentages=[])


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
    _boards_recalculate(session, [board.pk], full=full, played=played)


def _boards_recalculate(
    session: Session, boards: list[int], *, full: int | None, played: dict[int, float] | None
) -> None:
    """Rescore the boards of ``session`` with ids ``boards``."""
    _boards_rescore(session, _board_results(boards), full=full, played=played)


def _board_results(boards: Iterable[int]) -> dict[int, list[ScoredResult]]:
    """Board id -> its results in entry order, read in one query (a board with none maps to [])."""
    by_board: dict[int, list[ScoredResult]] = {board: [] for board in boards}
    if not by_board:
        return by_board
    placeholders = ", ".join(["%s"] * len(by_board))
    assigned = Result._meta.get_field("assigned")
    with connection.cursor() as cursor:
        cursor.execute(with_tables(_BOARD_RESULTS, result=Result).format(boards=placeholders), list(by_board))
        for row in cursor.fetchall():
            result = ScoredResult(*row)
            if result.assigned is not None:
                result.assigned = assigned.from_db_value(result.assigned, None, connection)
            by_board[result.board_id].append(result)
    return by_board


class _PlainRow:
    """A row read or worked out on every entry, kept as plain attributes (its ``__slots__``) in order.

    Building models for these cost more Python than the database spent on them.
    """

    __slots__ = ()

    def __init__(self, *values: object) -> None:
        for name, value in zip(self.__slots__, values, strict=True):
            setattr(self, name, value)


class ScoredResult(_PlainRow):
    """A stored result as the scoring reads and writes it: its pairs, what was scored, its figures.

    The settle of every entry reads the rescored boards' results; as ``Result`` models they
    cost some 2 ms of Python for a 30-table board (every column read, converted and set on
    a model), as these plain rows about 0.5 ms. They answer what the scoring asks of a
    ``Result`` with ``Result``'s own properties, so ``board_scored_unsaved`` can still pass
    models.
    """

    __slots__ = (
        "pk",
        "board_id",
        "ns_pair_id",
        "ew_pair_id",
        "ns_score",
        "ns_adjustment",
        "ew_adjustment",
        "assigned",
        *_FIGURES,
    )

    is_adjusted = Result.is_adjusted
    is_assigned = Result.is_assigned
    assigned_score = Result.assigned_score


# What the scoring takes: a stored result as read for rescoring, or a model (``board_scored_unsaved``).
Scorable = Result | ScoredResult

_BOARD_RESULTS = """
SELECT id, board_id, ns_pair_id, ew_pair_id, ns_score, ns_adjustment, ew_adjustment, assigned,
       ns_matchpoints, ew_matchpoints, ns_percentage, ew_percentage, ns_imps, ew_imps
FROM {result} WHERE board_id IN ({{boards}}) ORDER BY id"""


def _boards_rescore(
    session: Session,
    by_board: dict[int, list[ScoredResult]],
    *,
    full: int | None,
    played: dict[int, float] | None,
) -> None:
    """Rescore each board's results (read by ``_board_results``) and write the changed ones in one go.

    Entering a result can rescale every short board of the session (Neuberg), so the
    boards are not read and written one by one.
    """
    if played is None and any(_holds_average_plus(results) for results in by_board.values()):
        played = _played_percentages(session)
    percentages: list[adjusted.AdjustmentPercentages] = []  # the club's, read once when needed
    changed: list[ScoredResult] = []
    for results in by_board.values():
        changed += _scored(session, results, full=full, played=played or {}, percentages=percentages)
    update_rows(Result, changed, _FIGURES)


def _holds_average_plus(results: list[Scorable]) -> bool:
    return any(Adjustment.AVERAGE_PLUS in (r.ns_adjustment, r.ew_adjustment) for r in results)


def _scored(
    session: Session,
    results: list[Scorable],
    *,
    full: int | None,
    played: dict[int, float],
    percentages: list[adjusted.AdjustmentPercentages],
) -> list[Scorable]:
    """Give one board's ``results`` their figures (in memory); return those whose figures changed."""
    figures = _board_figures(session, results, full=full, played=played, percentages=percentages)
    ns_imps, ew_imps = _board_imps(session, results)
    changed = []
    for result, figure, ns, ew in zip(results, figures, ns_imps, ew_imps, strict=True):
        new = (figure.ns_mp, figure.ew_mp, figure.ns_pct, figure.ew_pct, ns, ew)
        if new != tuple(getattr(result, field) for field in _FIGURES):
            for field, value in zip(_FIGURES, new, strict=True):
                setattr(result, field, value)
            changed.append(result)
    return changed


def _board_figures(
    session: Session,
    results: list[Scorable],
    *,
    full: int | None,
    played: dict[int, float],
    percentages: list[adjusted.AdjustmentPercentages],
) -> list[BoardMatchpoints]:
    """Score one board's results; ``percentages`` caches the club's A+/A- (read on the first need)."""
    short = full is not None and len(results) < full
    if not short and not any(result.is_adjusted or result.is_assigned for result in results):
        return board_matchpoints([result.ns_score for result in results])
    if not percentages:
        club = Club.objects.only("average_plus", "average_minus").get(pk=session.club_id)
        percentages.append(adjusted.AdjustmentPercentages(plus=club.average_plus, minus=club.average_minus))
    entries = [_entry(result, played) for result in results]
    return adjusted.adjusted_board(entries, full=full, percentages=percentages[0])


def _entry(result: Scorable, played: dict[int, float]) -> adjusted.Entry:
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


def _board_imps(session: Session, results: list[Scorable]) -> tuple[list[float | None], list[float | None]]:
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
    boards = list(_average_plus_boards(session))
    if not boards:
        return
    full = session_full_board(session)
    played = _played_percentages(session)
    _boards_recalculate(session, boards, full=full, played=played)


def _average_plus_boards(session: Session) -> Iterable[int]:
    plus = Adjustment.AVERAGE_PLUS
    return (
        Result.objects.filter(board__session=session)
        .filter(Q(ns_adjustment=plus) | Q(ew_adjustment=plus))
        .order_by()
        .values_list("board_id", flat=True)
        .distinct()
    )


def _pair_sums(session: Session) -> list[tuple]:
    """Each side's sums by pair: (pair id, matchpoints, percentage sum, boards, NS-side score, IMPs).

    Summed by the database (the NS side grouped by NS pair, the EW side by EW pair, in
    one query) rather than every result of the session read into Python. An artificial
    adjusted score counts as a board played, adds nothing to the total score. Plain SQL:
    the ORM spent longer building this union than the database spent running it.
    """
    with connection.cursor() as cursor:
        cursor.execute(with_tables(_PAIR_SUMS, result=Result, board=Board), [session.pk, session.pk])
        return cursor.fetchall()


_PAIR_SUMS = """
SELECT r.ns_pair_id, SUM(r.ns_matchpoints), SUM(r.ns_percentage), COUNT(*), SUM(r.ns_score), SUM(r.ns_imps)
FROM {result} r INNER JOIN {board} b ON r.board_id = b.id
WHERE b.session_id = %s
GROUP BY r.ns_pair_id
UNION ALL
SELECT r.ew_pair_id, SUM(r.ew_matchpoints), SUM(r.ew_percentage), COUNT(*), SUM(-r.ns_score), SUM(r.ew_imps)
FROM {result} r INNER JOIN {board} b ON r.board_id = b.id
WHERE b.session_id = %s AND r.ew_pair_id IS NOT NULL
GROUP BY r.ew_pair_id"""


_Totals = tuple[float, float, int, int, float]


def _pair_totals(sums: list[tuple]) -> dict[int, _Totals]:
    """Return pair id -> (matchpoints, percentage sum, boards played, total NS-side score, IMPs).

    A pair seen on both sides (a Howell, an arrow switch) has its two rows added.
    """
    totals: dict[int, _Totals] = {}
    for pair, *sums_of_side in sums:
        totals[pair] = _added(totals.get(pair, _NO_TOTALS), sums_of_side)
    return totals


def _moved_totals(stored: dict[int, tuple], moves: dict[int, list]) -> dict[int, _Totals]:
    """Return pair id -> totals: each pair's stored standing moved by ``moves`` (``_pair_moves``).

    The stored percentage is a mean, so its sum is the mean times the boards played.
    """
    totals: dict[int, _Totals] = {}
    for pair, (_pk, _rank, _tied, matchpoints, percentage, played, score, imps) in stored.items():
        kept = (matchpoints, percentage * played, played, score, imps)
        totals[pair] = _added(kept, moves.get(pair, _NO_TOTALS))
    return totals


_NO_TOTALS: _Totals = (0.0, 0.0, 0, 0, 0.0)


def _added(totals: Sequence, more: Sequence) -> _Totals:
    """Two sets of totals added, a missing figure (NULL: no matchpoints or IMPs yet) as 0."""
    return tuple((a or 0) + (b or 0) for a, b in zip(totals, more, strict=True))


def _ranked(entries: list[StandingRow], *, by_imps: bool) -> None:
    """Give each standing its place in its field (equal figures share one, ``3=``).

    The figure is the percentage, or in IMP pairs the IMPs a board (0 before any board).
    """
    figures = [(entry.imps_per_board or 0.0) if by_imps else entry.percentage for entry in entries]
    for standing, place in zip(entries, places(figures), strict=True):
        standing.rank, standing.tied = place.rank, place.tied


_STANDING_FIELDS = ["rank", "tied", "matchpoints", "percentage", "boards_played", "total_score", "imps"]


def session_recalculate_standings(
    session: Session, *, moves: dict[int, list] | None = None
) -> list[StandingRow]:
    """Bring the session's standings in step with the stored matchpoints, updating them in place.

    A pair's percentage is the mean of its board percentages (SPEC decision 8); each
    Mitchell direction is ranked on its own, a Howell (and a Mitchell with an arrow
    switch, which gives one winner) as one field. A pair with no
    result yet stands at 0 boards and 0%. Boards holding an Average-plus are rescored
    first, as the pairs' percentages on their other boards may have moved.

    The totals are summed by the database, or, given the ``moves`` of a settle of new
    results (``scores_settle_locked``), moved from the stored standings: summing every
    result of the session was the largest cost of an entry. The moves are used only
    where the stored rows are whole: every pair has one, none is a stray, and no board
    holds an Average-plus (whose figures follow every other board). The places are worked
    out here; only the rows whose figures changed are written (a missing one created),
    and a standing whose pair left the session is deleted. Returns every pair's standing,
    by field.
    """
    pairs, stored, strays, average_plus = _pairs_and_stored_standings(session)
    if moves is not None and not strays and not average_plus and len(stored) == len(pairs):
        totals = _moved_totals(stored, moves)
    else:
        if average_plus:  # rescore its boards first, as the other boards' figures may have moved
            _rescore_average_plus(session)
        totals = _pair_totals(_pair_sums(session))
    by_field: dict[str, list[StandingRow]] = defaultdict(list)
    one_field, by_imps = session.ranks_one_field, session.is_imps
    for pair, direction in pairs:
        matchpoints, percentage_sum, played, total_score, imps = totals.get(pair, (0.0, 0.0, 0, 0, 0.0))
        percentage = percentage_sum / played if played else 0.0
        figures = (0, False, matchpoints, percentage, played, total_score, imps if by_imps else None)
        by_field["" if one_field else direction].append(StandingRow(None, pair, *figures))
    standings: list[StandingRow] = []
    for entries in by_field.values():
        _ranked(entries, by_imps=by_imps)
        standings.extend(entries)
    if strays:  # standings filed under this session for pairs that are not in it
        Standing.objects.filter(session=session).exclude(pair__session=session).delete()
    changed = []
    for standing in standings:
        before = stored.get(standing.pair_id)
        if before is not None:
            standing.pk = before[0]
        if before is None or standing.figures() != before[1:]:
            changed.append(standing)
    update_rows(Standing, [standing for standing in changed if standing.pk is not None], _STANDING_FIELDS)
    new = [standing.model(session) for standing in changed if standing.pk is None]
    if new:
        # An upsert: a pair's row somehow filed under another session is moved back here.
        fields = [*_STANDING_FIELDS, "session"]
        Standing.objects.bulk_create(new, update_conflicts=True, unique_fields=["pair"], update_fields=fields)
    return standings


class StandingRow(_PlainRow):
    """A pair's standing as a settle works it out: ``Standing``'s figures, without the model.

    A settle works out every pair's standing (60 at 30 tables) and writes the changed ones;
    as ``Standing`` models they cost about a millisecond of Python on every entry.
    """

    __slots__ = ("pk", "pair_id", *_STANDING_FIELDS)

    imps_per_board = Standing.imps_per_board

    def figures(self) -> tuple:
        """The stored figures, in ``_STANDING_FIELDS`` order."""
        return tuple(getattr(self, field) for field in _STANDING_FIELDS)

    def model(self, session: Session) -> Standing:
        figures = dict(zip(_STANDING_FIELDS, self.figures(), strict=True))
        return Standing(session=session, pair_id=self.pair_id, **figures)


def _pairs_and_stored_standings(
    session: Session,
) -> tuple[list[tuple[int, str]], dict[int, tuple], bool, bool]:
    """The session's pairs (id, direction) in order, their stored standings (pair id -> id and
    figures), whether standings of other pairs are filed under the session, and whether
    any of its results holds an Average-plus.

    One statement (plain SQL, as it runs on every result entered) where the ORM took three;
    the Average-plus is found through its partial index (``result_average_plus``).
    """
    plus = Adjustment.AVERAGE_PLUS
    with connection.cursor() as cursor:
        cursor.execute(
            with_tables(_PAIRS_AND_STANDINGS, pair=Pair, standing=Standing, result=Result, board=Board),
            [session.pk, plus, plus, session.pk, session.pk],
        )
        rows = cursor.fetchall()
    pairs = [(row[0], row[1]) for row in rows]
    stored = {row[0]: row[2:-2] for row in rows if row[2] is not None}
    if not rows:
        return [], {}, Standing.objects.filter(session=session).exists(), False
    return pairs, stored, rows[0][-2] > len(stored), bool(rows[0][-1])


_PAIRS_AND_STANDINGS = """
SELECT p.id, p.direction, s.id, s.rank, s.tied, s.matchpoints, s.percentage, s.boards_played,
       s.total_score, s.imps, (SELECT COUNT(*) FROM {standing} t WHERE t.session_id = %s),
       (SELECT COUNT(*) FROM (
            SELECT 1 FROM {result} r INNER JOIN {board} b ON r.board_id = b.id
            WHERE (r.ns_adjustment = %s OR r.ew_adjustment = %s) AND b.session_id = %s LIMIT 1
       ) plus)
FROM {pair} p LEFT JOIN {standing} s ON s.pair_id = p.id AND s.session_id = p.session_id
WHERE p.session_id = %s
ORDER BY p.direction, p.number"""
