"""Gather a teams event for its USEBIO file: teams ranked by VPs, every match with both tables.

The figures are the site's own: the ranking (``selectors.teams``) gives each team's VPs
and place, the round scorecards (``selectors.teams_scorecard``) each match's IMPs and VPs
after the director's penalties and each board's IMPs once both tables have it. A bye is
a match with no away team and the bye's VPs.
"""

from __future__ import annotations

from django.utils.text import slugify

from tournaments.bridge.formats.usebio.teams_writing import (
    SWISS_TEAMS,
    TEAMS,
    TeamsBoard,
    TeamsLine,
    UsebioMatch,
    UsebioTeam,
    UsebioTeamsEvent,
    write_teams_usebio,
)
from tournaments.bridge.formats.usebio.values import UsebioPlayer
from tournaments.exchange.selectors.usebio import program_version_text
from tournaments.night.models import Result
from tournaments.teams.models import TeamMatch, TeamsEvent, TeamsForm, TeamsScoring
from tournaments.teams.selectors.events import event_rounds, event_teams, teams_event_ranking
from tournaments.teams.selectors.scorecard import Scorecard, round_scorecards


def _line(result: Result, room: int, ns_team: int, ew_team: int) -> TeamsLine:
    if result.ns_adjustment:
        return TeamsLine(room, ns_team, ew_team, adjusted=f"{result.ns_adjustment}/{result.ew_adjustment}")
    if result.assigned is not None:
        return TeamsLine(room, ns_team, ew_team, adjusted=f"assigned {result.display}")
    return TeamsLine(room, ns_team, ew_team, result.contract, result.declarer, result.tricks, result.ns_score)


def _match(round_number: int, card: Scorecard) -> UsebioMatch:
    match = card.match
    if match.away is None:
        raise ValueError(f"Round {round_number}, table {match.table} is a bye: it has no scorecard.")
    home, away = match.home.number, match.away.number
    boards = []
    for board in card.boards:
        lines = tuple(
            _line(result, room, *((home, away) if room == 0 else (away, home)))
            for room, result in enumerate(board.results)
            if result is not None
        )
        boards.append(TeamsBoard(board.number, lines, board.figures.home))
    totals, figures = card.figures.totals, card.figures
    return UsebioMatch(
        round_number, match.table, home, away, totals.home_imps, totals.away_imps,
        figures.home_vp, figures.away_vp, tuple(boards),
    )  # fmt: skip


def _byes(event: TeamsEvent) -> list[TeamMatch]:
    return list(
        TeamMatch.objects.filter(round__event=event, round__published=True, away=None).select_related(
            "home", "round"
        )
    )


def teams_event_usebio(event: TeamsEvent) -> UsebioTeamsEvent:
    """Return the event's teams, ranking and published matches as USEBIO values."""
    # Each row's team is the Team itself; a model instance hashes and compares by its primary key.
    ranking = {row.team: row for row in teams_event_ranking(event)}
    teams = []
    for team in event_teams(event):
        row = ranking[team]
        players = tuple(UsebioPlayer(m.player.name, m.player.federation_number) for m in team.members.all())
        teams.append(UsebioTeam(team.number, team.name, players, row.vp, row.place))
    teams.sort(key=lambda team: (team.place, team.number))
    matches = []
    for teams_round in event_rounds(event):
        if teams_round.published:
            matches += [_match(teams_round.number, card) for card in round_scorecards(teams_round)]
    for bye in _byes(event):
        matches.append(UsebioMatch(bye.round.number, bye.table, bye.home.number, None, home_vp=bye.home_vp))
    matches.sort(key=lambda match: (match.round, match.table))
    return UsebioTeamsEvent(
        club=event.club.name,
        description=event.name,
        date=event.date,
        event_type=SWISS_TEAMS if event.form == TeamsForm.SWISS else TEAMS,
        boards_per_match=event.boards_per_match,
        match_scoring="BOARD_A_MATCH" if event.scoring == TeamsScoring.BOARD_A_MATCH else "VPS",
        teams=tuple(teams),
        matches=tuple(matches),
        program_version=program_version_text(),
    )


def teams_event_usebio_bytes(event: TeamsEvent) -> bytes:
    return write_teams_usebio(teams_event_usebio(event))


def teams_event_usebio_filename(event: TeamsEvent) -> str:
    return f"{event.club.slug}-{event.date:%Y-%m-%d}-{slugify(event.name) or 'teams'}.xml"
