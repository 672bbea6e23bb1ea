"""Refit the ratings near the players whose results changed, leaving everyone else's as they are.

A finished night changes the equations of its own players only (``rating_arrays``: a
player's equation sums the fields he played), so after it only they are out of balance.
The ratings that move are theirs, their partners' and opponents', and so on outward,
less at each step (every rating is held toward 50 by the prior). Each player's rating is
stored with its *residual*, what his equation is still out by (``b - A r``); every
refit leaves every residual within ``RESIDUAL``, which is what a full refit promises too.

A refit solves for the changed players (the seeds) with everyone else held, reading the
history of the players it solves for and nobody else's. Each solved rating that moved
moves the residual of everyone who shares a field with him, by an amount worked out from
the fields just read; a neighbour whose stored residual plus that amount is now past
``RESIDUAL`` joins the players solved for (his history is read) and it goes round again,
until nobody around them is out of balance. The players solved for are stored with their
exact residuals, the ones around them with their residuals moved; the rest never moved.
So a refit costs its neighbourhood's history (a club's players and their visitors), not
the site's.

The results come from a ``Source``: the database's counted sessions and stored ratings
(``season.services.rating_refit``), or a dictionary in memory (the tests, a replay).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt

from tournaments.bridge.season.rating import AVERAGE
from tournaments.bridge.season.rating_arrays import (
    RESIDUAL,
    Equations,
    Floats,
    Results,
    results_from_columns,
    sessions_played,
    solve,
    uncertainties,
)

# (session, field, first player, second player (= first alone), percentage, boards) a row.
Row = tuple[int, int, int, int, float, float]
# A player's stored rating (50 = average) and the residual of his equation.
Stored = tuple[float, float]


class Source(Protocol):
    """Where the counted results and the stored ratings are read from, a few at a time."""

    def sessions_of(self, players: Collection[int]) -> dict[int, set[int]]:
        """The counted sessions each of ``players`` has a result in."""
        ...

    def rows_of(self, sessions: Collection[int]) -> list[Row]:
        """Every result of ``sessions``."""
        ...

    def stored_of(self, players: Collection[int]) -> dict[int, Stored]:
        """The stored rating and residual of those of ``players`` who have one."""
        ...


@dataclass
class LocalRefit:
    """What a refit found: the ratings solved for, the residuals moved, the seeds' figures."""

    ratings: dict[int, Stored] = field(default_factory=dict)  # every player solved for
    residuals: dict[int, Stored] = field(default_factory=dict)  # the players around them, rating unmoved
    uncertainty: dict[int, float] = field(default_factory=dict)  # the seeds with results
    sessions: dict[int, int] = field(default_factory=dict)  # the seeds (0: no result left)
    rows_read: int = 0
    rounds: int = 0


@dataclass
class _Reader:
    """The sessions, rows and stored ratings read so far, so each round reads only what is new."""

    source: Source
    read_players: set[int] = field(default_factory=set)
    read_sessions: set[int] = field(default_factory=set)
    chunks: list[list[npt.NDArray[np.float64]]] = field(default_factory=list)
    stored: dict[int, Stored] = field(default_factory=dict)

    def read(self, players: Collection[int]) -> None:
        """Read the history of ``players`` (the sessions not read yet) and everyone's stored rating in it."""
        new_players = [player for player in players if player not in self.read_players]
        self.read_players.update(new_players)
        found = self.source.sessions_of(new_players) if new_players else {}
        sessions = set().union(*found.values()) - self.read_sessions if found else set()
        if not sessions:
            return
        self.read_sessions |= sessions
        rows = self.source.rows_of(sessions)
        if rows:
            self.chunks.append([np.asarray(column, dtype=np.float64) for column in zip(*rows, strict=True)])
        named = {player for row in rows for player in (row[2], row[3])} - self.stored.keys()
        got = self.source.stored_of(named)
        self.stored.update((player, got.get(player, (AVERAGE, 0.0))) for player in named)

    def results(self) -> Results:
        if not self.chunks:
            return results_from_columns(*[np.zeros(0)] * 6)
        return results_from_columns(*[np.concatenate(parts) for parts in zip(*self.chunks, strict=True)])


def refit_near(source: Source, seeds: Collection[int], *, tolerance: float = RESIDUAL) -> LocalRefit:
    """Refit around ``seeds``, the players whose results changed (added, corrected or removed)."""
    refit = LocalRefit()
    reader = _Reader(source)
    near = set(seeds)
    reader.read(near)
    solved: dict[int, float] = {}
    while True:
        refit.rounds += 1
        results = reader.results()
        players = [int(player) for player in results.players]
        index = {player: position for position, player in enumerate(players)}
        before = np.array([reader.stored[player][0] - AVERAGE for player in players])
        start = np.array([solved.get(player, before[index[player]]) for player in players])
        free = np.zeros(len(players), dtype=bool)
        free[[index[player] for player in near if player in index]] = True
        equations = Equations(results)
        deviations = solve(equations, start, free=free, tolerance=tolerance / 2)
        solved.update((players[i], float(deviations[i])) for i in np.flatnonzero(free))
        # Everyone else's residual moves by what the solved ratings moved: -A (after - before).
        moved = -equations.product(np.where(free, deviations - before, 0.0))
        around = {
            player: (reader.stored[player][0], reader.stored[player][1] + float(moved[index[player]]))
            for player in players
            if player not in near
        }
        out = [player for player, (_, residual) in around.items() if abs(residual) > tolerance]
        if not out:
            _finish(refit, results, equations, deviations, free, around, seeds)
            return refit
        near.update(out)
        reader.read(out)


def _finish(
    refit: LocalRefit,
    results: Results,
    equations: Equations,
    deviations: Floats,
    free: np.ndarray,
    around: dict[int, Stored],
    seeds: Collection[int],
) -> None:
    players = [int(player) for player in results.players]
    residual = equations.residual(deviations)
    refit.rows_read = len(results.first)
    refit.ratings = {
        players[i]: (AVERAGE + float(deviations[i]), float(residual[i])) for i in np.flatnonzero(free)
    }
    refit.residuals = around
    index = {player: position for position, player in enumerate(players)}
    played = sessions_played(results)
    spread = uncertainties(results)
    for seed in seeds:
        position = index.get(seed)
        refit.sessions[seed] = 0 if position is None else int(played[position])
        if position is not None:
            refit.uncertainty[seed] = float(spread[position])


class MemorySource:
    """Counted sessions and stored ratings held in memory (the tests, a replay of a history)."""

    def __init__(self) -> None:
        self.rows: dict[int, list[Row]] = {}
        self.stored: dict[int, Stored] = {}
        self._by_player: dict[int, set[int]] = {}

    def add(self, session: int, rows: list[Row]) -> None:
        self.remove(session)
        self.rows[session] = list(rows)
        for row in rows:
            for player in (row[2], row[3]):
                self._by_player.setdefault(player, set()).add(session)

    def remove(self, session: int) -> None:
        for row in self.rows.pop(session, []):
            for player in (row[2], row[3]):
                self._by_player.get(player, set()).discard(session)

    def store(self, refit: LocalRefit) -> None:
        """Keep what a refit found, as the site stores it."""
        self.stored.update(refit.residuals)
        self.stored.update(refit.ratings)
        for player, count in refit.sessions.items():
            if count == 0:
                self.stored.pop(player, None)

    def sessions_of(self, players: Collection[int]) -> dict[int, set[int]]:
        return {player: set(self._by_player.get(player, ())) for player in players}

    def rows_of(self, sessions: Collection[int]) -> list[Row]:
        return [row for session in sessions for row in self.rows.get(session, [])]

    def stored_of(self, players: Collection[int]) -> dict[int, Stored]:
        return {player: self.stored[player] for player in players if player in self.stored}
