"""The ranking of a teams event: victory points, then the tie-break the event names.

``rank_teams(teams, matches, tie_break)`` ranks by total VPs (a bye's VPs count, as
``MatchScore`` with no away team). Teams level on VPs are split by:

- ``"head_to_head"``: the VPs they scored in the matches among themselves (two teams: their
  match; three or more: their mini-league), then the IMP quotient;
- ``"imp_quotient"``: the IMP quotient alone: IMPs scored / IMPs conceded over all the
  team's matches (a team that conceded none and scored some is above every quotient).

Teams still level share the place (``tied``). Totals are compared rounded to hundredths,
the VPs' own precision, so a sum's last float bit decides nothing.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from typing import Generic, NamedTuple, TypeVar

from tournaments.bridge.teams.scoring import TeamsError

TIE_BREAKS = ("head_to_head", "imp_quotient")

# A team as the caller names it (a number, a name, a model): the ranking hands back what it was given.
TeamId = TypeVar("TeamId", bound=Hashable)


class MatchScore(NamedTuple, Generic[TeamId]):
    """A scored match (or a bye: ``away`` None, ``home_vp`` the bye's VPs, no IMPs)."""

    home: TeamId
    away: TeamId | None
    home_vp: float
    away_vp: float = 0.0
    home_imps: float = 0.0
    away_imps: float = 0.0


class TeamRank(NamedTuple, Generic[TeamId]):
    place: int
    tied: bool
    team: TeamId
    vp: float
    imps_for: float
    imps_against: float

    @property
    def imp_quotient(self) -> float:
        """IMPs scored / IMPs conceded; infinite when none were conceded and some scored."""
        if self.imps_against:
            return self.imps_for / self.imps_against
        return math.inf if self.imps_for else 1.0


def rank_teams(
    teams: Iterable[TeamId], matches: Iterable[MatchScore[TeamId]], tie_break: str = "head_to_head"
) -> list[TeamRank[TeamId]]:
    """Return the teams best first, with their places; equal teams share a place (``tied``)."""
    if tie_break not in TIE_BREAKS:
        raise TeamsError(f"tie_break must be one of {', '.join(TIE_BREAKS)}, not {tie_break!r}")
    listed = list(matches)
    rows = _totals(teams, listed)
    by_vp: dict[float, list[TeamRank[TeamId]]] = defaultdict(list)
    for row in rows:
        by_vp[round(row.vp, 2)].append(row)
    ranked: list[TeamRank[TeamId]] = []
    for vp in sorted(by_vp, reverse=True):
        ranked += _break_ties(by_vp[vp], listed, tie_break, first_place=len(ranked) + 1)
    return ranked


def _totals(teams: Iterable[TeamId], matches: Sequence[MatchScore[TeamId]]) -> list[TeamRank[TeamId]]:
    vp: dict[TeamId, float] = dict.fromkeys(teams, 0.0)
    imps_for = dict.fromkeys(vp, 0.0)
    imps_against = dict.fromkeys(vp, 0.0)
    for match in matches:
        sides = [(match.home, match.home_vp, match.home_imps, match.away_imps)]
        if match.away is not None:
            sides.append((match.away, match.away_vp, match.away_imps, match.home_imps))
        for team, team_vp, scored, conceded in sides:
            if team in vp:
                vp[team] += team_vp
                imps_for[team] += scored
                imps_against[team] += conceded
    return [TeamRank(0, False, team, vp[team], imps_for[team], imps_against[team]) for team in vp]


def _break_ties(
    level: list[TeamRank[TeamId]], matches: Sequence[MatchScore[TeamId]], tie_break: str, first_place: int
) -> list[TeamRank[TeamId]]:
    """Order teams level on VPs by the tie-break and give them their places."""
    group = {row.team for row in level}
    head_to_head = _mini_league(group, matches) if tie_break == "head_to_head" else {}

    def key(row: TeamRank[TeamId]) -> tuple[float, float]:
        return (round(head_to_head.get(row.team, 0.0), 2), row.imp_quotient)

    ordered = sorted(level, key=key, reverse=True)
    placed: list[TeamRank[TeamId]] = []
    for index, row in enumerate(ordered):
        shares_above = index > 0 and key(ordered[index - 1]) == key(row)
        shares_below = index + 1 < len(ordered) and key(ordered[index + 1]) == key(row)
        place = placed[-1].place if shares_above else first_place + index
        placed.append(row._replace(place=place, tied=shares_above or shares_below))
    return placed


def _mini_league(group: set[TeamId], matches: Sequence[MatchScore[TeamId]]) -> dict[TeamId, float]:
    """Return each team's VPs from the matches between teams of ``group`` only."""
    scored: dict[TeamId, float] = dict.fromkeys(group, 0.0)
    for match in matches:
        if match.home in group and match.away is not None and match.away in group:
            scored[match.home] += match.home_vp
            scored[match.away] += match.away_vp
    return scored
