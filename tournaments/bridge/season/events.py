"""An event over several sessions (a two-session championship): the same pairs, scores carried.

Unlike a competition (``competition.py``: a season, per player, partners changing), an
event ranks *pairs*: a pair of session 2 is the pair of session 1 with the same two
players, whatever its number or direction that night. Two ways to carry the scores, the
director's choice, as EBUScore, ScoreBridge and ACBLscore offer them:

- ``TOTAL_MATCHPOINTS``: the sum of the pair's matchpoints in each session. Every board
  weighs the same within a session, and a session weighs its top times its boards: a
  session of more tables (a bigger top) or more boards counts for more.
- ``MEAN_PERCENTAGE``: the mean of the pair's session percentages; each session counts the
  same, whatever its top or number of boards.

A pair that has not played every session counted is not ranked: it is listed after the
ranked pairs with the sessions it played ("missed session 2"), since a total over fewer
sessions is not comparable (a pair that played only its good night would win on the mean).

Fields: a Mitchell night ranks its North-South and East-West pairs apart (two winners).
When every pair keeps one field through the event (the same direction each night of a
two-winner Mitchell), the event ranks each field apart too; as soon as one pair changes
field (it sat NS, then EW; or a night is a Howell or an arrow-switched Mitchell, one
field) the event is one field, all its pairs in one ranking: the percentages of the two
fields are on the same scale (each averages 50%) and so are their matchpoints.

Ties in the carried total (to a millionth, so sums of floats that differ only in their
last bits are equal) are broken by the later sessions: the better score in the last
session, then in the one before, and so on (the final night decides, as in a
carry-forward final); pairs still equal share the place, printed ``2=``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

TOTAL_MATCHPOINTS = "matchpoints"
MEAN_PERCENTAGE = "percentage"
METHODS = (TOTAL_MATCHPOINTS, MEAN_PERCENTAGE)


class EventInputError(ValueError):
    """Results an event cannot be ranked from; the message names the session and the pair."""


@dataclass(frozen=True)
class PairResult:
    """One pair's result in one session: its players (the pair's identity), percentage, matchpoints."""

    players: frozenset[Hashable]
    percentage: float
    matchpoints: float
    field: Hashable = ""


@dataclass(frozen=True)
class EventLine:
    """A pair's line in the event: its score in each session (None where it did not play)."""

    players: frozenset[Hashable]
    scores: tuple[float | None, ...]
    total: float
    rank: int | None = None
    tied: bool = False
    field: Hashable = ""

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    @property
    def missed(self) -> tuple[int, ...]:
        """The sessions (numbered from 1) the pair did not play."""
        return tuple(number for number, score in enumerate(self.scores, start=1) if score is None)


def event_ranking(sessions: Sequence[Sequence[PairResult]], method: str) -> list[EventLine]:
    """Return the event's lines after ``sessions`` (oldest first): ranked pairs best first, the rest after."""
    if method not in METHODS:
        raise EventInputError(f"the scores are carried as {' or '.join(METHODS)}, not {method!r}")
    scores = _scores_by_pair(sessions, method)
    fields = _fields(sessions)
    ranking: list[EventLine] = []
    for field in dict.fromkeys(fields.values()):  # the fields in the order they first appear
        lines = [
            _line(players, played, method, field)
            for players, played in scores.items()
            if fields[players] == field
        ]
        complete = sorted((line for line in lines if not line.missed), key=_order)
        partial = sorted(
            (line for line in lines if line.missed), key=lambda line: (len(line.missed), _order(line))
        )
        ranking += _ranked(complete) + partial
    return ranking


def _fields(sessions: Sequence[Sequence[PairResult]]) -> dict[frozenset[Hashable], Hashable]:
    """Each pair's field: its own while every pair keeps one field throughout, else one field for all."""
    fields: dict[frozenset[Hashable], set[Hashable]] = {}
    for results in sessions:
        for result in results:
            fields.setdefault(result.players, set()).add(result.field)
    if any(len(kept) > 1 for kept in fields.values()):
        return dict.fromkeys(fields, "")
    return {players: next(iter(kept)) for players, kept in fields.items()}


def _scores_by_pair(
    sessions: Sequence[Sequence[PairResult]], method: str
) -> dict[frozenset[Hashable], list[float | None]]:
    """Each pair's score in each session, None where it did not play; a player in two pairs refused."""
    scores: dict[frozenset[Hashable], list[float | None]] = {}
    for number, results in enumerate(sessions, start=1):
        seen: dict[Hashable, frozenset[Hashable]] = {}
        for result in results:
            if not result.players:
                raise EventInputError(f"session {number}: a pair without players")
            for player in result.players:
                if player in seen:
                    raise EventInputError(f"session {number}: player {player!r} sits in two pairs")
                seen[player] = result.players
            row = scores.setdefault(result.players, [None] * len(sessions))
            row[number - 1] = result.matchpoints if method == TOTAL_MATCHPOINTS else result.percentage
    return scores


def _line(
    players: frozenset[Hashable], scores: list[float | None], method: str, field: Hashable
) -> EventLine:
    played = [score for score in scores if score is not None]
    total = sum(played) / len(played) if method == MEAN_PERCENTAGE else sum(played)
    return EventLine(players, tuple(scores), total, field=field)


def _order(line: EventLine) -> tuple[float, ...]:
    """Best first: the total, then the last session's score, then the one before (a missed one last)."""
    later = tuple(-_key(score) for score in reversed(line.scores))
    return (-_key(line.total), *later)


def _key(score: float | None) -> float:
    return float("-inf") if score is None else round(score, 6)


def _ranked(lines: list[EventLine]) -> list[EventLine]:
    """Give places in order; a pair equal to the one above on total and every session shares its place."""
    ranks: list[int] = []
    for index, line in enumerate(lines):
        equal = index > 0 and _order(lines[index - 1]) == _order(line)
        ranks.append(ranks[-1] if equal else index + 1)
    shared = {rank: ranks.count(rank) > 1 for rank in ranks}
    return [
        EventLine(line.players, line.scores, line.total, rank, shared[rank], line.field)
        for line, rank in zip(lines, ranks, strict=True)
    ]
