"""What the night lets other capabilities do at its moments, without importing them.

The capabilities that stand on the night register here in ``TournamentsConfig.ready``:
teams rescores a round's matches after each settle and shows a teams table its match (the
phone's state and traveller, the director's board page); the season refits the ratings
when a night finishes and shows the field's strength on the public session page; the
federation awards master points when a night finishes, again after a correction, and
drops them when it is reopened (``tournaments.core.hooks`` says why the call runs this
way round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tournaments.core.hooks import Hook
from tournaments.core.sections import Section
from tournaments.night.models import Board, Result, Session

if TYPE_CHECKING:
    from tournaments.night.selectors.public import StandingsTable

session_settled: Hook[[Session], None] = Hook(
    "night.session_settled",
    receivers=(
        "teams.matches_follow_their_boards",
        "season.ratings_follow_a_correction",
        "federation.awards_after_settle",
        "analysis.leads_after_correction",
    ),
)
"""Called at the end of every settle, in its transaction, once the standings are written."""

session_finished: Hook[[Session], None] = Hook(
    "night.session_finished",
    receivers=(
        "season.ratings_follow_the_night",
        "mail.results_mail_after_finish",
        "federation.strata_complete",  # before the awards, which read the strata
        "federation.awards_follow_the_night",
        "money.charge_the_night",
        "analysis.leads_after_finish",
    ),
)
"""Called when a night finishes, in its transaction, once its last entries are settled."""

session_reopened: Hook[[Session], None] = Hook(
    "night.session_reopened",
    receivers=(
        "season.ratings_follow_the_night",
        "federation.session_awards_write",
    ),
)
"""Called when a finished night is reopened (back in play), in its transaction: what followed its
finish is undone (its master points go; its results leave the ratings until it finishes again)."""

public_session_page: Hook[[Session, Sequence[StandingsTable]], Section | None] = Hook(
    "night.public_session_page",
    receivers=(
        "season.session_field_strength",
        "season.session_in_event",
        "federation.public_session_awards",
        "federation.public_session_handicaps",
        "federation.public_session_strata",
        "analysis.session_analysis_links",
    ),
)
"""A part each below the standings of the public session page, given its page of standings."""

public_board_page: Hook[[Board], Section | None] = Hook(
    "night.public_board_page",
    receivers=("analysis.board_against_double_dummy",),
)
"""A part each below the traveller of the public board page (every table against double-dummy)."""

table_state: Hook[[Session, int, dict[str, Any], bool], None] = Hook(
    "night.table_state",
    receivers=(
        "teams.phone_state",
        "federation.phone_standings",
    ),
)
"""A table's phone state, given its session, table, the state so far and whether its round is
over: a capability adds its part (a teams table's match, and what follows its round)."""

table_traveller: Hook[[Session, int, int, Result], dict[str, Any] | None] = Hook(
    "night.table_traveller",
    receivers=("teams.phone_traveller",),
)
"""A table's traveller of a board (session, table, board number, the table's result): a
capability that answers (a teams table: its match's two tables) replaces the room's."""

director_session_page: Hook[[Session], Section | None] = Hook(
    "night.director_session_page",
    receivers=(
        "season.session_in_event",
        "federation.director_session_awards",
        "federation.director_session_handicaps",
        "federation.director_session_strata",
        "money.director_session_takings",
    ),
)
"""A part each at the foot of the director's session page (its master points, or why none)."""

director_board_results: Hook[[Session, list[Result]], Section | None] = Hook(
    "night.director_board_results",
    receivers=("teams.director_board_results",),
)
"""The results of a board on the director's board page: a capability's part (a teams round:
each table in its match, with the swing) replaces the room's matchpoint table."""

session_held: Hook[[Session], str] = Hook(
    "night.session_held",
    receivers=("teams.round_session_held",),
)
"""Why a capability holds a session that may not be deleted on its own ('' if it does not):
a teams round's session belongs to its event."""
