"""Adjusted scores (Law 12C): artificial averages, split adjustments and assigned (weighted) scores.

A board's entries, one per table in the board's order, are each one of:

- ``None``: the board was not played there (time); the pair's session percentage stays
  the mean over the boards it did play, as for any board it sat out.
- an ``int``: a North-South score actually made.
- an ``Assigned`` score (Law 12C1): the director's weighted mix of scores, e.g. 30% of
  4S= and 70% of 4S-1. It is matchpointed as each of its scores against the other real
  results, weighted; and every other result is matchpointed against each of its scores,
  weighted the same way.
- an ``Artificial`` adjustment (Law 12C2): Average-plus, Average or Average-minus for each
  side, both the same or split (NS Average-plus, EW Average-minus). It is not compared
  with anything: each side gets its percentage outright.

``adjusted_board`` matchpoints the real results (scores and assigned scores) among
themselves and scales them by Neuberg's formula (``matchpoints.neuberg``) to the full
board: the number of entries that are not None, or the session's largest board when that
is larger (a board played at fewer tables). Scaled matchpoints are out of the full top,
N - 1, and give the percentage; East-West's are the complement, as on a plain board.

Decisions where the Laws leave it to the regulating body:

- Average-plus, Average and Average-minus are 60, 50 and 40 percent by default
  (``AdjustmentPercentages``, configurable per club, as EBU and ACBL use).
- Law 12C2's rule that a pair not at fault gets *at least* 60%: ``artificial_percentage``
  gives Average-plus as the pair's session percentage when that is higher. The caller
  passes that percentage (the pair's mean over its other boards: the board itself cannot
  count, or the figure would depend on itself). Average-minus stays at its fixed figure
  (the Law says "at most 40%", which a fixed 40 satisfies; EBU practice).
- An artificial entry's "matchpoints" are its percentage of the full top, so totals of
  matchpoints still add up; the percentage is what counts.
- Figures another scorer stated for a result (``with_stated``: a Compscore file's hand-set
  line) replace that result's own; the board is otherwise scored as above.
- In IMP pairs (``assigned_imps``) an assigned score is scored as the expectation over its
  weighted scores: every combination of the board's assigned scores' parts is scored
  as a plain board by the IMP method (cross-IMPs or Butler) with weight the product of
  its parts' weights, and each result gets the weighted sum. For matchpoints this is
  exactly ``adjusted_board``'s pairwise weighting; for Butler it also moves the datum.
  A board may hold at most ``MAX_COMBINATIONS`` combinations (4^6: six tables with four
  parts each), far beyond a real board; more raises ``AdjustmentError``.
- Weights of an assigned score are exact fractions (``Fraction`` or strings like "3/10"
  or "0.3") that must be positive and add up to exactly 1; matchpoints are computed
  exactly and turned into floats once at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import product
from math import floor, prod
from typing import NamedTuple

from tournaments.bridge.matchpoints import SINGLE_PAIR_PERCENTAGE, BoardMatchpoints, neuberg


class AdjustmentError(ValueError):
    """An adjusted score that cannot be scored (bad weights, percentages out of order)."""


class Adjustment(StrEnum):
    """An artificial adjusted score for one side (Law 12C2)."""

    AVERAGE_PLUS = "A+"
    AVERAGE = "A"
    AVERAGE_MINUS = "A-"


@dataclass(frozen=True)
class AdjustmentPercentages:
    """The percentages a club gives for Average-plus, Average and Average-minus."""

    plus: float = 60.0
    average: float = 50.0
    minus: float = 40.0

    def __post_init__(self) -> None:
        if not 0 <= self.minus <= self.average <= self.plus <= 100:
            raise AdjustmentError(
                "adjustment percentages must satisfy 0 <= minus <= average <= plus <= 100, "
                f"got minus={self.minus}, average={self.average}, plus={self.plus}"
            )


DEFAULT_PERCENTAGES = AdjustmentPercentages()


def artificial_percentage(
    adjustment: Adjustment,
    *,
    percentages: AdjustmentPercentages = DEFAULT_PERCENTAGES,
    session_percentage: float | None = None,
) -> float:
    """Return the percentage an artificial adjusted score gives one side.

    ``session_percentage`` is the side's percentage on its other boards of the session, if
    known: Average-plus is that when it is higher (Law 12C2: "at least 60%").
    """
    if adjustment is Adjustment.AVERAGE_PLUS:
        if session_percentage is not None and session_percentage > percentages.plus:
            return session_percentage
        return percentages.plus
    if adjustment is Adjustment.AVERAGE:
        return percentages.average
    return percentages.minus


class Artificial(NamedTuple):
    """Artificial adjustments for both sides of one table; split when they differ.

    ``ns_session`` and ``ew_session`` are the sides' session percentages on their other
    boards, for the Average-plus rule of ``artificial_percentage`` (None: not known).
    """

    ns: Adjustment
    ew: Adjustment
    ns_session: float | None = None
    ew_session: float | None = None


@dataclass(frozen=True)
class Assigned:
    """A weighted assigned score (Law 12C1c): each North-South score with its weight."""

    parts: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        if not self.parts:
            raise AdjustmentError("an assigned score needs at least one weighted score")
        if any(weight <= 0 for weight, _ in self.parts):
            raise AdjustmentError(f"assigned score weights must be positive, got {self._described()}")
        if sum(weight for weight, _ in self.parts) != 1:
            raise AdjustmentError(f"assigned score weights must add up to 1, got {self._described()}")

    @classmethod
    def of(cls, *parts: tuple[Fraction | str | int, int]) -> Assigned:
        """Build from (weight, NS score) pairs; a weight may be a string such as "0.3" or "3/10"."""
        try:
            weighted = tuple((Fraction(weight), score) for weight, score in parts)
        except (ValueError, ZeroDivisionError) as error:
            raise AdjustmentError(f"assigned score weights must be numbers, got {parts!r}") from error
        return cls(weighted)

    def mean_score(self) -> int:
        """Return the weighted mean North-South score to the nearest point, halves away from zero.

        The one score a format without weights (the legacy score file) can hold: 30% of 420
        and 70% of -50 is 91.
        """
        mean = sum((weight * score for weight, score in self.parts), Fraction(0))
        whole = floor(abs(mean) + Fraction(1, 2))
        return whole if mean >= 0 else -whole

    def _described(self) -> str:
        return " + ".join(f"{weight} of {score}" for weight, score in self.parts)


Entry = int | Assigned | Artificial | None


def adjusted_board(
    entries: Sequence[Entry],
    *,
    full: int | None = None,
    percentages: AdjustmentPercentages = DEFAULT_PERCENTAGES,
) -> list[BoardMatchpoints | None]:
    """Score a board that may hold artificial and assigned scores, or be short of results.

    Entry k of the result is for ``entries[k]`` (None where that is None). ``full`` is the
    number of results of a full board in the session (its largest board); the board's own
    count of entries is used when that is larger or ``full`` is None. Real results are
    matchpointed among themselves and scaled to the full top by Neuberg's formula.
    """
    present = sum(entry is not None for entry in entries)
    size = max(present, full or 0)
    top = size - 1
    real = [_weighted(entry) for entry in entries if isinstance(entry, int | Assigned)]
    real_mp = iter(_weighted_matchpoints(real))
    results: list[BoardMatchpoints | None] = []
    for entry in entries:
        if entry is None:
            results.append(None)
        elif isinstance(entry, Artificial):
            ns_pct = artificial_percentage(
                entry.ns, percentages=percentages, session_percentage=entry.ns_session
            )
            ew_pct = artificial_percentage(
                entry.ew, percentages=percentages, session_percentage=entry.ew_session
            )
            results.append(BoardMatchpoints(ns_pct * top / 100, ew_pct * top / 100, ns_pct, ew_pct))
        elif top == 0:
            results.append(BoardMatchpoints(0.0, 0.0, SINGLE_PAIR_PERCENTAGE, SINGLE_PAIR_PERCENTAGE))
        else:
            ns_mp = neuberg(next(real_mp), results=len(real), full=size)
            ew_mp = top - ns_mp
            results.append(
                BoardMatchpoints(
                    float(ns_mp), float(ew_mp), float(ns_mp * 100 / top), float(ew_mp * 100 / top)
                )
            )
    return results


def with_stated(
    board: Sequence[BoardMatchpoints | None], stated: Sequence[tuple[float, float] | None], *, top: int
) -> list[BoardMatchpoints | None]:
    """Give each result whose (NS, EW) percentages another scorer stated those figures.

    Entry k is for ``board[k]`` (its figures as scored) and ``stated[k]`` (None: keep them).
    A scorer's file may hold figures its director set by hand: Compscore gives an ``A5050``
    line 23 and 11 matchpoints of 40, or a -650 21 and 19 where the score earns 19 and 21.
    Only that line's own figures change; the other results were compared with its score
    and keep theirs, as in the file. Matchpoints are the percentages of ``top`` (1 a pair
    beaten: the full board's results less one).
    """
    if len(board) != len(stated):
        raise ValueError(f"{len(stated)} stated figures for a board of {len(board)} results")
    return [
        figure
        if given is None or figure is None
        else BoardMatchpoints(given[0] * top / 100, given[1] * top / 100, given[0], given[1])
        for figure, given in zip(board, stated, strict=True)
    ]


def _weighted(entry: int | Assigned) -> tuple[tuple[Fraction, int], ...]:
    return entry.parts if isinstance(entry, Assigned) else ((Fraction(1), entry),)


def _weighted_matchpoints(results: Sequence[tuple[tuple[Fraction, int], ...]]) -> list[Fraction]:
    """Matchpoint real results among themselves, 1 per pair beaten, each score weighted.

    Result i scores against result j the weighted mean, over the pairs of their scores, of
    1 (higher), 1/2 (equal) or 0; a plain score is one score of weight 1, so a board of
    plain scores gets the usual matchpoints exactly.
    """
    points = [Fraction(0)] * len(results)
    for i, mine in enumerate(results):
        for j, other in enumerate(results):
            if i == j:
                continue
            points[i] += sum(
                (my_weight * other_weight * _beat(my_score, other_score)
                 for my_weight, my_score in mine
                 for other_weight, other_score in other),
                Fraction(0),
            )  # fmt: skip
    return points


def _beat(mine: int, other: int) -> Fraction:
    if mine > other:
        return Fraction(1)
    if mine == other:
        return Fraction(1, 2)
    return Fraction(0)


MAX_COMBINATIONS = 4**6

ImpMethod = Callable[[Sequence[int | None]], Sequence[float | int | None]]


def assigned_imps(entries: Sequence[int | Assigned | None], method: ImpMethod) -> list[float | None]:
    """Score a board holding assigned scores with an IMP ``method`` (``cross_imps``, ``butler_imps``).

    Entry k of the result is North-South's IMPs for ``entries[k]`` (None where that is
    None): the weighted mean, over every combination of the assigned scores' parts, of
    the IMPs ``method`` gives that combination's plain scores (see the module docstring).
    """
    options = [entry.parts if isinstance(entry, Assigned) else ((Fraction(1), entry),) for entry in entries]
    combinations = prod(len(choices) for choices in options)
    if combinations > MAX_COMBINATIONS:
        raise AdjustmentError(
            f"a board with {combinations} combinations of assigned scores is too many to score "
            f"(at most {MAX_COMBINATIONS})"
        )
    totals: list[Fraction | None] = [None if entry is None else Fraction(0) for entry in entries]
    for combination in product(*options):
        weight = prod((part_weight for part_weight, _ in combination), start=Fraction(1))
        scored = method([score for _, score in combination])
        for index, imps in enumerate(scored):
            total = totals[index]
            if imps is not None and total is not None:
                totals[index] = total + weight * Fraction(imps)
    return [None if total is None else float(total) for total in totals]
