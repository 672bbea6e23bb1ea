"""What teams adds to the rooms below it: a round's matches follow their boards, and its events are listed."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.urls import reverse

from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section
from tournaments.night import hooks as night
from tournaments.night.models import Movement, Session
from tournaments.teams.selectors.events import teams_events_directed, teams_events_recent
from tournaments.teams.services.tables import team_matches_rescore


def matches_follow_their_boards(session: Session) -> None:
    """After a teams round's settle, rescore its matches from the results (one query)."""
    if session.movement == Movement.TEAMS:
        team_matches_rescore(session)


def club_events(club: Club) -> Section | None:
    events = teams_events_recent(club=club)
    return (
        Section("tournaments/teams/_club_events.html", {"teams_events": events}, order=30) if events else None
    )


def director_actions() -> list[Link]:
    return [Link("Create a teams event", reverse("director:teams_new"), css="button", order=40)]


def director_events(user: AbstractBaseUser) -> Section | None:
    events = list(teams_events_directed(user))
    return (
        Section("tournaments/teams/_director_events.html", {"teams_events": events}, order=10)
        if events
        else None
    )


def ready() -> None:
    night.session_settled.register(matches_follow_their_boards)
    sections.club_page.register(club_events)
    sections.director_actions.register(director_actions)
    sections.director_home.register(director_events)
