"""Master point scales, one module a federation: a registry of pure functions of the places.

Each federation's module (``abf``, ``ebu``, ``acbl``) holds its club scale as a ``Scale``
(``awards``: what a scale reads and returns) and its sources; another federation is one
module more and a line in ``SCALES``. A club names its federation by the registry's code.
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
FEDERATION_NAMES: dict[str, str] = {
    "abf": "ABF (Australian Bridge Federation)",
    "ebu": "EBU (English Bridge Union)",
    "acbl": "ACBL (American Contract Bridge League)",
}


def scale_of(federation: str) -> Scale | None:
    """The club scale of a federation's code ('abf'), or None (no federation, or one unknown)."""
    return SCALES.get(federation)


def federation_choices() -> list[tuple[str, str]]:
    """The federations a club may name, for a form or a model field: none first."""
    return [("", "None"), *((code, FEDERATION_NAMES[code]) for code in SCALES)]


__all__ = [
    "FEDERATION_NAMES",
    "SCALES",
    "Award",
    "AwardError",
    "Awards",
    "Contest",
    "Placed",
    "Scale",
    "federation_choices",
    "half_up",
    "scale_of",
]
