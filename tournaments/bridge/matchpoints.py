"""Matchpoints and percentages: how a pair's score on a board compares with the others'.

A pair earns 1 matchpoint for each pair it beat on the board and 0.5 for each pair it tied,
counting only the pairs that played the board (``None`` = did not play). Its percentage is
matchpoints x 100 / (pairs that played it - 1); a board played by one pair alone gives it
50%. A pair's session percentage is the mean of its board percentages (SPEC decision 8).

Scores are North-South scores (SPEC decision 7), so higher is better; East-West's
matchpoints on a board are the complement, top - North-South's, where top = played - 1.

``matchpoints``, ``percentages`` and ``board_matchpoints`` score one board (the club site
scores both directions with the last); ``session_totals`` and ``session_columns`` total
a whole session for the simpscore report. ``neuberg`` scales matchpoints won on a board
with fewer results to the full board's top (used by ``adjusted.adjusted_board``; on the
site every board with fewer results than the session's fullest board, or with adjusted
scores, is scaled so: see ``board_figures``).

Decisions where the seed is silent:

- Matchpoints come from counting each distinct score and sorting the distinct scores, so a
  board costs O(n log n) at worst and O(n) when, as in bridge, scores repeat; no score is
  compared with every other (the seed's hint does that, which is O(n^2)).
- The arithmetic is done in *half* matchpoints, which are whole numbers, so ties are exact;
  a percentage is then ``half * 50 / (played - 1)``: the same double as the seed's
  ``mp * 100 / (n - 1)``, rounded once.
- A session percentage adds the board percentages one after another in board order and
  divides by the number of boards played, as the seed's C program does, so the printed
  figures agree to the last digit. A pair that played no board has no average (``None``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache, reduce
from itertools import repeat
from operator import add, attrgetter, itemgetter, truediv
from typing import TYPE_CHECKING, NamedTuple, TypeVar, cast

if TYPE_CHECKING:
    from fractions import Fraction

SINGLE_PAIR_PERCENTAGE = 50.0
# The matchpoints a pair beaten is worth as a club prints them: ClubScore's 1 (a tie ½), or
# the 2 (a tie 1) the EBU's and the ABF's clubs print (Compscore's tops of 2 a pair beaten).
# The figures are kept on the scale of 1; the percentages are the same on either.
MATCHPOINT_SCALES = (1, 2)


def on_scale(matchpoints: float, scale: int) -> float:
    """Matchpoints kept on the scale of 1 a pair beaten, as printed on ``scale`` (2: each doubled)."""
    return matchpoints * scale


def board_top(results: int, scale: int = 1) -> int:
    """A board's top on ``scale``: a pair beaten for each other result (a board of 7 results: 6, or 12)."""
    return max(results - 1, 0) * scale


_EXACT_WHOLE_DOUBLES = 2**53  # a double holds every whole number up to this one

_Number = TypeVar("_Number", float, "Fraction")

Score = int | None


def half_matchpoints(scores: Sequence[Score]) -> list[int | None]:
    """Return twice each pair's matchpoints on one board, a whole number (None: did not play)."""
    return list(map(_half_matchpoints_by_score(_played_counts(scores)).get, scores))


def matchpoints(scores: Sequence[Score]) -> list[float | None]:
    """Return each pair's matchpoints on one board: 1 per pair beaten, 0.5 per pair tied."""
    return [None if half is None else half / 2 for half in half_matchpoints(scores)]


def percentages(scores: Sequence[Score]) -> list[float | None]:
    """Return each pair's percentage on one board: matchpoints x 100 / (pairs that played - 1)."""
    counts = _played_counts(scores)
    return list(map(_percentage_by_score(_half_matchpoints_by_score(counts), counts.total()).get, scores))


class BoardMatchpoints(NamedTuple):
    """One result on a board seen from both directions."""

    ns_mp: float
    ew_mp: float
    ns_pct: float
    ew_pct: float


def board_matchpoints(ns_scores: Sequence[Score]) -> list[BoardMatchpoints | None]:
    """Matchpoint both directions of a board from its North-South scores.

    Entry k is for ``ns_scores[k]`` (None where that is None). East-West's matchpoints are
    the complement of North-South's, top - NS where top = played - 1, so that the two
    sides' percentages add up to 100, except a lone pair's, which are 50 each.
    """
    counts = _played_counts(ns_scores)
    played = counts.total()
    half_by_score = _half_matchpoints_by_score(counts)
    pct_by_score = _percentage_by_score(half_by_score, played)
    top = played - 1
    results: list[BoardMatchpoints | None] = []
    for score in ns_scores:
        if score is None:
            results.append(None)
            continue
        ns_mp = half_by_score[score] / 2
        ew_mp = top - ns_mp
        ns_pct = pct_by_score[score]
        ew_pct = SINGLE_PAIR_PERCENTAGE if played == 1 else ew_mp * 100 / top
        results.append(BoardMatchpoints(ns_mp, ew_mp, ns_pct, ew_pct))
    return results


def mean_percentage(board_percentages: Iterable[float | None]) -> float | None:
    """Return a pair's session percentage: the mean over the boards it played (None if none)."""
    played = [pct for pct in board_percentages if pct is not None]
    if not played:
        return None
    # Added in board order (not math.fsum, not sum(), compensated since Python 3.12) to give
    # the very double the seed's C program prints.
    return reduce(add, played, 0.0) / len(played)


def neuberg(matchpoints: _Number, *, results: int, full: int) -> _Number:
    """Scale matchpoints won among ``results`` results to a board of ``full`` results (Neuberg).

    Needed when a board was played fewer times than the others, or some of its results are
    artificial (they are not matchpointed), so the real results are compared among fewer
    pairs than the full board has. In this module's units, 1 per pair beaten, the top among
    n results is n - 1 and the EBU/WBF formula reads

        mp' = (mp + 0.5) * N / n - 0.5

    which is the published ``MP' = (MP + 1) * N / n - 1`` in 2-per-pair-beaten units
    (MP = 2 mp, top 2(n - 1)) divided by 2. The +0.5 treats each result as also tying with
    itself, so the mean of the scaled matchpoints is half the full top, as on a full board:
    the formula moves no matchpoints between the average and the pairs that played.
    """
    if results < 1 or full < results:
        raise ValueError(f"neuberg needs 1 <= results <= full, got results={results}, full={full}")
    # A Fraction in gives an exact Fraction out; a float gives a float.
    return (matchpoints + _half()) * full / results - _half()


@cache
def _half() -> Fraction:
    """Return Fraction(1, 2), importing ``fractions`` when first needed: with ``decimal`` it
    costs every start of the simpscore command milliseconds, for a rule it never applies."""
    from fractions import Fraction

    return Fraction(1, 2)


class PairSession(NamedTuple):
    """A pair's totals over a session's boards, as the simpscore report prints them."""

    boards_played: int
    total_score: int
    total_matchpoints: float
    percentage_sum: float

    @property
    def average_score(self) -> float | None:
        """Return the mean score per board played (None if the pair played none)."""
        return self.total_score / self.boards_played if self.boards_played else None

    @property
    def percentage(self) -> float | None:
        """Return the session percentage, the mean of the board percentages (None if none)."""
        return self.percentage_sum / self.boards_played if self.boards_played else None


class SessionColumns(NamedTuple):
    """Every pair's session totals, one list per figure, entry k for the k-th pair."""

    boards_played: list[int]
    total_scores: list[int]
    total_matchpoints: list[float]
    percentage_sums: list[float]


def session_totals(boards: Sequence[Sequence[Score]], pair_count: int) -> list[PairSession]:
    """Total every pair's boards played, score, matchpoints and percentages over a session.

    ``boards`` holds one row per board with one score per pair, in pair order (None = not
    played); entry k of the result is for the k-th pair of the rows.
    """
    return list(map(PairSession._make, zip(*session_columns(boards, pair_count), strict=True)))


def session_columns(boards: Sequence[Sequence[Score]], pair_count: int) -> SessionColumns:
    """Return the figures of ``session_totals`` as columns, for reports on thousands of pairs.

    Each board's distinct scores are matchpointed once; then C-level ``map`` runs over the
    board's row of scores, looking each up in the board's table and adding it to the pair's
    running sum, so no Python code runs per score: the simpscore command totals 10,000
    pairs x 40 boards in a few tens of ms.
    """
    for number, board in enumerate(boards, start=1):
        if len(board) != pair_count:
            raise ValueError(
                f"board {number} has {len(board)} scores, expected one for each of {pair_count} pairs"
            )
    if not boards:
        return SessionColumns([0] * pair_count, [0] * pair_count, [0.0] * pair_count, [0.0] * pair_count)
    board_count = len(boards)
    unit = _played_unit(pair_count, board_count)
    figure_sums = [0j] * pair_count
    for board in boards:
        # Board by board, each pair's running sum plus its figure on this board: the sums
        # are made in board order, as the seed's C program makes them.
        figures = _board_figures_by_score(board, unit)
        figure_sums = list(map(add, figure_sums, map(figures.__getitem__, board)))
    played_and_halves = list(map(divmod, map(int, map(attrgetter("imag"), figure_sums)), repeat(unit)))
    return SessionColumns(
        boards_played=list(map(itemgetter(0), played_and_halves)),
        total_scores=list(map(sum, map(filter, repeat(None), zip(*boards, strict=True)))),
        total_matchpoints=list(map(truediv, map(itemgetter(1), played_and_halves), repeat(2))),
        percentage_sums=list(map(attrgetter("real"), figure_sums)),
    )


def _played_unit(pair_count: int, board_count: int) -> int:
    """Return what a board played adds to a pair's sum of half matchpoints, to count the boards too.

    The unit is more than a pair's half matchpoints over the session (2 per pair beaten a
    board at most), so ``divmod(sum, unit)`` gives the boards played and the half
    matchpoints back; the sums stay whole numbers a double holds exactly.
    """
    unit = 2 * pair_count * board_count + 1
    if unit * (board_count + 1) > _EXACT_WHOLE_DOUBLES:
        raise ValueError(f"{board_count} boards of {pair_count} pairs: too many to total exactly")
    return unit


def _board_figures_by_score(board: Sequence[Score], played_unit: int) -> dict[Score, complex]:
    """Map each score on a board to complex(percentage, half matchpoints + ``played_unit``); None to 0.

    Complex numbers add their two parts separately, each as a double, so one addition a
    board sums a pair's percentages in board order, as the seed's C program does, and its
    half matchpoints and boards played, exactly, since they are whole numbers. (Added with
    ``+``, not ``sum()``, which compensates its additions from Python 3.12 on.)
    """
    counts = _played_counts(board)
    half_by_score = _half_matchpoints_by_score(counts)
    pct_by_score = _percentage_by_score(half_by_score, counts.total())
    figures: dict[Score, complex] = {
        score: complex(pct_by_score[score], half + played_unit) for score, half in half_by_score.items()
    }
    # A board sat out adds 0 to both sums, and 0.0 leaves a sum of doubles exactly as it was.
    figures[None] = 0j
    return figures


def _played_counts(scores: Iterable[Score]) -> Counter[int]:
    """Count how many pairs made each score on a board, leaving out those who did not play."""
    counts = Counter(scores)  # counted in C, then the pairs that did not play taken out
    del counts[None]
    return cast("Counter[int]", counts)


def _half_matchpoints_by_score(counts: Counter[int]) -> dict[Score, int]:
    """Map each score made on a board to twice its matchpoints: 2 per pair beaten, 1 per tie."""
    half_by_score: dict[Score, int] = {}
    beaten = 0
    for score in sorted(counts):
        same = counts[score]
        half_by_score[score] = 2 * beaten + same - 1
        beaten += same
    return half_by_score


def _percentage_by_score(half_by_score: dict[Score, int], played: int) -> dict[Score, float]:
    """Map each score made on a board to its percentage, given how many pairs played it."""
    if played == 1:
        return dict.fromkeys(half_by_score, SINGLE_PAIR_PERCENTAGE)
    # half * 50 is exactly mp * 100: one rounding, as in the seed's mp * 100 / (n - 1).
    return {score: half * 50 / (played - 1) for score, half in half_by_score.items()}


class Place(NamedTuple):
    """A pair's place in the standings; ``tied`` when another pair shares it (printed ``3=``)."""

    rank: int
    tied: bool


# Percentages equal to this many places are the same result: the mean of board
# percentages can differ in the last bits for pairs whose figures are really equal.
_PLACE_DIGITS = 6


def places(percentages: Sequence[float]) -> list[Place]:
    """Return each pair's place by session percentage, best first; equal percentages share one.

    Entry k is for ``percentages[k]``. A shared place is numbered as the first of the
    places it spans, and the next pair's place skips past them (1=, 1=, 3).
    """
    keys = [round(percentage, _PLACE_DIGITS) for percentage in percentages]
    shared = Counter(keys)
    first_place: dict[float, int] = {}
    for position, key in enumerate(sorted(keys, reverse=True), start=1):
        first_place.setdefault(key, position)
    return [Place(first_place[key], shared[key] > 1) for key in keys]
