"""The evening in sum: a player's average in each role, and what the verdicts cost by kind.

An average is over his boards in that role (declaring: as declarer; defending: on lead or
the other defender; on lead; as dummy) and over all his boards (overall); a board with no
figure (an adjusted score) counts in none. A player who declared at 58% and 42% and
defended at 32% reads 50% declaring, 32% defending and 44% overall.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.bridge.analysis.roles import Role
from tournaments.bridge.analysis.verdicts import Kind, Verdict

ROLE_GROUPS: tuple[tuple[str, frozenset[Role]], ...] = (
    ("declaring", frozenset({Role.DECLARER})),
    ("defending", frozenset({Role.ON_LEAD, Role.DEFENDER})),
    ("on_lead", frozenset({Role.ON_LEAD})),
    ("dummy", frozenset({Role.DUMMY})),
)


@dataclass(frozen=True)
class RoleAverage:
    group: str  # declaring, defending, on_lead, dummy, overall
    boards: int
    average: float | None


def role_averages(boards: Iterable[tuple[Role | None, float | None]]) -> list[RoleAverage]:
    """Average each role group's figures (percentages, or IMPs), and all of them (``overall``)."""
    scored = [(role, figure) for role, figure in boards if figure is not None]
    averages = []
    for group, roles in (*ROLE_GROUPS, ("overall", None)):
        figures = [figure for role, figure in scored if roles is None or role in roles]
        averages.append(RoleAverage(group, len(figures), sum(figures) / len(figures) if figures else None))
    return averages


def costs_by_kind(verdicts: Iterable[Verdict]) -> dict[Kind, float]:
    """The points each kind of verdict cost (positive) or gained (negative), summed."""
    totals: dict[Kind, float] = {}
    for each in verdicts:
        if each.kind not in (Kind.NOTHING, Kind.UNKNOWN):
            totals[each.kind] = totals.get(each.kind, 0.0) + each.points
    return totals


def by_cost(boards: Sequence[tuple[int, Verdict]]) -> list[tuple[int, Verdict]]:
    """Boards (number, verdict) by what they cost, the dearest first; a board's number breaks ties."""
    return sorted(boards, key=lambda board: (-board[1].points, board[0]))
