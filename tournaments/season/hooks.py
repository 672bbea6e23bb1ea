"""What the season does at the night's moments: the ratings follow a finished night."""

from __future__ import annotations

from tournaments.night import hooks as night
from tournaments.night.models import Session
from tournaments.season.services.ratings import ratings_after_session


def ratings_follow_the_night(session: Session) -> None:
    ratings_after_session(session=session)


def register() -> None:
    night.session_finished.register(ratings_follow_the_night)
