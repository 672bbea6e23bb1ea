"""A teams event built through the services, as a director would enter it, for the tests.

Many tests need the same start: an event with N teams of four players, and often its first
Swiss round drawn and published. The names are formats so each test keeps the players'
names its assertions (and its exports) show.
"""

from __future__ import annotations

import datetime
from typing import Any

from tournaments.core.models import Club
from tournaments.teams.models import TeamsEvent, TeamsRound
from tournaments.teams.services.events import (
    swiss_round_draw,
    team_add,
    teams_event_create,
    teams_round_publish,
)

DAY = datetime.date(2026, 11, 24)


def teams_event_build(
    club: Club,
    *,
    teams: int = 4,
    name: str = "Swiss teams",
    date: datetime.date = DAY,
    rounds: int = 3,
    boards_per_match: int = 2,
    team: str = "Team {team}",
    player: str = "T{team} P{seat}",
    seats: str = "ABCD",
    **options: Any,
) -> TeamsEvent:
    """Create an event (``options`` go to ``teams_event_create``) with ``teams`` teams numbered from 1.

    ``team`` and ``player`` are formats of the team's number (``{team}``) and, for a player,
    of one of ``seats`` (``{seat}``).
    """
    event = teams_event_create(
        club=club, date=date, name=name, rounds=rounds, boards_per_match=boards_per_match, **options
    )
    for number in range(1, teams + 1):
        names = [player.format(team=number, seat=seat) for seat in seats]
        team_add(event=event, name=team.format(team=number), player_names=names)
    return event


def swiss_round_published(event: TeamsEvent) -> TeamsRound:
    """Draw the event's next Swiss round and publish it (its session opens for the tables)."""
    return teams_round_publish(teams_round=swiss_round_draw(event=event))
