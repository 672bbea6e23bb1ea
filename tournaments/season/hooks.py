"""What the season lets the capabilities above it do when a player is merged, erased or exported.

Results by email (``tournaments.mail``) keeps a member's opt-out and the record of the
emails sent him: a merge must carry them to the kept player (the duplicate is deleted,
and his opt-out with him, which would write to a member who asked for nothing), and an
erasure must drop the addresses, as it drops the memberships. And what they hold of a
player belongs in his export ("everything the site holds about him").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet

from tournaments.core.hooks import Hook
from tournaments.core.models import Club, Player
from tournaments.core.sections import Section
from tournaments.night.models import Session

player_merged: Hook[[Player, Player], None] = Hook(
    "season.player_merged",
    receivers=(
        "mail.mail_follow_merge",
        "federation.awards_follow_merge",
        "money.accounts_follow_merge",
    ),
)
"""Called in the merge's transaction (kept player, duplicate), before the duplicate is deleted."""

player_erased: Hook[[Player], None] = Hook(
    "season.player_erased",
    receivers=("mail.mail_follow_erasure",),
)
"""Called in the erasure's transaction, once the player's memberships (his emails) are deleted."""

player_exported: Hook[[Player, QuerySet[Club] | None], dict[str, object]] = Hook(
    "season.player_exported",
    receivers=(
        "mail.mail_player_export",
        "federation.player_export",
    ),
)
"""Called by the player's export (player, the clubs it is limited to or None for all): each
function returns the parts it adds to the export, under keys of its own."""


@dataclass(frozen=True)
class MemberColumns:
    """Columns a capability adds to the club's member list: their headers, and each member's cells
    by player id (a member it has nothing for shows blanks)."""

    headers: Sequence[str]
    cells: Mapping[int, Sequence[str]]


member_list_columns: Hook[[Club], MemberColumns] = Hook(
    "season.member_list_columns",
    receivers=("money.member_list_membership",),
)
"""Called by the member list page (the club): the columns each capability adds (membership type, state)."""

player_page: Hook[[Player], Section | None] = Hook(
    "season.player_page",
    receivers=("federation.player_master_points", "analysis.player_analysis_link"),
)
"""A part each on a player's public page, below his results (his master points by season)."""

pairs_master_points: Hook[[Sequence[Session]], dict[int, Decimal]] = Hook(
    "season.pairs_master_points",
    receivers=("federation.pairs_master_points",),
)
"""The master points each pair of these sessions was awarded (by pair id; each of its players
holds it), for a championship ranked by master points: the federation answers from its ledger."""

players_master_points: Hook[[Sequence[Session]], dict[tuple[int, int], Decimal]] = Hook(
    "season.players_master_points", receivers=("federation.individuals_master_points",)
)
"""The master points each player of these individuals was awarded, by (session id, player id):
an individual's awards are its players' own, no pair's. The federation answers from its ledger."""
