"""What a club can configure for an evening, one dimension a setting, and the combinations walked.

Every value of a dimension meets every value of every other dimension in at least one
walked evening (``allpairs``), which keeps the walk to a few dozen evenings where all
combinations would be thousands. A later capability joins by adding its value here (a
new kind of night: its ``nights.NIGHTS`` entry; a language: its code) or a dimension.
"""

from __future__ import annotations

from tests.walk.allpairs import Row, all_pairs
from tests.walk.nights import NIGHTS
from tests.walk.walk import Combination

DIMENSIONS: dict[str, tuple[str, ...]] = {
    "night": tuple(NIGHTS),
    "federation": ("none", "abf", "ebu", "acbl"),
    "strata": ("off", "on"),
    "handicaps": ("off", "on"),
    "boards": ("dealt", "made"),  # dealt by ClubScore (hands, analysis), or made for hand-dealt cards
    "entry": ("phones", "grid", "import"),  # the tables' phones, the desk's grid, or a scorer's file
    "language": ("en", "fr", "de", "nl", "pl"),
}


def allowed(row: Row) -> bool:
    """Whether a club can set this up: a night's own rules of what it offers (a partial row too)."""
    if row.get("entry") == "import" and row.get("boards") == "dealt":
        return False  # the walk's file carries no hands: an imported evening's boards are the file's
    night = NIGHTS.get(row.get("night", ""))
    if night is None:
        return True
    return all(night.allows(dimension, value) for dimension, value in row.items() if dimension != "night")


def combinations() -> list[Combination]:
    return [Combination(**row) for row in all_pairs(DIMENSIONS, allowed)]
