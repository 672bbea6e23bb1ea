"""What a teams event lets the capabilities above it do at its moments, without importing them.

The federation awards master points when an event finishes, again when a finished
event's scores change (a penalty, a match scored by hand; a correction at a round's table
reaches it through the night's ``session_settled``), and drops them when it is reopened
(``tournaments.core.hooks`` says why the call runs this way round), and shows them below
the event's ranking.
"""

from __future__ import annotations

from tournaments.core.hooks import Hook
from tournaments.core.sections import Section
from tournaments.teams.models import TeamsEvent

event_finished: Hook[[TeamsEvent], None] = Hook(
    "teams.event_finished",
    receivers=("federation.event_awards_write",),
)
"""Called when an event finishes, in its transaction, once its rounds' sessions are finished."""

event_reopened: Hook[[TeamsEvent], None] = Hook(
    "teams.event_reopened",
    receivers=("federation.event_awards_write",),
)
"""Called when a finished event is reopened, in its transaction."""

event_scores_changed: Hook[[TeamsEvent], None] = Hook(
    "teams.event_scores_changed",
    receivers=("federation.event_awards_write",),
)
"""Called when a match's VPs change by the director's hand (a penalty, a score typed), in its transaction."""

event_page: Hook[[TeamsEvent, bool], Section | None] = Hook(
    "teams.event_page",
    receivers=("federation.teams_event_awards", "money.teams_event_takings"),
)
"""A part each below an event's ranking (event, public): its master points, or why none."""
