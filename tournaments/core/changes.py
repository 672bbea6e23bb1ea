"""What the core tells the capabilities when a row their pages show changes in the core's tables.

A player's name and whether he is shown by initials, and a club's name and its tables'
settings, appear on the night's pages, which keep their stamps in a shared cache
(``night.live``): a change made by the admin or by the season's services (privacy,
merges) is told here, and the night forgets the stamps of the sessions it shows in. The
core cannot call the night itself (``core.hooks``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.core.hooks import Hook

players_shown_changed: Hook[[Sequence[int], bool], None] = Hook(
    "core.players_shown_changed",
    receivers=("night.players_changed",),
)
"""Players whose name or initials changed (by id), and whether the change hides something:
then a capability that cannot make sure its pages stop showing it refuses the write."""

club_shown_changed: Hook[[int], None] = Hook(
    "core.club_shown_changed",
    receivers=("night.club_changed",),
)
"""A club (by id) whose name or tables' settings changed."""
