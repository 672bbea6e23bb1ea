"""Master point scales, one module a federation: a registry of pure functions of the places.

Each federation's module (``abf``, ``ebu``, ``acbl``) holds its club scale as a ``Scale``
(``awards``: what a scale reads and returns) and its sources; another federation is one
module more and a line in ``SCALES``. A club names its federation by the registry's code.

A federation may have more than one club scale, told apart by the colour of its points
(USEBIO's ``MASTER_POINT_TYPE``): the ABF's ordinary sessions award green points, its
special club sessions (Grade B4c) red ones at a higher weight. A session names the
type it awards; '' is its federation's ordinary scale (``SCALES``).
"""

from __future__ import annotations

from tournaments.bridge.federations import abf, acbl, ebu
from tournaments.bridge.federations.awards import (
    Award,
    AwardError,
    Awards,
    Contest,
    Placed,
    Scale,
    half_up,
)

SCALES: dict[str, Scale] = {scale.federation: scale for scale in (abf.SCALE, ebu.SCALE, acbl.SCALE)}
# Every club scale, the ordinary ones first: by federation, then by point type.
GRADES: dict[str, dict[str, Scale]] = {}
for _scale in (abf.SCALE, ebu.SCALE, acbl.SCALE, abf.RED_SCALE):
    GRADES.setdefault(_scale.federation, {})[_scale.point_type] = _scale
FEDERATION_NAMES: dict[str, str] = {
    "abf": "ABF (Australian Bridge Federation)",
    "ebu": "EBU (English Bridge Union)",
    "acbl": "ACBL (American Contract Bridge League)",
}


def scale_of(federation: str, point_type: str = "") -> Scale | None:
    """The club scale of a federation's code ('abf') awarding ``point_type`` ('' the ordinary
    one, 'RED'), or None (no federation, or one unknown)."""
    if not point_type:
        return SCALES.get(federation)
    return GRADES.get(federation, {}).get(point_type.upper())


def point_type_choices(federation: str) -> list[tuple[str, str]]:
    """The scales a session of a club of ``federation`` may award on: the ordinary one first ('')."""
    scales = list(GRADES.get(federation, {}).values())
    return [("" if index == 0 else scale.point_type, scale.name) for index, scale in enumerate(scales)]


def federation_choices() -> list[tuple[str, str]]:
    """The federations a club may name, for a form or a model field: none first."""
    return [("", "None"), *((code, FEDERATION_NAMES[code]) for code in SCALES)]


__all__ = [
    "FEDERATION_NAMES",
    "GRADES",
    "SCALES",
    "Award",
    "AwardError",
    "Awards",
    "Contest",
    "Placed",
    "Scale",
    "federation_choices",
    "half_up",
    "point_type_choices",
    "scale_of",
]
