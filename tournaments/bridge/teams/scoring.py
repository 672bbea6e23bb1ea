"""Teams: IMPs to victory points, a match's board scores, round robins and the Swiss draw.

A teams match is two tables on the same boards: the home team's pair sits North-South at
table 1, the away team's pair North-South at table 2. On a board the home team scores the
NS score at table 1 and minus the NS score at table 2, so its net score is ``ns_table_1 -
ns_table_2`` (``board_imps``, ``board_a_match``).

- ``victory_points(imps, boards)`` converts a match's IMP margin to the WBF 20-VP
  continuous scale (2013): with tau = (sqrt(5) - 1) / 2 and blitz B = 15 * sqrt(boards),
  the winner gets 10 + 10 * (1 - tau^(3 * |imps| / B)) / (1 - tau^3), 20 from the blitz on,
  in hundredths, and the loser 20 minus that. The WBF's published tables round each value
  half up to two decimals and then correct the rounding where it would break the scale's
  promise that no IMP is worth more than the one before it: wherever the step to margin
  m + 1 is larger than the step to m, the value at m is raised by 0.01, until every step
  is at most the one before (``_vp_table``; docs/decisions.md, "Teams"). The tables of
  the WBF reproduce exactly for 1-10 boards with this rule (the test cites them).
- ``match_victory_points`` applies the Laws' IMP and VP penalties around it;
  ``artificial_imps`` is Law 12C2 at IMPs (Average-plus +3, Average 0, Average-minus -3).
- ``round_robin(n)`` gives the Berger tables; ``swiss_pairings`` (in ``swiss``) the next
  Swiss round; both say a team sits out with ``(team, None)``.

Decisions where the WBF is silent:

- **Fractional IMP margins** (an assigned score weighted over several results) get the
  straight line between the table's values at the two whole margins around them, rounded
  half up to hundredths, so the VPs stay monotone and agree with the table at whole IMPs.
- **Exact sums.** The VPs are worked out in whole hundredths and returned as floats
  ``c / 100`` and ``(2000 - c) / 100``: each is the float nearest its two-decimal value,
  and the two add up to exactly 20.0 in floating point (checked for every c).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from numbers import Real
from typing import Any, TypeVar, overload

from tournaments.bridge.imps import imps as _imps
from tournaments.bridge.teams.swiss import DrawError, swiss_pairings

__all__ = [
    "Artificial",
    "DrawError",
    "TeamsError",
    "artificial_imps",
    "blitz",
    "board_a_match",
    "board_imps",
    "match_victory_points",
    "round_robin",
    "swiss_pairings",
    "victory_points",
    "vp_table",
]

TAU = (math.sqrt(5) - 1) / 2
FULL_VP = 20
_FULL_CENTS = 2000
_HALF_CENTS = 1000
# Average-plus in a teams match is worth 3 IMPs on the board (Law 12C2, WBF/EBU practice).
AVERAGE_PLUS_IMPS = 3

Team = TypeVar("Team")


class TeamsError(ValueError):
    """A teams argument that cannot be scored or drawn; the message names the argument."""


def _board_count(boards: object) -> int:
    """Return ``boards`` as a positive whole number of boards, or raise TeamsError."""
    if isinstance(boards, bool):
        raise TeamsError(f"boards must be a whole number of boards, not {boards!r}")
    try:
        count = operator.index(boards)  # type: ignore[arg-type]
    except TypeError:
        if isinstance(boards, Real) and float(boards).is_integer():
            count = int(math.trunc(boards))
        else:
            raise TeamsError(f"boards must be a whole number of boards, not {boards!r}") from None
    if count < 1:
        raise TeamsError(f"boards must be at least 1, not {count}")
    return count


def blitz(boards: int) -> float:
    """Return the blitz of a match of ``boards`` boards: the margin from which it is 20-0."""
    return 15 * math.sqrt(_board_count(boards))


def _formula_cents(margin: int, blitz_margin: float) -> int:
    """Return the winner's VPs for a whole margin, by the formula, in hundredths rounded half up."""
    if margin >= blitz_margin:
        return _FULL_CENTS
    vp: float = 10 + 10 * (1 - TAU ** (3 * margin / blitz_margin)) / (1 - TAU**3)
    # The tiny epsilon keeps a value the formula makes exactly x.xx5 from rounding down
    # through floating-point error (15.00 at a third of the blitz must stay 15.00).
    return min(_FULL_CENTS, math.floor(vp * 100 + 0.5 + 1e-9))


@lru_cache(maxsize=256)
def _vp_table(boards: int) -> tuple[int, ...]:
    """Return the winner's VPs in hundredths for margins 0..ceil(blitz), as the WBF prints them."""
    blitz_margin = 15 * math.sqrt(boards)
    cents = [_formula_cents(margin, blitz_margin) for margin in range(math.ceil(blitz_margin) + 1)]
    changed = True
    while changed:
        changed = False
        for margin in range(1, len(cents) - 1):
            if cents[margin + 1] - cents[margin] > cents[margin] - cents[margin - 1]:
                cents[margin] += 1
                changed = True
    return tuple(cents)


def vp_table(boards: int) -> list[tuple[int, float, float]]:
    """Return the printed scale for ``boards``: (margin, winner's VPs, loser's VPs) to the blitz."""
    return [
        (margin, cents / 100, (_FULL_CENTS - cents) / 100)
        for margin, cents in enumerate(_vp_table(_board_count(boards)))
    ]


def _margin(imps: object) -> Fraction:
    """Return an IMP margin as an exact fraction, or raise TeamsError naming it."""
    if isinstance(imps, bool) or not isinstance(imps, (Real, Decimal)):
        raise TeamsError(f"imps must be a number, not {imps!r}")
    if not math.isfinite(imps):
        raise TeamsError(f"imps must be a finite number, not {imps!r}")
    # Fraction's stub names the reals Python has (int, float, Fraction, Decimal), not Real;
    # those are the reals callers pass, and the check above is kept as it was.
    return Fraction(imps)  # type: ignore[arg-type]


def _winner_cents(margin: Fraction, boards: int) -> int:
    """Return the winning side's VPs in hundredths for a margin >= 0 (see fractional margins)."""
    table = _vp_table(boards)
    whole = math.floor(margin)
    if whole >= len(table) - 1:
        return _FULL_CENTS
    low, high = table[whole], table[whole + 1]
    if margin == whole:
        return low
    between = low + (high - low) * (margin - whole)
    return math.floor(between + Fraction(1, 2))


def victory_points(imps: float | Fraction, boards: int) -> tuple[float, float]:
    """Return (this side's VPs, the other side's VPs) for an IMP margin over ``boards`` boards.

    ``imps`` is this side's margin (positive: it won); the two figures have two decimals
    and add up to exactly 20. A draw is 10-10 and a margin of the blitz or more 20-0.
    """
    margin = _margin(imps)
    cents = _winner_cents(abs(margin), _board_count(boards))
    if margin < 0:
        cents = _FULL_CENTS - cents
    return cents / 100, (_FULL_CENTS - cents) / 100


def match_victory_points(
    home_imps: float,
    away_imps: float,
    boards: int,
    *,
    home_imp_penalty: float = 0,
    away_imp_penalty: float = 0,
    home_vp_penalty: float = 0,
    away_vp_penalty: float = 0,
) -> tuple[float, float]:
    """Return the home and away teams' VPs for a match, after the director's penalties.

    IMP penalties (Law 90 at IMPs) come off a team's IMPs before the margin is converted,
    so they move both teams' VPs; VP penalties come off the penalised team's VPs alone
    afterwards, so the two no longer add up to 20 (and a team may end below 0).
    """
    margin = _margin(home_imps) - _margin(home_imp_penalty) - (_margin(away_imps) - _margin(away_imp_penalty))
    home_vp, away_vp = victory_points(margin, boards)
    home_cents = round(home_vp * 100) - round(_margin(home_vp_penalty) * 100)
    away_cents = round(away_vp * 100) - round(_margin(away_vp_penalty) * 100)
    return home_cents / 100, away_cents / 100


def board_imps(ns_table_1: int, ns_table_2: int) -> int:
    """Return the home team's IMPs on a board from the NS scores at its two tables."""
    return _imps(ns_table_1 - ns_table_2)


def board_a_match(ns_table_1: int, ns_table_2: int) -> tuple[float, float]:
    """Return (home, away) board-a-match points on a board: 1 for the better net score, 1/2 each if equal."""
    net = ns_table_1 - ns_table_2
    if net == 0:
        return 0.5, 0.5
    return (1.0, 0.0) if net > 0 else (0.0, 1.0)


class Artificial(StrEnum):
    """An artificial adjusted score of one side on a board (Law 12C2)."""

    AVERAGE_PLUS = "A+"
    AVERAGE = "A"
    AVERAGE_MINUS = "A-"


_ARTIFICIAL_IMPS = {
    Artificial.AVERAGE_PLUS: AVERAGE_PLUS_IMPS,
    Artificial.AVERAGE: 0,
    Artificial.AVERAGE_MINUS: -AVERAGE_PLUS_IMPS,
}


def artificial_imps(home: Artificial | str, away: Artificial | str) -> tuple[int, int]:
    """Return (home, away) IMPs on a board given artificial adjusted scores.

    Each side gets its own figure: +3 for Average-plus, 0 for Average, -3 for
    Average-minus; both at fault (A- / A-) is -3 each, so the board need not balance.
    """
    try:
        return _ARTIFICIAL_IMPS[Artificial(home)], _ARTIFICIAL_IMPS[Artificial(away)]
    except ValueError:
        raise TeamsError(f"an artificial score is one of A+, A, A-, not {home!r} / {away!r}") from None


@overload
def round_robin(n: int) -> list[list[tuple[int, int | None]]]: ...
@overload
def round_robin(n: Sequence[Team]) -> list[list[tuple[Team, Team | None]]]: ...
# The ids come back as given (checked at run time, as any caller's may be untyped), so the
# implementation's own types say no more than ``Any``; the overloads say what is returned.
def round_robin(n: int | Sequence[Any]) -> list[list[tuple[Any, Any]]]:
    """Return a complete round robin of teams 1..n by the Berger tables: one list per round.

    Each round is a list of (home, away). With an even n there are n - 1 rounds; with an odd
    n there are n rounds and the team that sits out is listed as ``(team, None)``, last.
    A sequence of team ids instead of n gives the same tables with those ids for 1..n.
    """
    names = _round_robin_names(n)
    count = len(names)
    size = count + count % 2  # an odd field plays with a phantom, count + 1, that means "sits out"
    first = [(table, size + 1 - table) for table in range(1, size // 2 + 1)]
    rounds = []
    for number in range(size - 1):
        matches = [_berger_match(pair, number, size) for pair in first]
        rounds.append(_named_round(matches, names, size))
    return rounds


def _round_robin_names(n: object) -> list[object]:
    """Return the teams of a round robin: 1..n for a number, the ids for a sequence."""
    if isinstance(n, bool):
        raise TeamsError(f"round_robin needs a number of teams, not {n!r}")
    try:
        count = operator.index(n)  # type: ignore[arg-type]
    except TypeError:
        count = None  # not a number of teams: a collection of ids
    if count is not None:
        if count < 0:
            raise TeamsError(f"round_robin needs a number of teams >= 0, not {count}")
        return list(range(1, count + 1))
    try:
        names: list[object] = list(n)  # type: ignore[call-overload]
    except TypeError:
        raise TeamsError(f"round_robin needs a number of teams or their ids, not {n!r}") from None
    if len(set(names)) != len(names) or None in names:
        raise TeamsError("round_robin needs distinct team ids, none of them None")
    return names


def _berger_match(pair: tuple[int, int], number: int, size: int) -> tuple[int, int]:
    """Return round ``number``'s (0-based) version of a first-round pair of the Berger tables.

    Every round adds size / 2 (modulo size - 1, on 1..size-1) to the numbers of round 1;
    the last number stays put and changes side each round, away in the first round.
    """
    shift = number * (size // 2)
    home, away = ((team - 1 + shift) % (size - 1) + 1 if team != size else size for team in pair)
    if size in (home, away):
        other = away if home == size else home
        return (size, other) if number % 2 else (other, size)
    return home, away


def _named_round(
    matches: list[tuple[int, int]], names: list[object], size: int
) -> list[tuple[object, object | None]]:
    """Return a round with the numbers replaced by team ids and a phantom's match as (team, None)."""
    count = len(names)
    named: list[tuple[object, object | None]] = [
        (names[home - 1], names[away - 1]) for home, away in matches if max(home, away) <= count
    ]
    if size != count:
        sits_out = next(min(home, away) for home, away in matches if max(home, away) > count)
        named.append((names[sits_out - 1], None))
    return named
