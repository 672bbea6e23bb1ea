"""Pairwise (all-pairs) coverage: few combinations in which every two values of any two
dimensions meet at least once, chosen the same way on every run.

The greedy of AETG/IPOG in its plainest form: while a pair of values is still to cover,
build a row that covers as many of the uncovered pairs as it can, trying the dimensions'
values in their written order (no randomness, so CI walks the same nights every run) and
keeping only rows that ``allowed`` accepts (an import of a night no file format holds).
``allowed`` judges a partial row too (the dimensions chosen so far), so its rules are
between values of two dimensions, as pairwise coverage's own are.
A pair no allowed row can hold is left out, not looped on forever.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

Row = dict[str, str]


def _pairs(row: Row, names: Sequence[str]) -> set[tuple[str, str, str, str]]:
    return {(a, row[a], b, row[b]) for a, b in combinations(names, 2)}


def all_pairs(dimensions: Mapping[str, Sequence[str]], allowed: Callable[[Row], bool]) -> list[Row]:
    """Rows (one value a dimension) covering every allowed pair of values of any two dimensions."""
    names = list(dimensions)
    uncovered = {
        (a, x, b, y) for a, b in combinations(names, 2) for x in dimensions[a] for y in dimensions[b]
    }
    rows: list[Row] = []
    while uncovered:
        best: Row | None = None
        best_gain = 0
        # Seed each candidate with one uncovered pair (in a fixed order), then fill the other
        # dimensions greedily: the value covering most uncovered pairs with what is chosen.
        for a, x, b, y in sorted(uncovered, key=lambda p: (names.index(p[0]), names.index(p[2]), p))[:60]:
            row = _grown({a: x, b: y}, names, dimensions, uncovered, allowed)
            if row is None:
                continue
            gain = len(_pairs(row, names) & uncovered)
            if gain > best_gain:
                best, best_gain = row, gain
        if best is None:  # the remaining pairs fit no allowed row
            seeds = sorted(uncovered)
            impossible = {
                p
                for p in seeds
                if _grown({p[0]: p[1], p[2]: p[3]}, names, dimensions, uncovered, allowed) is None
            }
            uncovered -= impossible
            continue
        rows.append(best)
        uncovered -= _pairs(best, names)
    return rows


def _grown(
    start: Row,
    names: Sequence[str],
    dimensions: Mapping[str, Sequence[str]],
    uncovered: set[tuple[str, str, str, str]],
    allowed: Callable[[Row], bool],
) -> Row | None:
    """``start`` completed one dimension at a time with the value that covers most, if allowed."""
    row = dict(start)
    for name in names:
        if name in row:
            continue
        choices = []
        for value in dimensions[name]:
            trial = row | {name: value}
            gain = sum(
                1 for other, chosen in row.items() if _key(names, name, value, other, chosen) in uncovered
            )
            choices.append((-gain, list(dimensions[name]).index(value), value, trial))
        for _gain, _index, value, trial in sorted(choices, key=lambda c: (c[0], c[1])):
            if allowed(trial):
                row[name] = value
                break
        else:
            return None
    return row if allowed(row) else None


def _key(names: Sequence[str], a: str, x: str, b: str, y: str) -> tuple[str, str, str, str]:
    return (a, x, b, y) if names.index(a) < names.index(b) else (b, y, a, x)
