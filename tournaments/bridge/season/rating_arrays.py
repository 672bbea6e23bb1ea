"""The rating fit of ``bridge.season.rating`` on numpy arrays: a million results in seconds.

``bridge.season.rating`` states the model and fits it in plain Python, one result at a time
(about 15 µs a result: 15 s for a million). Here the same normal equations,
``(X'WX + lambda I) r = X'W (percentage - 50)``, are solved with every pass over the
results done by numpy at once (``np.bincount`` sums each field and hands each result back
to its players), and conjugate gradients are preconditioned by the matrix's diagonal,
which is each player's information: a regular's hundreds of nights and a visitor's one
are on one scale, so the iterations do not grow with the history. What it buys: a full
refit of a million results in a few seconds (``bench/bench_finish.py``); what it costs:
a second implementation of the model, held equal to the first by the tests
(``tests/bridge/season/test_rating_arrays.py``).

The solve stops on the largest *residual* of any player, ``max |b - A r| <= tolerance``,
not on a norm over everyone: that per-player bound is what the local refit
(``rating_local``) keeps true for every player after every refit, so a refit that
touched a few hundred players leaves the whole site as close to the full fit as a full
refit would (``docs/decisions.md``, "A finish that does not grow with history").

A pair is two player indices; a pair of one player names him twice, which gives the
same strength (the mean of the two) and the same share of each result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tournaments.bridge.season.rating import PRIOR_SD, REFERENCE_BOARDS, SESSION_SD

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

RIDGE = (SESSION_SD / PRIOR_SD) ** 2
# The largest residual left in any player's equation, in the equations' own units (a
# result's weight, about 1 for a 24-board night, times percentage points). A residual of
# this size moves ratings by about ``RESIDUAL / RIDGE`` = 0.0006 points at most along the
# one direction the results cannot see (everyone up together); see docs/decisions.md.
RESIDUAL = 1e-3
_FIELDS_A_SESSION = 4  # a session's fields are numbered below this (a Mitchell's two)


@dataclass(frozen=True)
class Results:
    """Pairs' results as arrays: one row a pair's percentage in its field of one session.

    ``first``/``second`` index ``players`` (the callers' ids); ``field`` numbers the
    fields from 0; ``session`` is the caller's session id of each row.
    """

    players: Ints
    first: Ints
    second: Ints
    target: Floats  # percentage - 50
    weight: Floats  # boards / 24
    field: Ints
    session: Ints

    @property
    def size(self) -> int:
        return len(self.players)


def results_from_columns(
    session: npt.ArrayLike,
    field: npt.ArrayLike,
    first: npt.ArrayLike,
    second: npt.ArrayLike,
    percentage: npt.ArrayLike,
    boards: npt.ArrayLike,
) -> Results:
    """Build the arrays from columns of player ids (``second`` = ``first`` for a pair of one).

    ``field`` is any integer telling a session's fields apart (a Mitchell's NS and EW);
    it is combined with ``session``, so two sessions' fields never merge.
    """
    first_ids = np.asarray(first, dtype=np.int64)
    second_ids = np.asarray(second, dtype=np.int64)
    players, inverse = numbered(np.concatenate([first_ids, second_ids]))
    sessions = np.asarray(session, dtype=np.int64)
    field_keys = sessions * _FIELDS_A_SESSION + np.asarray(field, dtype=np.int64)
    fields = numbered(field_keys)[1]
    count = len(first_ids)
    return Results(
        players=players,
        first=inverse[:count].astype(np.int64),
        second=inverse[count:].astype(np.int64),
        target=np.asarray(percentage, dtype=np.float64) - 50.0,
        weight=np.asarray(boards, dtype=np.float64) / REFERENCE_BOARDS,
        field=fields.astype(np.int64),
        session=sessions,
    )


class Equations:
    """The normal equations of ``results``: ``A v`` in one pass, ``b``, and ``A``'s diagonal."""

    def __init__(self, results: Results, *, exact_diagonal: bool = False) -> None:
        self.results = results
        fields = int(results.field.max()) + 1 if len(results.field) else 0
        counts = np.bincount(results.field, minlength=fields).astype(np.float64)
        self._count = counts[results.field]
        # A pair alone in its field expects 50 and teaches nothing: its row is all zero.
        self._scale = np.where(self._count > 1, 1.0 / np.maximum(self._count - 1, 1), 0.0)
        self._fields = fields
        self.right = self.spread_back(results.weight * results.target)
        # The preconditioner: the diagonal, or (cheaper, for the local refit's small
        # solves) each player's weight in his own rows, the bulk of it. The diagonal is
        # kept (``information``): the players' uncertainties are made of it too.
        quarter = results.weight / 4
        self.information = information(results) if exact_diagonal else None
        self.diagonal = (
            self.information + RIDGE
            if self.information is not None
            else np.bincount(results.first, weights=quarter, minlength=results.size)
            + np.bincount(results.second, weights=quarter, minlength=results.size)
            + RIDGE
        )

    def centre(self, values: Floats) -> Floats:
        """Each row's value less the mean of the others' in its field (the field's edges)."""
        totals = np.bincount(self.results.field, weights=values, minlength=self._fields)
        return (self._count * values - totals[self.results.field]) * self._scale

    def predict(self, deviations: Floats) -> Floats:
        """``X r``: each row's expected percentage less 50."""
        results = self.results
        return self.centre((deviations[results.first] + deviations[results.second]) / 2)

    def spread_back(self, values: Floats) -> Floats:
        """``X' v``: a value per row handed back to its players (the centring is symmetric)."""
        results = self.results
        halves = self.centre(values) / 2
        size = results.size
        return _sums(results.first, halves, size) + _sums(results.second, halves, size)

    def product(self, deviations: Floats) -> Floats:
        """``(X'WX + ridge I) r``."""
        return self.spread_back(self.results.weight * self.predict(deviations)) + RIDGE * deviations

    def residual(self, deviations: Floats) -> Floats:
        return self.right - self.product(deviations)


def information(results: Results) -> Floats:
    """The diagonal of ``X'WX``: for each player, the sum over rows of weight x his slope squared.

    A player's slope in a row of a field of ``n`` pairs is ``(n a - t) / (n - 1)``, with
    ``a`` his share of that row's pair (1/2, or 1 alone) and ``t`` his shares over the
    field; in the rows he is not in, ``-t / (n - 1)``.
    """
    size = results.size
    rows = len(results.first)
    if rows == 0:
        return np.zeros(size)
    fields = int(results.field.max()) + 1
    count = np.bincount(results.field, minlength=fields).astype(np.float64)
    scale = np.where(count > 1, 1.0 / np.maximum(count - 1, 1), 0.0)
    field_weight = np.bincount(results.field, weights=results.weight, minlength=fields)
    # Each (row, player) once, with his share of the row's pair: the first player's half
    # (all of it when he is alone, named twice), the second's half when another.
    alone = results.first == results.second
    seconds = np.flatnonzero(~alone)
    row = np.concatenate([np.arange(rows), seconds])
    player = np.concatenate([results.first, results.second[seconds]])
    share = np.concatenate([np.where(alone, 1.0, 0.5), np.full(len(seconds), 0.5)])
    field = results.field[row]
    # Each (field, player) once: his shares over the field and the weight of his own rows.
    groups, group = np.unique(field * size + player, return_inverse=True)
    group = group.reshape(-1)
    total = np.bincount(group, weights=share)
    own_weight = np.bincount(group, weights=results.weight[row])
    group_field = groups // size
    own = results.weight[row] * ((count[field] * share - total[group]) * scale[field]) ** 2
    elsewhere = (field_weight[group_field] - own_weight) * (total * scale[group_field]) ** 2
    return _sums(player, own, size) + _sums(groups % size, elsewhere, size)


def numbered(values: Ints) -> tuple[Ints, Ints]:
    """``np.unique(values, return_inverse=True)``: the distinct values sorted, and each value's
    place among them. Ids (players', sessions') are about as many as their range, so a
    table of the range does it in two passes; a sort only when they are spread thin (a
    million results: 0.1 s against 0.7 s for the sort on the build machine)."""
    values = np.asarray(values, dtype=np.int64)
    if not len(values):
        return values.copy(), np.zeros(0, dtype=np.int64)
    low = int(values.min())
    span = int(values.max()) - low + 1
    if span > 4 * len(values) + 1024:
        found, inverse = np.unique(values, return_inverse=True)
        return found, inverse.reshape(-1).astype(np.int64)
    shifted = values - low
    present = np.zeros(span, dtype=bool)
    present[shifted] = True
    place = np.cumsum(present, dtype=np.int64) - 1
    return np.flatnonzero(present).astype(np.int64) + low, place[shifted]


def distinct(values: Ints) -> Ints:
    """The distinct values, sorted: ``np.unique`` without its hash table, which numpy 2.4 takes
    0.7 s to build for 100,000 integers (a sort takes under a millisecond)."""
    ordered = np.sort(values)
    return ordered[np.concatenate([[True], ordered[1:] != ordered[:-1]])] if len(ordered) else ordered


def _sums(where: Ints, values: Floats, size: int) -> Floats:
    """``values`` summed by ``where`` into ``size`` slots (``np.bincount`` with weights, typed)."""
    return np.asarray(np.bincount(where, weights=values, minlength=size), dtype=np.float64)


def seats(results: Results) -> Ints:
    """Each (session, player) with a result once, as ``session * size + player``, sorted."""
    size = results.size
    both = np.concatenate([results.first, results.second])
    sessions = np.concatenate([results.session, results.session])
    return distinct(sessions * size + both) if size else both


def sessions_played(results: Results, seated: Ints | None = None) -> Ints:
    """How many sessions each player has a result in (``seated``: ``seats(results)``, if at hand)."""
    size = results.size
    played = (seats(results) if seated is None else seated) % max(size, 1)
    return np.bincount(played, minlength=size).astype(np.int64)


def uncertainties(results: Results, informed: Floats | None = None) -> Floats:
    """Each player's sd: ``1 / sqrt(information / SESSION_SD^2 + 1 / PRIOR_SD^2)`` (``informed``:
    ``information(results)``, if at hand, as an exact ``Equations`` keeps it)."""
    known = information(results) if informed is None else informed
    return 1.0 / np.sqrt(known / SESSION_SD**2 + 1.0 / PRIOR_SD**2)


def solve(
    equations: Equations,
    start: Floats,
    *,
    free: Bools | None = None,
    tolerance: float = RESIDUAL,
    iterations: int = 10_000,
) -> Floats:
    """Solve for the ``free`` players (all when None), the others held at ``start``; return all.

    Preconditioned conjugate gradients on the free players' equations, from ``start``,
    until no free player's residual passes ``tolerance``. The residual is worked out
    afresh from the solution before stopping, so the bound is the real one.
    """
    mask = np.ones(equations.results.size, dtype=bool) if free is None else free
    inverse = np.where(mask, 1.0 / equations.diagonal, 0.0)
    solution = np.array(start, dtype=np.float64)
    for _ in range(3):  # a restart, should rounding leave the recurrence's residual apart
        residual = np.where(mask, equations.residual(solution), 0.0)
        if _largest(residual) <= tolerance:
            return solution
        solution = _conjugate_gradients(equations.product, solution, residual, inverse, tolerance, iterations)
    return solution


def _conjugate_gradients(
    product: Callable[[Floats], Floats],
    solution: Floats,
    residual: Floats,
    inverse: Floats,
    tolerance: float,
    iterations: int,
) -> Floats:
    free = inverse > 0
    preconditioned = inverse * residual
    direction = preconditioned.copy()
    size = float(residual @ preconditioned)
    for _ in range(iterations):
        if _largest(residual) <= tolerance * 0.5 or size == 0:
            break
        moved = np.where(free, product(direction), 0.0)
        step = size / float(direction @ moved)
        solution = solution + step * direction
        residual = residual - step * moved
        preconditioned = inverse * residual
        previous, size = size, float(residual @ preconditioned)
        direction = preconditioned + (size / previous) * direction
    return solution


def _largest(values: Floats) -> float:
    return float(np.abs(values).max()) if len(values) else 0.0


def fit(results: Results, start: Floats | None = None, *, tolerance: float = RESIDUAL) -> Floats:
    """Every player's deviation from 50 over ``results`` (from ``start``, else from 0)."""
    equations = Equations(results, exact_diagonal=True)
    begin = np.zeros(results.size) if start is None else start
    return solve(equations, begin, tolerance=tolerance)
