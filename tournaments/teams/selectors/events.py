"""Read a teams event: its ranking by VPs with the event's tie-break, and a round's draw.

The ranking is worked out by the rules package (``bridge.teams_ranking``) from the scored
matches, read in one query; unscored matches count for nothing yet, a bye's VPs count
as soon as it is drawn.
"""

from __future__ import annotations

from typing import NamedTuple

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from tournaments.bridge.teams.ranking import MatchScore, TeamRank, rank_teams
from tournaments.bridge.teams.tables import match_pairs
from tournaments.core.models import Club
from tournaments.core.selectors.access import clubs_directed, roles_refusal, user_directs
from tournaments.night.models import Standing
from tournaments.teams.models import Team, TeamMatch, TeamMember, TeamsEvent, TeamsRound


def teams_event_ranking(event: TeamsEvent) -> list[TeamRank[Team]]:
    """Return the event's ranking, best first; each row's ``team`` is the ``Team`` (two queries)."""
    teams = {team.pk: team for team in Team.objects.filter(event=event).order_by("number")}
    rows = TeamMatch.objects.filter(round__event=event, home_vp__isnull=False).values_list(
        "home_id", "away_id", "home_vp", "away_vp", "home_imps", "away_imps"
    )
    matches = [
        MatchScore(home, away, home_vp, away_vp or 0.0, home_imps or 0.0, away_imps or 0.0)
        for home, away, home_vp, away_vp, home_imps, away_imps in rows
        if home_vp is not None  # as the query: the scored matches
    ]
    ranking = rank_teams(list(teams), matches, event.tie_break)
    return [TeamRank(row.place, row.tied, teams[row.team], *row[3:]) for row in ranking]


def teams_round_matches(teams_round: TeamsRound) -> list[TeamMatch]:
    """Return a round's matches in table order with both teams (one query)."""
    return list(teams_round.matches.select_related("home", "away").order_by("table"))


def teams_events_directed(user: User) -> QuerySet[TeamsEvent]:
    """Return the teams events of the clubs this user directs, newest first."""
    return TeamsEvent.objects.filter(club__in=clubs_directed(user)).select_related("club")


def teams_event_for_director(user: User, event_id: int) -> TeamsEvent:
    """Return the event if this user directs its club; 404 when absent, 403 when not theirs."""
    event = get_object_or_404(TeamsEvent.objects.select_related("club"), pk=event_id)
    if not user_directs(user, event.club_id):
        raise PermissionDenied(roles_refusal())
    return event


def teams_event_get(event_id: int) -> TeamsEvent:
    return get_object_or_404(TeamsEvent.objects.select_related("club"), pk=event_id)


def teams_events_recent(club: Club | None = None) -> QuerySet[TeamsEvent]:
    events = TeamsEvent.objects.select_related("club")
    return events.filter(club=club) if club is not None else events[:20]


def event_teams(event: TeamsEvent) -> list[Team]:
    """Return the event's teams in number order with their players (two queries)."""
    return list(event.teams.prefetch_related("members__player").order_by("number"))


def event_rounds(event: TeamsEvent) -> list[TeamsRound]:
    """Return the event's rounds in order, with their sessions (one query)."""
    return list(event.rounds_drawn.select_related("session").order_by("number"))


def teams_round_get(event: TeamsEvent, number: int) -> TeamsRound:
    return get_object_or_404(
        TeamsRound.objects.select_related("session", "event__club"), event=event, number=number
    )


def next_round(event: TeamsEvent) -> TeamsRound | None:
    """Return the round the teams play now or next: the newest published round."""
    return event.rounds_drawn.filter(published=True).select_related("session").order_by("-number").first()


class ButlerRow(NamedTuple):
    place: int
    players: str
    team: Team | None
    boards: int
    imps: float

    @property
    def imps_per_board(self) -> float:
        return self.imps / self.boards if self.boards else 0.0


def teams_butler(event: TeamsEvent) -> list[ButlerRow]:
    """Return the Butler ranking of the pairs within teams: each pair's Butler IMPs over every round.

    Each round's session scores its pairs by Butler (``services.teams_tables``); a pair is
    the same two players whatever its number in a round, so its rounds add up. Ranked by
    IMPs a board, since a team of 5 or 6 rests its pairs in turn (three queries).
    """
    team_of = {
        member.player_id: member.team
        for member in TeamMember.objects.filter(team__event=event).select_related("team")
    }
    totals: dict[frozenset[int | None], list] = {}  # a pair of one player: {player, None}
    standings = Standing.objects.filter(session__teams_round__event=event).select_related(
        "pair__player1", "pair__player2"
    )
    for standing in standings:
        pair = standing.pair
        key = frozenset((pair.player1_id, pair.player2_id))
        row = totals.setdefault(key, [pair.public_names, team_of.get(pair.player1_id), 0, 0.0])
        row[2] += standing.boards_played
        row[3] += standing.imps or 0.0
    ordered = sorted(totals.values(), key=lambda row: (-(row[3] / row[2] if row[2] else 0.0), row[0]))
    return [ButlerRow(place, *row) for place, row in enumerate(ordered, start=1)]


def team_lineups(teams_round: TeamsRound) -> dict[int, list[tuple[str, str]]]:
    """Return each team's two pairs in a published round by team number: first table's, then second's."""
    session = teams_round.session
    if session is None:
        return {}
    pairs = {pair.number: pair for pair in session.pairs.select_related("player1", "player2")}
    lineups = {}
    for match in teams_round.matches.exclude(away=None).select_related("home", "away"):
        numbers = match_pairs(match.table)
        for team, seats in (
            (match.home, numbers.home),
            (match.away_team, (numbers.away_ew, numbers.away_ns)),
        ):
            seated = [pairs[n] for n in seats]
            lineups[team.number] = [
                (pair.player1.name, pair.player2.name if pair.player2 else "") for pair in seated
            ]
    return lineups
