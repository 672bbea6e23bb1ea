"""A three-table Mitchell played through, shared by the export round trips (USEBIO, PBN)."""

from __future__ import annotations

from tournaments.night.models import Session
from tournaments.night.services.results import ResultEntry, result_record

# Board, NS pair, EW pair, contract, declarer, tricks, lead.
PLAYED = [
    (1, 1, 1, "3NT", "N", "9", "SQ"),
    (1, 2, 2, "4S", "N", "9", ""),
    (1, 3, 3, "2H", "E", "9", "D4"),
    (2, 1, 2, "Pass", "", "", ""),
    (2, 2, 3, "1NT", "S", "8", ""),
    (2, 3, 1, "3NTX", "W", "8", "C2"),
    (3, 1, 3, "4H", "S", "11", ""),
    (3, 2, 1, "4H", "S", "10", ""),
    (3, 3, 2, "2H", "S", "10", ""),
]


def mitchell_play(session: Session) -> Session:
    """Enter every result of ``PLAYED`` in ``session`` (the ``mitchell_session`` fixture's)."""
    for board, ns, ew, contract, declarer, tricks, lead in PLAYED:
        result_record(
            board=session.boards.get(number=board),
            entry=ResultEntry(
                session.pairs.get(direction="NS", number=ns),
                session.pairs.get(direction="EW", number=ew),
                contract,
                declarer,
                tricks,
                lead,
            ),
        )
    return session
