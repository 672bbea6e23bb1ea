"""A competition across sessions (a season's Tuesdays, a ladder, a club championship), per player.

Partners change over a season, so a competition ranks players, not pairs: each player
takes his pair's result in every session of the competition he played. Three ways to
score it, as club scorers offer them (BridgeWebs rankings, Pianola competitions,
EBUScore series):

- ``PERCENTAGES``: the mean of a player's best ``best_of`` session percentages (all of
  them when ``best_of`` is None); a player with fewer sessions than ``best_of`` counts
  all he has.
- ``MATCHPOINTS``: the sum of the matchpoints of his best ``best_of`` sessions (all by
  default): cumulative matchpoints, which favour the regular.
- ``POINTS``: position points by the director's scale, ``scale[0]`` for first in a field,
  ``scale[1]`` for second, nothing past the scale's end; pairs tied for a place share
  the points of the places they span equally (two pairs tied for 2nd with a scale
  10, 8, 6 get 7 each), so a tie never creates or loses points. Summed over the best
  ``best_of`` sessions.
- ``MASTER_POINTS``: the master points each session awarded the player's pair (the
  federation's ledger: nothing for a place below the awards), summed over his best
  ``best_of`` sessions: a championship won by master points, as an ACBL or ABF club's
  "masterpoint race" is.

A player ranks only once he has played ``minimum`` sessions; the others are listed
after, unranked ("not yet qualified"). Equal totals share a place. Dropped sessions are
the lowest scores (the later session dropped first between two equal scores, so a
player's table does not change when an old result is equalled).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

PERCENTAGES = "percentages"
MATCHPOINTS = "matchpoints"
POINTS = "points"
MASTER_POINTS = "masterpoints"
METHODS = (PERCENTAGES, MATCHPOINTS, POINTS, MASTER_POINTS)


class CompetitionInputError(ValueError):
    """Rules or results a competition cannot be scored from; the message names which."""


@dataclass(frozen=True)
class Rules:
    """How a competition is scored: the method, the sessions counted, the qualification, the scale."""

    method: str = PERCENTAGES
    best_of: int | None = None
    minimum: int = 1
    scale: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise CompetitionInputError(f"method must be one of {', '.join(METHODS)}, not {self.method!r}")
        if self.best_of is not None and self.best_of < 1:
            raise CompetitionInputError(f"best_of must be at least 1 session, not {self.best_of}")
        if self.minimum < 0:
            raise CompetitionInputError(f"minimum must be 0 or more sessions, not {self.minimum}")
        if self.method == POINTS and not self.scale:
            raise CompetitionInputError("position points need a scale: the points for 1st, 2nd, ...")
        if any(points < 0 for points in self.scale):
            raise CompetitionInputError(f"the scale's points cannot be negative: {list(self.scale)}")


@dataclass(frozen=True)
class Entry:
    """One pair's result in one session: its players, percentage, matchpoints, place and field."""

    players: tuple[Hashable, ...]
    percentage: float
    matchpoints: float
    rank: int
    field: Hashable = ""
    master_points: float = 0.0  # what the session awarded the pair (each of its players)


@dataclass(frozen=True)
class SessionScore:
    """What one session gives a player in the competition (a percentage, matchpoints or points)."""

    session: Hashable
    score: float


@dataclass(frozen=True)
class PlayerLine:
    """A player's line in the competition's table; ``rank`` is None until he qualifies."""

    player: Hashable
    rank: int | None
    tied: bool
    total: float
    counted: tuple[SessionScore, ...]
    dropped: tuple[SessionScore, ...]

    @property
    def played(self) -> int:
        return len(self.counted) + len(self.dropped)

    @property
    def qualified(self) -> bool:
        return self.rank is not None


def competition_table(sessions: Sequence[tuple[Hashable, Iterable[Entry]]], rules: Rules) -> list[PlayerLine]:
    """Return the competition's table: qualified players best first, then the others by total."""
    scores = _scores_by_player(sessions, rules)
    lines = [_line(player, played, rules) for player, played in scores.items()]
    qualified = sorted((line for line in lines if line.played >= rules.minimum), key=_order)
    waiting = sorted((line for line in lines if line.played < rules.minimum), key=_order)
    return _ranked(qualified) + waiting


def position_points(rank: int, tied_with: int, scale: Sequence[float]) -> float:
    """Return a place's points: the mean of the scale over the ``tied_with`` places from ``rank``."""
    places = range(rank - 1, rank - 1 + tied_with)
    return sum(scale[place] if place < len(scale) else 0.0 for place in places) / tied_with


def _scores_by_player(
    sessions: Sequence[tuple[Hashable, Iterable[Entry]]], rules: Rules
) -> dict[Hashable, list[tuple[int, SessionScore]]]:
    scores: dict[Hashable, list[tuple[int, SessionScore]]] = {}
    for order, (session, entries) in enumerate(sessions):
        entries = list(entries)
        shared = _places_shared(entries)
        for entry in entries:
            score = _session_score(entry, shared[(entry.field, entry.rank)], rules)
            for player in entry.players:
                played = scores.setdefault(player, [])
                if played and played[-1][0] == order:
                    raise CompetitionInputError(f"player {player!r} sits in two pairs of session {session!r}")
                played.append((order, SessionScore(session, score)))
    return scores


def _places_shared(entries: Sequence[Entry]) -> dict[tuple[Hashable, int], int]:
    """How many pairs of each field hold each place (more than one when tied)."""
    shared: dict[tuple[Hashable, int], int] = {}
    for entry in entries:
        if entry.rank < 1:
            raise CompetitionInputError(f"a place is 1 or more, not {entry.rank} (pair {entry.players})")
        key = (entry.field, entry.rank)
        shared[key] = shared.get(key, 0) + 1
    return shared


def _session_score(entry: Entry, tied_with: int, rules: Rules) -> float:
    if rules.method == PERCENTAGES:
        return float(entry.percentage)
    if rules.method == MATCHPOINTS:
        return float(entry.matchpoints)
    if rules.method == MASTER_POINTS:
        return float(entry.master_points)
    return position_points(entry.rank, tied_with, rules.scale)


def _line(player: Hashable, played: list[tuple[int, SessionScore]], rules: Rules) -> PlayerLine:
    # Best first; between equal scores the earlier session is kept, the later one dropped.
    best_first = sorted(played, key=lambda item: (-item[1].score, item[0]))
    keep = len(best_first) if rules.best_of is None else rules.best_of
    counted = sorted(best_first[:keep], key=lambda item: item[0])
    dropped = sorted(best_first[keep:], key=lambda item: item[0])
    values = [score.score for _, score in counted]
    total = sum(values) / len(values) if rules.method == PERCENTAGES and values else sum(values)
    return PlayerLine(
        player=player,
        rank=None,
        tied=False,
        total=total,
        counted=tuple(score for _, score in counted),
        dropped=tuple(score for _, score in dropped),
    )


def _order(line: PlayerLine) -> tuple[float, int]:
    return (-line.total, -line.played)


def _ranked(lines: list[PlayerLine]) -> list[PlayerLine]:
    """Give places in order; equal totals (to a millionth) share the first of their places."""
    ranks: list[int] = []
    for index, line in enumerate(lines):
        if ranks and round(lines[index - 1].total, 6) == round(line.total, 6):
            ranks.append(ranks[-1])
        else:
            ranks.append(index + 1)
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    return [_with_rank(line, rank, counts[rank] > 1) for line, rank in zip(lines, ranks, strict=True)]


def _with_rank(line: PlayerLine, rank: int | None, tied: bool = False) -> PlayerLine:
    return PlayerLine(line.player, rank, tied, line.total, line.counted, line.dropped)
