"""The desk's grid: a whole traveller (or a table's round) saved every line or none, and its live check.

``lines`` (the lines as the services take them, and the stored result each writes over),
``save`` (``traveller_save``: one write, every line through the result services) and
``check`` (``traveller_check``: the same judgement, read only). The names callers use are
imported here.
"""

from tournaments.night.services.traveller.check import Checked, traveller_check
from tournaments.night.services.traveller.lines import (
    CELLS,
    GRID,
    LINE,
    Changed,
    DeskLine,
    Problems,
    add_problem,
    grid_problems,
)
from tournaments.night.services.traveller.save import Saved, TravellerRefused, TravellerStale, traveller_save

__all__ = [
    "CELLS",
    "GRID",
    "LINE",
    "Changed",
    "Checked",
    "DeskLine",
    "Problems",
    "Saved",
    "TravellerRefused",
    "TravellerStale",
    "add_problem",
    "grid_problems",
    "traveller_check",
    "traveller_save",
]
