"""What teams does at the night's moments: a round's matches follow their boards."""

from __future__ import annotations

from tournaments.night import hooks as night
from tournaments.night.models import Movement, Session
from tournaments.teams.services.tables import team_matches_rescore


def matches_follow_their_boards(session: Session) -> None:
    """After a teams round's settle, rescore its matches from the results (one query)."""
    if session.movement == Movement.TEAMS:
        team_matches_rescore(session)


def register() -> None:
    night.session_settled.register(matches_follow_their_boards)
