"""Reads for the exchange formats: a session's deals as PBN, LIN and for print.

A session's results as USEBIO are read in ``selectors.usebio``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import slugify

from tournaments.bridge.formats.lin import write_lin
from tournaments.bridge.formats.pbn import PbnBoard, write_pbn
from tournaments.night.models import Board, Pair, Result, Session, Standing, section_pair_number
from tournaments.night.selectors.public import (
    DoubleDummyRow,
    HandView,
    board_dealer_name,
    board_double_dummy,
    board_hands,
    board_vulnerability_text,
)

HAND_RECORDS_PER_PAGE = 4


def session_pbn_boards(session: Session, *, results: bool = False) -> list[PbnBoard]:
    """Return the session's dealt boards, by number, with their stored analysis (one query).

    With ``results``, each board carries its tables' results as [ScoreTable] rows (one more query).
    """
    rows = _score_rows(session) if results else {}
    return [
        PbnBoard(
            number=board.number,
            deal=board.deal,
            dd_tricks=board.dd_tricks or None,
            par_score=board.par_score,
            par_contracts=board.par_contracts,
            score_rows=tuple(rows.get(board.pk, ())),
        )
        for board in session.boards.exclude(north="").order_by("number")
    ]


def _figure(value: float | None) -> str:
    """A matchpoint or percentage figure as scorers print it: ``58.33``, ``4``; '' when unscored."""
    if value is None:
        return ""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def pair_id(pair: Pair) -> str:
    """The pair's number as a PBN ``PairId``: ``3``, or in a session of sections its section's ``A3``
    (not the ``103`` it is stored as, which no player knows and no scorer reads back)."""
    if pair.section is not None:
        return f"{pair.section.letter}{section_pair_number(pair.number)}"
    return str(pair.number)


def _names(pair: Pair | None) -> str:
    return pair.names if pair is not None else ""


def _score_row(result: Result) -> dict[str, str]:
    """One table's [ScoreTable] row; an adjusted or assigned score has no contract (``-``), as in 5.9."""
    passed = result.is_passed_out
    scored = bool(result.contract) and not result.is_adjusted and not result.is_assigned
    score = result.ns_score
    return {
        "PairId_NS": pair_id(result.ns_pair),
        "PairId_EW": pair_id(result.ew_pair) if result.ew_pair is not None else "",
        "Contract": "Pass" if passed else (result.contract if scored else ""),
        "Declarer": result.declarer if scored and not passed else "",
        "Result": str(result.tricks) if scored and not passed and result.tricks is not None else "",
        "Lead": result.lead,
        "Score_NS": str(score) if score is not None and score >= 0 else "",
        "Score_EW": str(-score) if score is not None and score < 0 else "",
        "MP_NS": _figure(result.ns_matchpoints),
        "MP_EW": _figure(result.ew_matchpoints),
        "Percentage_NS": _figure(result.ns_percentage),
        "Percentage_EW": _figure(result.ew_percentage),
        "Names_NS": _names(result.ns_pair),
        "Names_EW": _names(result.ew_pair),
    }


def _score_rows(session: Session) -> dict[int, list[dict[str, str]]]:
    """Every result of the session as [ScoreTable] rows, by board id, NS pair order (one query)."""
    rows: dict[int, list[dict[str, str]]] = {}
    results = (
        Result.objects.filter(board__session=session)
        .select_related(
            "ns_pair__player1",
            "ns_pair__player2",
            "ns_pair__section",
            "ew_pair__player1",
            "ew_pair__player2",
            "ew_pair__section",
        )  # fmt: skip
        .order_by("board__number", "ns_pair__number", "pk")
    )
    for result in results:
        rows.setdefault(result.board_id, []).append(_score_row(result))
    return rows


def session_pbn_totals(session: Session) -> list[dict[str, str]]:
    """The pairs' [TotalScoreTable] rows from the session's standings, by field and rank (one query)."""
    standings = (
        Standing.objects.filter(session=session, boards_played__gt=0)
        .select_related("pair__player1", "pair__player2", "pair__section")
        .order_by("pair__direction", "rank", "pair__number")
    )
    return [
        {
            "Rank": str(standing.rank),
            "PairId": pair_id(standing.pair),
            "Direction": standing.pair.direction,
            "TotalScoreMP": _figure(standing.matchpoints),
            "TotalPercentage": _figure(standing.percentage),
            "NrBoards": str(standing.boards_played),
            "Names": standing.pair.names,
        }
        for standing in standings
    ]


def session_pbn_text(session: Session) -> str:
    """Return the session's hand records as a PBN 2.1 file (only boards with a deal), with its results.

    A session with results carries them as BridgeComposer writes them: each board's
    [ScoreTable] and the standings' [TotalScoreTable] (``bridge.formats.pbn.writing``).
    """
    return write_pbn(
        session_pbn_boards(session, results=True),
        event=session.name,
        site=session.club.name,
        date=session.date.strftime("%Y.%m.%d"),
        totals=session_pbn_totals(session),
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
    ``selectors.publication.public_board_numbers``); None gives every board.
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
