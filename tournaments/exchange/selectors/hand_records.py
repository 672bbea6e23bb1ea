"""Reads for the exchange formats: a session's deals as PBN, LIN and for print.

A session's results as USEBIO are read in ``selectors.usebio``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import slugify

from tournaments.bridge.formats.lin import write_lin
from tournaments.bridge.formats.pbn import PbnBoard, write_pbn
from tournaments.night.models import Board, Session
from tournaments.night.selectors.public import (
    DoubleDummyRow,
    HandView,
    board_dealer_name,
    board_double_dummy,
    board_hands,
    board_vulnerability_text,
)

HAND_RECORDS_PER_PAGE = 4


def session_pbn_boards(session: Session) -> list[PbnBoard]:
    """Return the session's dealt boards, by number, with their stored analysis (one query)."""
    return [
        PbnBoard(
            number=board.number,
            deal=board.deal,
            dd_tricks=board.dd_tricks or None,
            par_score=board.par_score,
            par_contracts=board.par_contracts,
        )
        for board in session.boards.exclude(north="").order_by("number")
    ]


def session_pbn_text(session: Session) -> str:
    """Return the session's hand records as a PBN 2.1 file (only boards with a deal)."""
    return write_pbn(
        session_pbn_boards(session),
        event=session.name,
        site=session.club.name,
        date=session.date.strftime("%Y.%m.%d"),
    )


def session_pbn_filename(session: Session) -> str:
    """Return a download name such as ``oxford-2026-11-23-monday-pairs.pbn``."""
    return f"{session.club.slug}-{session.date:%Y-%m-%d}-{slugify(session.name) or 'session'}.pbn"


def session_has_deals(session: Session) -> bool:
    """Whether any board of the session is dealt (its hand records exist, published or not)."""
    return session.boards.exclude(north="").exists()


def session_lin_text(session: Session, public_numbers: frozenset[int] | None = None) -> str:
    """Return the session's dealt boards as a LIN file ('' when none), for BBO (one query).

    ``public_numbers`` limits them to the boards the public may see, as the printed hand
    records do; None gives every board.
    """
    boards = session.boards.exclude(north="").order_by("number")
    if public_numbers is not None:
        boards = boards.filter(number__in=public_numbers)
    return write_lin((board.number, board.deal) for board in boards)


def session_lin_filename(session: Session) -> str:
    return session_pbn_filename(session).removesuffix(".pbn") + ".lin"


@dataclass(frozen=True)
class HandRecord:
    """One board as the printed hand records show it, computed from the board row alone."""

    board: Board
    dealer: str
    vulnerability: str
    hands: dict[str, HandView]
    dd_rows: list[DoubleDummyRow]


def session_hand_records(
    session: Session, public_numbers: frozenset[int] | None = None
) -> list[list[HandRecord]]:
    """Return the session's dealt boards in pages of four, as clubs print them (one query).

    ``public_numbers`` limits them to the boards the public may see (see
    ``selectors.movements.public_board_numbers``); None gives every board.
    """
    boards = session.boards.exclude(north="").order_by("number")
    if public_numbers is not None:
        boards = boards.filter(number__in=public_numbers)
    records = [
        HandRecord(
            board=board,
            dealer=board_dealer_name(board),
            vulnerability=board_vulnerability_text(board),
            hands=board_hands(board),
            dd_rows=board_double_dummy(board),
        )
        for board in boards
    ]
    return [records[i : i + HAND_RECORDS_PER_PAGE] for i in range(0, len(records), HAND_RECORDS_PER_PAGE)]
