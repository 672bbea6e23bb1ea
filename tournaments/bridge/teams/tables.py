"""A teams round at the tables: each match two tables on the same boards, as a movement.

A round of ``matches`` matches is laid out like a one-round Howell whose every table
plays the same board set (``Movement.shares``): match k sits at tables 2k-1 and 2k, and
table t seats pair 2t-1 North-South and pair 2t East-West. The home team's first pair
sits NS at the match's first table, the away team's first pair EW there; at the second
table the away team's second pair sits NS and the home team's second pair EW
(``match_pairs``). Every table of the round plays boards 1..boards, so the boards are
dealt once and duplicated, and a board's results across the room also give each pair a
Butler score.

A board's IMPs for the home team are ``board_imps(ns at table 1, ns at table 2)``; a
table's entry may also be an assigned score (weighted over its parts, Law 12C1c) or an
artificial one (Law 12C2 at IMPs: +3, 0, -3, ``artificial_imps``), see ``board_figures``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from tournaments.bridge.adjusted import Assigned
from tournaments.bridge.imps import imps
from tournaments.bridge.movements import Encounter, Movement, whole_in_range

# An artificial adjusted score at a table: (NS's adjustment, EW's adjustment), "A+", "A", "A-".
Artificial = tuple[str, str]
TableEntry = int | Assigned | Artificial | None

_ARTIFICIAL = {"A+": 3, "A": 0, "A-": -3}


class MatchPairs(NamedTuple):
    """The movement's pair numbers of one match: who sits where at its two tables."""

    home_ns: int
    away_ew: int
    away_ns: int
    home_ew: int

    @property
    def home(self) -> tuple[int, int]:
        return (self.home_ns, self.home_ew)

    @property
    def away(self) -> tuple[int, int]:
        return (self.away_ns, self.away_ew)


def teams_movement(matches: int, boards: int) -> Movement:
    """Return the movement of a teams round: ``matches`` matches of ``boards`` boards, one round."""
    whole_in_range("matches", matches, 1)
    whole_in_range("boards", boards, 1)
    tables = 2 * matches
    numbers = tuple(range(1, boards + 1))
    encounters = tuple(Encounter(1, t, 2 * t - 1, 2 * t, 1, numbers) for t in range(1, tables + 1))
    return Movement(
        kind="teams",
        tables=tables,
        rounds=1,
        boards_per_round=boards,
        encounters=encounters,
        shares=True,
        board_sets=1,
    )


def match_tables(match: int) -> tuple[int, int]:
    """Return the two tables of match ``match`` (1-based): 2k-1 and 2k."""
    return (2 * match - 1, 2 * match)


def match_of_table(table: int) -> int:
    """Return the match played at ``table``."""
    return (table + 1) // 2


def match_pairs(match: int) -> MatchPairs:
    """Return match ``match``'s pair numbers: home NS and away EW at its first table, then the reverse."""
    first, second = match_tables(match)
    return MatchPairs(home_ns=2 * first - 1, away_ew=2 * first, away_ns=2 * second - 1, home_ew=2 * second)


@dataclass(frozen=True)
class BoardImps:
    """A board of a match: the home team's and the away team's IMPs on it, None until both tables have it."""

    home: float | None
    away: float | None

    @property
    def complete(self) -> bool:
        return self.home is not None


def _weighted(entry: int | Assigned) -> tuple[tuple[float, int], ...]:
    if isinstance(entry, Assigned):
        return tuple((float(weight), score) for weight, score in entry.parts)
    return ((1.0, entry),)


def board_figures(table_1: TableEntry, table_2: TableEntry) -> BoardImps:
    """Return the home and away IMPs on a board from the entries of the match's two tables.

    Two scores: the IMPs of table 1's NS score minus table 2's, to the home team when
    positive. An assigned score weighs the IMPs of each of its parts (Law 12C1c). An
    artificial score at a table gives each team its own figure from that table (the home
    team sits NS at table 1 and EW at table 2), the other table's score set aside: the
    board could not be compared. A board missing at either table has no IMPs yet.
    """
    if table_1 is None or table_2 is None:
        return BoardImps(None, None)
    if isinstance(table_1, tuple) or isinstance(table_2, tuple):
        return _artificial_figures(table_1, table_2)
    net = sum(
        weight_1 * weight_2 * imps(score_1 - score_2)
        for weight_1, score_1 in _weighted(table_1)
        for weight_2, score_2 in _weighted(table_2)
    )
    net = round(net, 2)
    return BoardImps(max(net, 0.0), max(-net, 0.0))


def _artificial_figures(
    table_1: int | Assigned | Artificial, table_2: int | Assigned | Artificial
) -> BoardImps:
    """Each team's own figure from the artificial scores; the other table's score is set aside."""
    home = away = 0
    for index, entry in enumerate((table_1, table_2)):
        if isinstance(entry, tuple):
            ns, ew = entry
            home_side, away_side = (ns, ew) if index == 0 else (ew, ns)
            home += _ARTIFICIAL[home_side]
            away += _ARTIFICIAL[away_side]
    if home == -away:
        return BoardImps(float(max(home, 0)), float(max(away, 0)))
    return BoardImps(float(home), float(away))


class MatchTotals(NamedTuple):
    home_imps: float
    away_imps: float
    boards_complete: int


def match_totals(boards: Iterable[BoardImps]) -> MatchTotals:
    """Return the home and away IMPs over a match's complete boards, and how many boards are complete."""
    home = away = 0.0
    complete = 0
    for board in boards:
        if board.home is not None and board.away is not None:  # complete
            home += board.home
            away += board.away
            complete += 1
    return MatchTotals(round(home, 2), round(away, 2), complete)
