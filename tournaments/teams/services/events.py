"""Teams events: create one and its teams, draw its rounds, score its matches.

The rules are ``tournaments.bridge.teams.scoring``'s; these services keep the rows in step with
them. A Swiss round is drawn from the scores of the rounds before it, stays adjustable
(``teams_round_adjust``) and may be drawn again until the director publishes it. Team
numbers are the seeding: equal scores are drawn in team-number order.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.bridge.teams.scoring import match_victory_points, round_robin, swiss_pairings
from tournaments.core.models import Club
from tournaments.core.services.writes import locked_row, row_write, write
from tournaments.night.models import Session, SessionState
from tournaments.night.services.movement import session_finish, session_reopen
from tournaments.night.services.sessions import player_find_or_create
from tournaments.night.services.table_entry import table_accesses_ensure
from tournaments.teams import hooks
from tournaments.teams.models import (
    TEAM_MAX_PLAYERS,
    TEAM_MIN_PLAYERS,
    Team,
    TeamMatch,
    TeamMember,
    TeamsEvent,
    TeamsEventAction,
    TeamsEventChange,
    TeamsForm,
    TeamsRound,
    TeamsScoring,
    TieBreak,
)
from tournaments.teams.selectors.finish import teams_event_progress
from tournaments.teams.services.tables import teams_round_boards_missing, teams_round_seat

Draw = Sequence[tuple[int, int | None]]


def teams_event_create(
    *,
    club: Club,
    date: datetime.date,
    name: str,
    form: str = TeamsForm.SWISS,
    rounds: int = 1,
    boards_per_match: int,
    scoring: str = TeamsScoring.WBF_VP,
    tie_break: str = TieBreak.HEAD_TO_HEAD,
    bye_vp: float = 12.0,
) -> TeamsEvent:
    """Create an empty teams event; one match plays one round, a round robin as many as it needs."""
    if form == TeamsForm.MATCH:
        rounds = 1
    event = TeamsEvent(
        club=club,
        date=date,
        name=name.strip(),
        form=form,
        rounds=rounds,
        boards_per_match=boards_per_match,
        scoring=scoring,
        tie_break=tie_break,
        bye_vp=bye_vp,
    )
    event.full_clean()
    event.save()
    return event


@write()
def team_add(*, event: TeamsEvent, name: str, player_names: Iterable[str], number: int | None = None) -> Team:
    """Enter a team of 4 to 6 players, found by name among the club's own like the pairs' players,
    under the next number."""
    _check_preparation(event)
    names = [" ".join(player.split()) for player in player_names if player and player.strip()]
    if not TEAM_MIN_PLAYERS <= len(names) <= TEAM_MAX_PLAYERS:
        raise ValidationError(
            {
                "players": _("A team has %(least)d to %(most)d players, not %(count)d.")
                % {"least": TEAM_MIN_PLAYERS, "most": TEAM_MAX_PLAYERS, "count": len(names)}
            }
        )
    if len({player.casefold() for player in names}) != len(names):
        raise ValidationError({"players": _("A team lists a player twice.")})
    players = [player_find_or_create(club=event.club, name=player) for player in names]
    clash = TeamMember.objects.filter(team__event=event, player__in=players).select_related("player", "team")
    member = clash.first()
    if member is not None:
        raise ValidationError(
            {
                "players": _("%(player)s already plays for %(team)s.")
                % {"player": member.player.name, "team": member.team.name}
            }
        )
    if number is None:
        number = (event.teams.aggregate(top=Max("number"))["top"] or 0) + 1
    team = Team(event=event, number=number, name=" ".join(name.split()))
    team.full_clean()
    team.save()
    TeamMember.objects.bulk_create(TeamMember(team=team, player=player) for player in players)
    return team


@write()
def swiss_round_draw(*, event: TeamsEvent) -> TeamsRound:
    """Draw the event's next Swiss round (or draw the unpublished one again) from the scores so far."""
    event = locked_row(event)
    _check_not_finished(event)
    if event.form != TeamsForm.SWISS:
        raise ValidationError({"form": _("Only a Swiss event's rounds are drawn one at a time.")})
    TeamsRound.objects.filter(event=event, published=False).delete()
    played_rounds = list(event.rounds_drawn.order_by("number"))
    if len(played_rounds) >= event.rounds:
        raise ValidationError(
            {
                "rounds": _("All %(rounds)d rounds of %(event)s are drawn.")
                % {"rounds": event.rounds, "event": event.name}
            }
        )
    unscored = TeamMatch.objects.filter(round__event=event, home_vp__isnull=True)
    if unscored.exists():
        raise ValidationError({"rounds": _("Score every match of the rounds before drawing the next.")})
    for teams_round in played_rounds:
        missing = teams_round_boards_missing(teams_round)
        if missing:
            raise ValidationError(
                {
                    "rounds": _("Round %(round)d still has %(missing)d results to enter at its tables.")
                    % {"round": teams_round.number, "missing": missing}
                }
            )
    teams = list(event.teams.order_by("number"))
    if len(teams) < 2:
        raise ValidationError({"teams": _("A Swiss needs at least two teams.")})
    scores, played, byes = _history(event)
    by_number = {team.number: team for team in teams}
    draw = swiss_pairings([team.number for team in teams], scores, played, byes)
    teams_round = TeamsRound.objects.create(event=event, number=len(played_rounds) + 1)
    _create_matches(teams_round, draw, by_number)
    if event.state == SessionState.PREPARATION:
        TeamsEvent.objects.filter(pk=event.pk).update(state=SessionState.PLAY)
    return teams_round


@write()
def round_robin_draw(*, event: TeamsEvent) -> list[TeamsRound]:
    """Draw every round of a round robin (or the one match) by the Berger tables of the teams' numbers."""
    event = locked_row(event)
    _check_not_finished(event)
    if event.form == TeamsForm.SWISS:
        raise ValidationError({"form": _("A Swiss is drawn a round at a time.")})
    if event.rounds_drawn.exists():
        raise ValidationError({"rounds": _("%(event)s is drawn already.") % {"event": event.name}})
    teams = list(event.teams.order_by("number"))
    if event.form == TeamsForm.MATCH and len(teams) != 2:
        raise ValidationError(
            {"teams": _("One match is between two teams, not %(count)d.") % {"count": len(teams)}}
        )
    if len(teams) < 2:
        raise ValidationError({"teams": _("A round robin needs at least two teams.")})
    by_number = {team.number: team for team in teams}
    tables = round_robin([team.number for team in teams])
    rounds = []
    for number, draw in enumerate(tables, start=1):
        teams_round = TeamsRound.objects.create(event=event, number=number)
        _create_matches(teams_round, draw, by_number)
        rounds.append(teams_round)
    TeamsEvent.objects.filter(pk=event.pk).update(rounds=len(tables), state=SessionState.PLAY)
    return rounds


@write()
def teams_round_adjust(*, teams_round: TeamsRound, draw: Draw) -> TeamsRound:
    """Replace an unpublished round's matches by the director's: (home, away or None) by team number."""
    teams_round = locked_row(teams_round)
    if teams_round.published:
        raise ValidationError(
            {"draw": _("Round %(round)d is published: its draw is final.") % {"round": teams_round.number}}
        )
    by_number = {team.number: team for team in teams_round.event.teams.all()}
    if any(home is None for home, _ in draw):
        raise ValidationError({"draw": _("A match has a home team; a bye is (team, None).")})
    seated = [number for match in draw for number in match if number is not None]
    if sorted(seated) != sorted(by_number):
        raise ValidationError({"draw": _("Every team of the event plays exactly once in the round.")})
    if sum(away is None for _, away in draw) != len(by_number) % 2:
        raise ValidationError({"draw": _("Only an odd number of teams has a bye, and then one.")})
    teams_round.matches.all().delete()
    _create_matches(teams_round, draw, by_number)
    return teams_round


@write()
def teams_round_publish(*, teams_round: TeamsRound) -> TeamsRound:
    """Publish a round's draw: the teams see it, it can no longer change, and its tables can play.

    Publishing seats the round in its own session (``services.teams_tables``), whose
    tables enter their results at their links as a pairs session's do; the links are
    made at once.
    """
    teams_round = locked_row(teams_round, TeamsRound.objects.select_related("event__club"))
    if teams_round.published:
        return teams_round
    _check_not_finished(teams_round.event)
    TeamsRound.objects.filter(pk=teams_round.pk).update(published=True)
    teams_round.published = True
    if teams_round.session_id is None and teams_round.matches.exclude(away=None).exists():
        session = teams_round_seat(teams_round=teams_round)
        # The tables' links now, not when the cards are printed: the phones of the round
        # before lead each pair to its next table (issue 28).
        table_accesses_ensure(session)
    return teams_round


@write()
def team_match_score(
    *,
    match: TeamMatch,
    home_imps: float,
    away_imps: float,
    home_imp_penalty: float = 0,
    away_imp_penalty: float = 0,
    home_vp_penalty: float = 0,
    away_vp_penalty: float = 0,
) -> TeamMatch:
    """Store a match's IMPs and penalties and its VPs on the event's scale (WBF 20-VP)."""
    match = locked_row(match, TeamMatch.objects.select_related("round__event"))
    event = match.round.event
    if match.is_bye:
        raise ValidationError({"match": _("A bye has no IMPs: it scores the event's bye VPs.")})
    if event.scoring != TeamsScoring.WBF_VP:
        raise ValidationError({"scoring": _("Board-a-match events are scored from their boards, not IMPs.")})
    penalties = (home_imp_penalty, away_imp_penalty, home_vp_penalty, away_vp_penalty)
    if any(penalty < 0 for penalty in penalties):
        raise ValidationError({"penalty": _("A penalty is given as a positive number to take off.")})
    match.home_vp, match.away_vp = match_victory_points(
        home_imps,
        away_imps,
        event.boards_per_match,
        home_imp_penalty=home_imp_penalty,
        away_imp_penalty=away_imp_penalty,
        home_vp_penalty=home_vp_penalty,
        away_vp_penalty=away_vp_penalty,
    )
    match.home_imps, match.away_imps = home_imps, away_imps
    match.home_imp_penalty, match.away_imp_penalty = home_imp_penalty, away_imp_penalty
    match.home_vp_penalty, match.away_vp_penalty = home_vp_penalty, away_vp_penalty
    match.full_clean()
    match.save()
    hooks.event_scores_changed(event)
    return match


def teams_event_finish(*, event: TeamsEvent, user: User | None = None, anyway: bool = False) -> TeamsEvent:
    """Finish the event and its rounds' sessions: every hand and match is public, the tables' links close.

    Refused while a match is not played out or a round is not drawn, unless the director
    finishes ``anyway`` (issue 28: one click finished an evening with 1 of 24 results in);
    the audit says who finished it, when, and what was missing. Each round's session is
    finished by ``session_finish``, which settles any entry whose settle was lost first,
    so the matches and the ranking published count every result.
    """
    with row_write(event) as event:
        if event.state == SessionState.FINISHED:
            raise ValidationError({"state": _("%(event)s has finished already.") % {"event": event.name}})
        if event.rounds_drawn.filter(published=False).exists():
            raise ValidationError(
                {"state": _("Publish or draw again the round being drawn before finishing.")}
            )
        progress = teams_event_progress(event)
        if not progress.complete and not anyway:
            message = _("%(event)s is not over: %(missing)s. Tick “finish anyway” to finish it now.")
            raise ValidationError({"state": message % {"event": event.name, "missing": progress.shortfall()}})
        for session in Session.objects.filter(teams_round__event=event, state=SessionState.PLAY):
            session_finish(session=session)
        TeamsEvent.objects.filter(pk=event.pk).update(state=SessionState.FINISHED)
        note = f"{progress.results} of {progress.expected} results in"
        if not progress.complete:
            note = f"finished anyway: {progress.shortfall()}"
        _event_audit(event, TeamsEventAction.FINISH, user, note)
        event.state = SessionState.FINISHED
        hooks.event_finished(event)  # its master points (federation)
    return event


@write()
def teams_event_reopen(*, event: TeamsEvent, user: User | None = None) -> TeamsEvent:
    """Reopen an event finished by mistake: back in play, its rounds' tables' links work again (audited).

    Every finished round's session is reopened (``session_reopen``, in each session's own
    audit log too), so any table can enter what it had still to enter; the director may
    draw the next round. The event's audit says who reopened it and when.
    """
    event = locked_row(event)
    if event.state != SessionState.FINISHED:
        raise ValidationError(
            {
                "state": _("Only a finished event can be reopened; %(event)s is in play.")
                % {"event": event.name}
            }
        )
    for session in Session.objects.filter(teams_round__event=event, state=SessionState.FINISHED):
        session_reopen(session=session, user=user)
    TeamsEvent.objects.filter(pk=event.pk).update(state=SessionState.PLAY)
    _event_audit(event, TeamsEventAction.REOPEN, user, "back in play")
    event.state = SessionState.PLAY
    hooks.event_reopened(event)
    return event


def _event_audit(event: TeamsEvent, action: str, user: User | None, note: str) -> None:
    TeamsEventChange.objects.create(
        event=event,
        action=action,
        user=user if user is not None and user.is_authenticated else None,
        note=note[:300],
    )


def _check_not_finished(event: TeamsEvent) -> None:
    """A finished event's rounds are published and its links closed: a new round would play unseen."""
    if event.state == SessionState.FINISHED:
        raise ValidationError(
            {
                "state": _("%(event)s has finished: reopen it to draw or publish a round.")
                % {"event": event.name}
            }
        )


def _check_preparation(event: TeamsEvent) -> None:
    if event.state != SessionState.PREPARATION or event.rounds_drawn.exists():
        raise ValidationError(
            {"teams": _("%(event)s is drawn: its teams can no longer change.") % {"event": event.name}}
        )


def _history(event: TeamsEvent) -> tuple[dict[int, float], set[frozenset[int]], set[int]]:
    """Return each team's VPs so far, the pairs of teams that have met and the teams that had a bye."""
    scores: dict[int, float] = {}
    played: set[frozenset[int]] = set()
    byes: set[int] = set()
    matches = TeamMatch.objects.filter(round__event=event).values_list(
        "home__number", "away__number", "home_vp", "away_vp"
    )
    for home, away, home_vp, away_vp in matches:
        scores[home] = scores.get(home, 0.0) + (home_vp or 0.0)
        if away is None:
            byes.add(home)
            continue
        scores[away] = scores.get(away, 0.0) + (away_vp or 0.0)
        played.add(frozenset((home, away)))
    return scores, played, byes


def _create_matches(teams_round: TeamsRound, draw: Draw, by_number: dict[int, Team]) -> None:
    """Write a round's matches, a bye scoring the event's bye VPs at once.

    The bye comes last, so the matches are numbered 1..n and match k plays at tables
    2k-1 and 2k (``bridge.teams_tables``).
    """
    bye_vp = teams_round.event.bye_vp
    draw = sorted(draw, key=lambda match: match[1] is None)
    TeamMatch.objects.bulk_create(
        TeamMatch(
            round=teams_round,
            table=table,
            home=by_number[home],
            away=None if away is None else by_number[away],
            home_vp=bye_vp if away is None else None,
        )
        for table, (home, away) in enumerate(draw, start=1)
    )
