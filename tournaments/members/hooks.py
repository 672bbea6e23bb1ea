"""What the members' pages let the capabilities above them add, without importing them."""

from __future__ import annotations

from tournaments.core.hooks import Hook
from tournaments.core.models import Player
from tournaments.core.sections import Section

my_player_page: Hook[[Player], Section | None] = Hook(
    "members.my_player_page",
    receivers=("analysis.my_player_analysis",),
)
"""A part each on a signed-in member's page of his player (his evenings' analyses, his choice)."""
