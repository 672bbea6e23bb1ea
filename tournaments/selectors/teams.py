"""Read a teams event: its ranking by VPs with the event's tie-break, and a round's draw.

The ranking is worked out by the rules package (``bridge.teams_ranking``) from the scored
matches, read in one query; unscored matches count for nothing yet, a bye's VPs count
as soon as it is drawn.
"""

from __future__ import annotations

from tournaments.bridge.teams_ranking import MatchScore, TeamRank, rank_teams
from tournaments.models import Team, TeamMatch, TeamsEvent, TeamsRound


def teams_event_ranking(event: TeamsEvent) -> list[TeamRank]:
    """Return the event's ranking, best first; each row's ``team`` is the ``Team`` (two queries)."""
    teams = {team.pk: team for team in Team.objects.filter(event=event).order_by("number")}
    rows = TeamMatch.objects.filter(round__event=event, home_vp__isnull=False).values_list(
        "home_id", "away_id", "home_vp", "away_vp", "home_imps", "away_imps"
    )
    matches = [
        MatchScore(home, away, home_vp, away_vp or 0.0, home_imps or 0.0, away_imps or 0.0)
        for home, away, home_vp, away_vp, home_imps, away_imps in rows
    ]
    ranking = rank_teams(list(teams), matches, event.tie_break)
    return [row._replace(team=teams[row.team]) for row in ranking]


def teams_round_matches(teams_round: TeamsRound) -> list[TeamMatch]:
    """Return a round's matches in table order with both teams (one query)."""
    return list(teams_round.matches.select_related("home", "away").order_by("table"))
