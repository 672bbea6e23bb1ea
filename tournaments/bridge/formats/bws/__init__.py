"""Bridgemate ``.bws`` files: values (``values``), the tables' rows (``tables``), read (``reading``,
``results``), and whether a section's movement is one of ClubScore's (``movement``).

Nothing here reads the Access file itself: the exchange does (``exchange/access_files``)
and hands the tables over as columns, so the rules stay plain values in, values out.
"""

from tournaments.bridge.formats.bws.movement import StandardMovement, standard_movement
from tournaments.bridge.formats.bws.reading import read_bws
from tournaments.bridge.formats.bws.tables import Tables
from tournaments.bridge.formats.bws.values import (
    BwsDeal,
    BwsError,
    BwsFile,
    BwsPlayer,
    BwsResult,
    BwsRound,
    BwsSection,
    Outcome,
    PairKey,
)

__all__ = [
    "BwsDeal",
    "BwsError",
    "BwsFile",
    "BwsPlayer",
    "BwsResult",
    "BwsRound",
    "BwsSection",
    "Outcome",
    "PairKey",
    "StandardMovement",
    "Tables",
    "read_bws",
    "standard_movement",
]
