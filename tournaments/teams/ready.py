"""What teams adds to the rooms below it: matches follow their boards, teams tables see their match."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db.models import OuterRef
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section
from tournaments.core.selectors.club_players import Tie, player_ties
from tournaments.night import hooks as night
from tournaments.night.models import Movement, Result, Session
from tournaments.teams.models import TeamMember, TeamsRound
from tournaments.teams.selectors.board import teams_board_rows
from tournaments.teams.selectors.events import teams_events_directed, teams_events_recent
from tournaments.teams.selectors.phones import (
    teams_round_over,
    teams_state_json,
    teams_table,
    teams_traveller,
)
from tournaments.teams.services.tables import team_matches_rescore


def matches_follow_their_boards(session: Session) -> None:
    """After a teams round's settle, rescore its matches from the results (one query)."""
    if session.movement == Movement.TEAMS:
        team_matches_rescore(session)


def phone_state(session: Session, table: int, state: dict[str, Any], over: bool) -> None:
    """A teams table's match, and once its round is over what comes next, not "the night is over"."""
    here = teams_table(session, table)
    if here is None:
        return
    state["teams"] = teams_state_json(here)
    if over and state["moves"] is not None:
        state["moves"].update(teams_round_over(here))


def phone_traveller(session: Session, table: int, number: int, mine: Result) -> dict[str, Any] | None:
    """A teams table's traveller: the board at its match's two tables, with the swing."""
    here = teams_table(session, table)
    return None if here is None else teams_traveller(here, number, mine)


def director_board_results(session: Session, results: list[Result]) -> Section | None:
    """A teams round's board: each table's result in its match and the swing, not the room's matchpoints."""
    rows = teams_board_rows(session, results)
    return Section("tournaments/teams/_board_results.html", {"teams_rows": rows}) if rows else None


def round_session_held(session: Session) -> str:
    """A teams round's session belongs to its event: it is not deleted on its own."""
    teams_round = TeamsRound.objects.filter(session=session).select_related("event").first()
    if teams_round is None:
        return ""
    return _(
        "The session is round %(round)d of the teams event %(event)s: it belongs to the event"
        " and is not deleted on its own."
    ) % {"round": teams_round.number, "event": teams_round.event.name}


def club_events(club: Club) -> Section | None:
    events = teams_events_recent(club=club)
    return (
        Section("tournaments/teams/_club_events.html", {"teams_events": events}, order=30) if events else None
    )


def director_actions() -> list[Link]:
    return [Link(_("Create a teams event"), reverse("director:teams_new"), css="button", order=40)]


def director_events(user: User) -> Section | None:
    events = list(teams_events_directed(user))
    return (
        Section("tournaments/teams/_director_events.html", {"teams_events": events}, order=10)
        if events
        else None
    )


def teams_tie_players() -> list[Tie]:
    """A player in one of a club's teams events."""
    return [Tie(TeamMember.objects.filter(player=OuterRef("pk")), "team__event__club")]


def ready() -> None:
    player_ties.register(teams_tie_players)
    night.session_settled.register(matches_follow_their_boards)
    night.table_state.register(phone_state)
    night.table_traveller.register(phone_traveller)
    night.director_board_results.register(director_board_results)
    night.session_held.register(round_session_held)
    sections.club_page.register(club_events)
    sections.director_actions.register(director_actions)
    sections.director_home.register(director_events)
