"""What the night lets other capabilities do at its moments, without importing them.

The capabilities that stand on the night register here in ``TournamentsConfig.ready``:
teams rescores a round's matches after each settle, the season refits the ratings when
a night finishes and shows the field's strength on the public session page
(``tournaments.core.hooks`` says why the call runs this way round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tournaments.core.hooks import Hook
from tournaments.core.sections import Section
from tournaments.night.models import Session

if TYPE_CHECKING:
    from tournaments.night.selectors.public import StandingsTable

session_settled: Hook[[Session], None] = Hook("night.session_settled")
"""Called at the end of every settle, in its transaction, once the standings are written."""

session_finished: Hook[[Session], None] = Hook("night.session_finished")
"""Called when a night finishes, in its transaction, once its last entries are settled."""

public_session_page: Hook[[Session, Sequence[StandingsTable]], Section | None] = Hook(
    "night.public_session_page"
)
"""A part each below the standings of the public session page, given its page of standings."""
