"""A teams round at the tables: its session of two tables a match, and the matches' scores from it.

Publishing a round (``services.teams.teams_round_publish``) seats it: a session with the
teams movement (``bridge.teams_tables``: match k at tables 2k-1 and 2k, every table on
boards 1..boards), the pairs of each team (its first two players, then the next two)
and the boards, in play at once. From then on the results are ordinary results on the
session's boards: table entry, correction, deletion, adjusted scores and the audit log
are the pairs' own, and the session scores the pairs by Butler. Every settle of such a
session (``services.scoring.settle``) rescores its matches (``team_matches_rescore``):
a board's IMPs count once both tables have it, and the VPs follow the IMPs so far.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.bridge.teams.tables import match_pairs
from tournaments.core.services.writes import write
from tournaments.night.models import Movement, Pair, Result, ScoringMethod, Session, SessionState
from tournaments.night.services.boards import boards_ensure
from tournaments.night.services.sessions import session_create
from tournaments.teams.models import TeamMatch, TeamMember, TeamsRound
from tournaments.teams.selectors.scorecard import match_boards, match_figures, session_match_boards


def round_session_name(teams_round: TeamsRound) -> str:
    return f"{teams_round.event.name}, round {teams_round.number}"


@write()
def teams_round_seat(*, teams_round: TeamsRound) -> Session:
    """Make the session where a round is played: its two tables a match, its pairs and boards, in play."""
    event = teams_round.event
    matches = list(teams_round.matches.exclude(away=None).select_related("home", "away").order_by("table"))
    if not matches:
        raise ValidationError(
            {"draw": _("Round %(round)d has no match to play.") % {"round": teams_round.number}}
        )
    session = session_create(
        club=event.club,
        date=event.date,
        name=round_session_name(teams_round),
        movement=Movement.TEAMS,
        scoring=ScoringMethod.BUTLER,
    )
    session.movement_tables = 2 * len(matches)
    session.movement_rounds = 1
    session.boards_per_round = event.boards_per_match
    session.even_tables = ""
    session.state = SessionState.PLAY
    session.full_clean()
    session.save()
    _seat_pairs(session, matches)
    boards_ensure(session=session, count=event.boards_per_match)
    TeamsRound.objects.filter(pk=teams_round.pk).update(session=session)
    teams_round.session = session
    return session


def _lineups(matches: list[TeamMatch]) -> dict[int, list]:
    """Return each team's two pairs of players for the round: its first two players, then the next two."""
    teams = {match.home_id for match in matches} | {match.away_team.pk for match in matches}
    players: dict[int, list] = {team: [] for team in teams}
    for member in TeamMember.objects.filter(team_id__in=teams).select_related("player").order_by("id"):
        players[member.team_id].append(member.player)
    return {team: [members[0:2], members[2:4]] for team, members in players.items()}


def _seat_pairs(session: Session, matches: list[TeamMatch]) -> None:
    lineups = _lineups(matches)
    pairs = []
    for match in matches:
        numbers = match_pairs(match.table)
        home, away = lineups[match.home_id], lineups[match.away_team.pk]
        for number, (player1, player2) in (
            (numbers.home_ns, home[0]),
            (numbers.away_ew, away[0]),
            (numbers.away_ns, away[1]),
            (numbers.home_ew, home[1]),
        ):
            pairs.append(Pair(session=session, number=number, direction="", player1=player1, player2=player2))
    Pair.objects.bulk_create(pairs)


def team_matches_rescore(session: Session) -> None:
    """Work out again the IMPs and VPs of every match of a teams round's session, from its results.

    Called by every settle of a teams session, inside its transaction, so the matches
    never disagree with the results. Two queries and one update a match that moved.
    """
    teams_round = TeamsRound.objects.filter(session=session).select_related("event").first()
    if teams_round is None:
        return
    event = teams_round.event
    boards = event.boards_per_match
    by_match = session_match_boards(session, boards)
    for match in teams_round.matches.exclude(away=None):
        figures = match_figures(
            match, match_boards(match, by_match, boards), scoring=event.scoring, boards_per_match=boards
        )
        complete = figures.totals.boards_complete
        row = (
            figures.totals.home_imps if complete else None,
            figures.totals.away_imps if complete else None,
            figures.home_vp,
            figures.away_vp,
        )
        if row != (match.home_imps, match.away_imps, match.home_vp, match.away_vp):
            TeamMatch.objects.filter(pk=match.pk).update(
                home_imps=row[0], away_imps=row[1], home_vp=row[2], away_vp=row[3]
            )


def teams_round_boards_missing(teams_round: TeamsRound) -> int:
    """Return how many results the round's tables have still to enter.

    0 for a round without a session, or whose tables entered nothing: its matches were
    scored by hand from the scorecards (``services.teams.team_match_score``).
    """
    session = teams_round.session
    if session is None or session.movement_tables is None:
        return 0
    entered = Result.objects.filter(board__session=session).count()
    expected = session.movement_tables * (session.boards_per_round or 0)
    return max(expected - entered, 0) if entered else 0


@write()
def team_lineup_set(*, teams_round: TeamsRound, team_number: int, pairs: Sequence[Sequence[str]]) -> None:
    """Seat a team's two pairs for a published round (a team of 5 or 6 rests players in turn).

    ``pairs`` is two pairs of the team's players' names: the first plays at the match's
    first table (NS for the home team, EW for the away team), the second at its second
    table. Refused once either pair has a result in the round: correct those first.
    """
    session = teams_round.session
    if session is None:
        raise ValidationError(
            {
                "lineup": _("Round %(round)d is not published yet: publish it first.")
                % {"round": teams_round.number}
            }
        )
    match = (
        teams_round.matches.exclude(away=None)
        .filter(Q(home__number=team_number) | Q(away__number=team_number))
        .select_related("home", "away")
        .first()
    )
    if match is None:
        raise ValidationError(
            {
                "lineup": _("Team %(team)d plays no match in round %(round)d.")
                % {"team": team_number, "round": teams_round.number}
            }
        )
    team = match.home if match.home.number == team_number else match.away_team
    numbers = match_pairs(match.table)
    # The team's first pair plays at the match's first table, its second pair at the second.
    seats = numbers.home if team == match.home else (numbers.away_ew, numbers.away_ns)
    names = [name for pair in pairs for name in pair]
    if len(pairs) != 2 or any(len(pair) != 2 for pair in pairs):
        raise ValidationError(
            {"lineup": _("Team %(team)d: give two pairs of two players.") % {"team": team_number}}
        )
    members = {
        member.player.name.casefold(): member.player for member in team.members.select_related("player")
    }
    unknown = [name for name in names if name.strip().casefold() not in members]
    if unknown:
        raise ValidationError(
            {
                "lineup": _("%(player)s does not play for %(team)s.")
                % {"player": unknown[0], "team": team.name}
            }
        )
    players = [members[name.strip().casefold()] for name in names]
    if len({player.pk for player in players}) != 4:
        raise ValidationError(
            {
                "lineup": _("Team %(team)d: four different players sit in its two pairs.")
                % {"team": team_number}
            }
        )
    seated = {pair.number: pair for pair in session.pairs.filter(number__in=seats)}
    played = Result.objects.filter(Q(ns_pair__in=seated.values()) | Q(ew_pair__in=seated.values()))
    if played.exists():
        raise ValidationError(
            {
                "lineup": _("%(team)s has results in round %(round)d: its pairs stay.")
                % {"team": team.name, "round": teams_round.number}
            }
        )
    for number, (first, second) in zip(seats, (players[0:2], players[2:4]), strict=True):
        Pair.objects.filter(pk=seated[number].pk).update(player1=first, player2=second)


@write()
def teams_round_lineups_set(
    *, teams_round: TeamsRound, lineups: Sequence[tuple[int, Sequence[Sequence[str]]]]
) -> None:
    """Seat several teams' pairs at once: all of them, or none when one is refused."""
    for team_number, pairs in lineups:
        team_lineup_set(teams_round=teams_round, team_number=team_number, pairs=pairs)
