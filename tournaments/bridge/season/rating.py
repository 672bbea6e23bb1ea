"""Player ratings from pair sessions, with the partner's and the field's strength allowed for.

A player's rating is on the percentage scale: the percentage a pair of two players of that
rating would expect against a field of the club's average players (the average player
is 50). The model, fitted to every result of the sessions given:

- a pair's strength is the mean of its players' ratings;
- a pair's expected percentage is ``50 + strength - mean strength of the other pairs of
  its field``. Matchpoints compare a pair with each other pair of its field, so its
  expected edge is its edge over each of them, averaged; these edges sum to zero over a
  field, as matchpoint percentages do. A pair alone in its field expects 50 and teaches
  nothing;
- each result is that expectation plus luck of standard deviation ``SESSION_SD`` for a
  24-board session (``SESSION_SD * sqrt(24 / boards)`` for other lengths); each rating
  starts from a prior of 50 with standard deviation ``PRIOR_SD``, so a player seen once
  is pulled toward the club's average rather than taking his one night at face value.

The ratings are the most likely ones under that model: ridge least squares,
``(X'WX + lambda I) r = X'W (percentage - 50)`` with ``lambda = (SESSION_SD / PRIOR_SD)^2``,
solved by conjugate gradients without ever building ``X`` (a result's row touches every
player of its field, but ``X`` is a per-field centring of the pairs' means, which costs one
pass over the results). A player's uncertainty is ``1 / sqrt(precision)``, the diagonal
of ``X'WX / SESSION_SD^2 + 1 / PRIOR_SD^2``: his standard deviation were the others'
ratings known, so it shrinks with every session he plays (regular partners whose
ratings only their sum pins down are more uncertain than it says).

Sessions come oldest first; every session counts the same unless ``half_life`` (in
sessions) is given, when a result ``k`` sessions before the last weighs ``0.5 ** (k /
half_life)``. Player and field ids are any hashable values; nothing here sorts them.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from numbers import Real
from typing import Any, TypeVar

AVERAGE = 50.0  # the club's average player, and the prior every rating is pulled toward
PRIOR_SD = 6.0  # club players' long-run percentages spread about 40-60: a player's sd ~ 6
SESSION_SD = 8.0  # a pair's percentage varies by about 8 points night to night over 24 boards
REFERENCE_BOARDS = 24
_TOLERANCE = 1e-10  # conjugate gradients stop when the residual is this small, relatively

Player = Hashable
# A player as the caller names him, for the look-ups that take the caller's own ratings.
PlayerId = TypeVar("PlayerId", bound=Hashable)
# (players, percentage, field) or (players, percentage, field, boards); the items are checked
# when read (_checked_result), so callers may pass a database's rows as they come.
Result = tuple[Any, ...]


class RatingInputError(ValueError):
    """A session's result that cannot be rated; the message names the session and the pair."""


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating (percentage scale, 50 = the club's average), its sd, and his sessions."""

    rating: float
    uncertainty: float
    sessions: int


@dataclass
class _Season:
    """Every result as flat lists, rows of one field side by side (fields are row ranges)."""

    players: list[Player]
    members: list[tuple[int, ...]]
    targets: list[float]  # percentage - 50
    weights: list[float]  # 1 for a 24-board session of the last night, less for shorter or older
    fields: list[tuple[int, int]]
    sessions_played: list[int]


def rate_sessions(
    sessions: Sequence[Iterable[Result]], *, half_life: float | None = None
) -> dict[Player, float]:
    """Return each player's rating (higher is stronger; 50 is the club's average player)."""
    return {player: rated.rating for player, rated in rate_players(sessions, half_life=half_life).items()}


def rate_players(
    sessions: Sequence[Iterable[Result]], *, half_life: float | None = None
) -> dict[Player, PlayerRating]:
    """Return each player's rating, its uncertainty and the number of sessions it rests on."""
    season = _read_season(sessions, half_life)
    deviations = _fit(season)
    precisions = _precisions(season)
    return {
        player: PlayerRating(AVERAGE + deviations[index], 1 / math.sqrt(precisions[index]), played)
        for index, (player, played) in enumerate(zip(season.players, season.sessions_played, strict=True))
    }


def pair_strength(players: Iterable[PlayerId], ratings: Mapping[PlayerId, float]) -> float:
    """Return a pair's strength: the mean of its players' ratings (an unrated player counts 50)."""
    values = [ratings.get(player, AVERAGE) for player in players]
    return sum(values) / len(values) if values else AVERAGE


def field_strength(pairs: Iterable[Iterable[PlayerId]], ratings: Mapping[PlayerId, float]) -> float:
    """Return a field's strength: the mean strength of its pairs (50 for an empty field)."""
    strengths = [pair_strength(players, ratings) for players in pairs]
    return sum(strengths) / len(strengths) if strengths else AVERAGE


def expected_percentages(
    pairs: Sequence[Iterable[PlayerId]], ratings: Mapping[PlayerId, float]
) -> list[float]:
    """Return each pair's expected percentage in this field, in the pairs' order (within 0-100)."""
    strengths = [pair_strength(players, ratings) for players in pairs]
    edges = _field_edges(strengths)
    return [min(100.0, max(0.0, AVERAGE + edge)) for edge in edges]


def _field_edges(strengths: Sequence[float]) -> list[float]:
    """Each pair's strength less the mean of the others' in its field (0 alone in the field)."""
    count = len(strengths)
    if count < 2:
        return [0.0] * count
    total = sum(strengths)
    return [(count * strength - total) / (count - 1) for strength in strengths]


# --- Reading the input ------------------------------------------------------------------------


def _read_season(sessions: Sequence[Iterable[Result]], half_life: float | None) -> _Season:
    if half_life is not None and not (_is_number(half_life) and half_life > 0):
        raise RatingInputError(f"half_life must be a positive number of sessions, not {half_life!r}")
    season = _Season([], [], [], [], [], [])
    index_of: dict[Player, int] = {}
    last = len(sessions) - 1
    for number, session in enumerate(sessions, start=1):
        fading = 1.0 if half_life is None else 0.5 ** ((last - (number - 1)) / half_life)
        by_field: dict[Hashable, list[tuple[tuple[int, ...], float, float]]] = {}
        seen: set[int] = set()
        for place, result in enumerate(session, start=1):
            players, percentage, field, boards = _checked_result(result, number, place)
            members = tuple(index_of.setdefault(player, len(index_of)) for player in players)
            seen.update(members)
            weight = fading * boards / REFERENCE_BOARDS
            by_field.setdefault(field, []).append((members, percentage - AVERAGE, weight))
        for rows in by_field.values():
            start = len(season.members)
            for members, target, weight in rows:
                season.members.append(members)
                season.targets.append(target)
                season.weights.append(weight)
            season.fields.append((start, len(season.members)))
        season.sessions_played.extend([0] * (len(index_of) - len(season.sessions_played)))
        for member in seen:
            season.sessions_played[member] += 1
    season.players = list(index_of)
    return season


def _checked_result(
    result: object, session: int, place: int
) -> tuple[tuple[Player, ...], float, Hashable, float]:
    where = f"session {session}, pair {place}"
    if isinstance(result, str | bytes) or not isinstance(result, Sequence) or len(result) not in (3, 4):
        raise RatingInputError(f"{where}: expected (players, percentage, field[, boards]), got {result!r}")
    players, percentage, field = result[0], result[1], result[2]
    boards = result[3] if len(result) == 4 else REFERENCE_BOARDS
    if isinstance(players, str | bytes) or not isinstance(players, Iterable):
        raise RatingInputError(f"{where}: players must be a tuple of player ids, got {players!r}")
    players = tuple(players)
    if not players:
        raise RatingInputError(f"{where}: a pair needs at least one player")
    for player in players:
        _check_hashable(player, f"{where}: player id")
    _check_hashable(field, f"{where}: field")
    if not _is_number(percentage) or not 0 <= percentage <= 100:
        raise RatingInputError(f"{where}: percentage must be a number from 0 to 100, got {percentage!r}")
    if not _is_number(boards) or boards <= 0:
        raise RatingInputError(f"{where}: boards must be a positive number, got {boards!r}")
    return players, float(percentage), field, float(boards)


def _is_number(value: object) -> bool:
    """A finite real number: an int, float, Fraction or Decimal (a database's percentage), not a bool."""
    if isinstance(value, Decimal):
        return value.is_finite()  # math.isfinite refuses a signalling NaN with an error
    return isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value)


def _check_hashable(value: object, what: str) -> None:
    try:
        hash(value)
    except TypeError:
        raise RatingInputError(f"{what} must be hashable, got {value!r}") from None


# --- The fit ----------------------------------------------------------------------------------


def _predict(season: _Season, deviations: Sequence[float]) -> list[float]:
    """``X r``: each result's expected percentage less 50, for ratings ``50 + deviations``."""
    strengths = [sum(deviations[member] for member in members) / len(members) for members in season.members]
    predicted = [0.0] * len(strengths)
    for start, end in season.fields:
        predicted[start:end] = _field_edges(strengths[start:end])
    return predicted


def _spread_back(season: _Season, values: Sequence[float]) -> list[float]:
    """``X' v``: a value per result, handed back to the players it depends on."""
    spread = [0.0] * len(season.players)
    for start, end in season.fields:
        # The per-field centring is symmetric, so X' is the same centring then the pairs' means.
        for members, edge in zip(season.members[start:end], _field_edges(values[start:end]), strict=True):
            share = edge / len(members)
            for member in members:
                spread[member] += share
    return spread


def _normal_product(season: _Season, deviations: Sequence[float], ridge: float) -> list[float]:
    """``(X'WX + ridge I) r``."""
    weighted = [w * p for w, p in zip(season.weights, _predict(season, deviations), strict=True)]
    return [s + ridge * d for s, d in zip(_spread_back(season, weighted), deviations, strict=True)]


def _fit(season: _Season) -> list[float]:
    """Solve the ridge normal equations by conjugate gradients (their matrix is positive definite)."""
    ridge = (SESSION_SD / PRIOR_SD) ** 2
    right = _spread_back(season, [w * t for w, t in zip(season.weights, season.targets, strict=True)])
    solution = [0.0] * len(right)
    residual = list(right)
    direction = list(residual)
    size = _dot(residual, residual)
    goal = _TOLERANCE**2 * size
    for _ in range(max(1, len(right))):
        if size <= goal or size == 0:
            break
        product = _normal_product(season, direction, ridge)
        step = size / _dot(direction, product)
        solution = [x + step * d for x, d in zip(solution, direction, strict=True)]
        residual = [r - step * p for r, p in zip(residual, product, strict=True)]
        previous, size = size, _dot(residual, residual)
        direction = [r + (size / previous) * d for r, d in zip(residual, direction, strict=True)]
    return solution


def _dot(left: Sequence[float], right: Sequence[float]) -> float:
    return math.fsum(a * b for a, b in zip(left, right, strict=True))


def _precisions(season: _Season) -> list[float]:
    """The diagonal of ``X'WX / SESSION_SD^2 + 1 / PRIOR_SD^2``: each player's information."""
    information = [0.0] * len(season.players)
    for start, end in season.fields:
        count = end - start
        if count < 2:
            continue
        shares: dict[int, dict[int, float]] = {}  # player -> row -> his share of the pair's mean
        for row in range(start, end):
            members = season.members[row]
            for member in members:
                rows = shares.setdefault(member, {})
                rows[row] = rows.get(row, 0.0) + 1 / len(members)
        field_weight = sum(season.weights[start:end])
        for member, rows in shares.items():
            total = sum(rows.values())
            elsewhere = (total / (count - 1)) ** 2  # his slope in the rows of pairs he is not in
            own_weight = sum(season.weights[row] for row in rows)
            information[member] += (field_weight - own_weight) * elsewhere + sum(
                season.weights[row] * ((count * share - total) / (count - 1)) ** 2
                for row, share in rows.items()
            )
    return [value / SESSION_SD**2 + 1 / PRIOR_SD**2 for value in information]
