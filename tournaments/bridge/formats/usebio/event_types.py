"""USEBIO event types as producers spell them, and the scoring each one means.

``MP_PAIRS`` (Compscore, ClubScore), ``CROSS_IMP`` (Compscore; Cobalt reads no other
spelling) or ``CROSS_IMPS``, and ``BUTLER_PAIRS`` say it outright. ``PAIRS`` (Scorer, and
USEBIO 1.3, which deprecates ``MP_PAIRS``) leaves it to ``BOARD_SCORING_METHOD``:
matchpoints when it is absent, ``MATCH_POINTS``, ``CROSS_IMPS`` or ``BUTLER_IMPS`` (one
scorer writes ``BUTLER``). A teams event is read by ``teams_reading`` and an individual
by ``individual`` (the import looks at the type first, decisions 73 and 83); every other
type (aggregate) is refused by name.
"""

from __future__ import annotations

from tournaments.bridge.formats.usebio.values import BUTLER, CROSS_IMPS, MATCHPOINTS, UsebioError

_EVENT_TYPES = {
    "MP_PAIRS": MATCHPOINTS,
    "CROSS_IMP": CROSS_IMPS,
    "CROSS_IMPS": CROSS_IMPS,
    "BUTLER_PAIRS": BUTLER,
}
_BOARD_SCORING = {
    "": MATCHPOINTS,
    "MATCH_POINTS": MATCHPOINTS,
    "MATCHPOINTS": MATCHPOINTS,
    "CROSS_IMPS": CROSS_IMPS,
    "CROSS_IMP": CROSS_IMPS,
    "BUTLER_IMPS": BUTLER,
    "BUTLER": BUTLER,
}


def event_type(written: str, board_scoring: str = "") -> str:
    """Return ``MP_PAIRS``, ``CROSS_IMP`` or ``BUTLER_PAIRS`` for an ``EVENT_TYPE`` and its board scoring."""
    written = (written or "MP_PAIRS").strip().upper()
    if written == "PAIRS":
        method = board_scoring.strip().upper()
        if method in _BOARD_SCORING:
            return _BOARD_SCORING[method]
        raise UsebioError(
            f"EVENT: <BOARD_SCORING_METHOD> {method[:30]!r}: ClubScore scores MATCH_POINTS, CROSS_IMPS "
            "and BUTLER_IMPS"
        )
    if written in _EVENT_TYPES:
        return _EVENT_TYPES[written]
    raise UsebioError(
        f'<EVENT EVENT_TYPE="{written[:30]}">: ClubScore reads pairs events (MP_PAIRS or PAIRS, '
        f"CROSS_IMP, BUTLER_PAIRS), teams events (SWISS_TEAMS, TEAMS) and INDIVIDUAL, not {written[:30]}"
    )
