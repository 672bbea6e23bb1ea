"""Individual standings: each player scores his partnership's matchpoints on every board.

An individual is matchpointed like a pairs night, board by board across every table that
played the board (``matchpoints.board_matchpoints`` on the North-South scores), and then
each player is credited with his side's figures: North and South the North-South
matchpoints and percentage, East and West the East-West ones. His session percentage is the
mean of his board percentages (SPEC decision 8, as for a pair), and places are shared on
equal percentages (``matchpoints.places``). A board with a table unscored (an adjusted
result the standings do not count) is scaled to the full board by Neuberg, as a pairs
night's short board is (``matchpoints.neuberg``). Who sat where comes from the movement, so a
score is keyed by where it was played: (round, table, board).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import NamedTuple

from tournaments.bridge.individual import IndividualMovement, MovementError, Seating
from tournaments.bridge.matchpoints import (
    BoardMatchpoints,
    Score,
    board_matchpoints,
    mean_percentage,
    neuberg,
    places,
)

__all__ = ["PlayerStanding", "individual_standings"]

Where = tuple[int, int, int]  # (round, table, board)


class PlayerStanding(NamedTuple):
    """One player's line of the standings; ``percentage`` None when he played no board."""

    player: int
    place: int
    tied: bool
    boards: int
    matchpoints: float
    top: float
    percentage: float | None


def _seatings_by_board(movement: IndividualMovement) -> dict[int, list[Seating]]:
    by_board: dict[int, list[Seating]] = defaultdict(list)
    for seating in movement.seatings:
        for board in seating.boards:
            by_board[board].append(seating)
    return by_board


def _check_keys(movement: IndividualMovement, ns_scores: Mapping[Where, Score]) -> None:
    played = {(s.round, s.table, b) for s in movement.seatings for b in s.boards}
    for where in ns_scores:
        if where not in played:
            round_, table, board = where
            raise MovementError(f"round {round_} table {table} does not play board {board}")


def individual_standings(
    movement: IndividualMovement, ns_scores: Mapping[Where, Score]
) -> list[PlayerStanding]:
    """Every player's standing, best first (then by player number), from North-South scores."""
    _check_keys(movement, ns_scores)
    mps: dict[int, float] = defaultdict(float)
    tops: dict[int, float] = defaultdict(float)
    pcts: dict[int, list[float | None]] = defaultdict(list)
    for board, seatings in sorted(_seatings_by_board(movement).items()):
        scores = [ns_scores.get((s.round, s.table, board)) for s in seatings]
        for seating, figures in zip(
            seatings, _scaled(board_matchpoints(scores), full=len(seatings)), strict=True
        ):
            if figures is None:
                continue
            top = figures.ns_mp + figures.ew_mp
            for player, mp, pct in (
                (seating.north, figures.ns_mp, figures.ns_pct),
                (seating.south, figures.ns_mp, figures.ns_pct),
                (seating.east, figures.ew_mp, figures.ew_pct),
                (seating.west, figures.ew_mp, figures.ew_pct),
            ):
                mps[player] += mp
                tops[player] += top
                pcts[player].append(pct)
    players = range(1, movement.players + 1)
    means = {p: mean_percentage(pcts[p]) for p in players}
    ranked = places([_or_last(means[p]) for p in players])
    lines = [
        PlayerStanding(p, place.rank, place.tied, len(pcts[p]), mps[p], tops[p], means[p])
        for p, place in zip(players, ranked, strict=True)
    ]
    return sorted(lines, key=lambda line: (line.place, line.player))


def _scaled(figures: list[BoardMatchpoints | None], *, full: int) -> list[BoardMatchpoints | None]:
    """A board's figures on the board of ``full`` results its seatings make (Neuberg).

    A table without a score (an adjusted result the standings do not count) leaves the board
    fewer real results, compared among fewer partnerships; scaled as a pairs night scales a
    short board, a player's board weighs what it would have on a full board."""
    results = sum(figure is not None for figure in figures)
    if results == full or full <= 1:
        return figures
    top = full - 1
    scaled: list[BoardMatchpoints | None] = []
    for figure in figures:
        if figure is None:
            scaled.append(None)
            continue
        ns_mp = neuberg(figure.ns_mp, results=results, full=full)
        ew_mp = top - ns_mp
        scaled.append(BoardMatchpoints(ns_mp, ew_mp, ns_mp * 100 / top, ew_mp * 100 / top))
    return scaled


def _or_last(percentage: float | None) -> float:
    """A player who played no board ranks below everyone (no percentage is negative)."""
    return -1.0 if percentage is None else percentage
