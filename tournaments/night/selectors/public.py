"""Every read the public pages make, each in a fixed number of queries.

The pages are read on phones between rounds, so a page's queries must not grow with
its rows: related rows come through ``select_related``/``prefetch_related``, and
anything a template shows per row is computed here, from rows already fetched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from tournaments.bridge import Hand
from tournaments.bridge.cards import SUITS_HIGH_FIRST
from tournaments.bridge.evaluation import high_card_points
from tournaments.bridge.formats.lin import handviewer_url
from tournaments.core.models import Club
from tournaments.night.models import Board, Direction, Pair, Result, Session, Standing

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _Marked(TypedDict):
    scores_marked: bool


class ResultCount(TypedDict):
    result_count: int  # the board's results, counted in the query (``session_boards``)


RECENT_SESSIONS = 20
DD_STRAINS = ("NT", "S", "H", "D", "C")
DD_SEATS = ("N", "S", "E", "W")
_STRAIN_SYMBOLS = {"NT": "NT", "S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
_RED_STRAINS = {"H", "D"}
_PAIR_PLAYERS = ("player1", "player2")


# --- Club and home -----------------------------------------------------------------------------


def sessions_recent(*, club: Club | None = None, limit: int = RECENT_SESSIONS) -> list[Session]:
    """Return the latest sessions (of one club, or of all), each with its pair and board counts.

    A session with no pair seated is left out: it has nothing a player can read (a session
    just created, or made by mistake), and without pairs it has no results (issue 28, point 5).
    """
    seated = Pair.objects.filter(session=OuterRef("pk"))
    sessions = (
        Session.objects.filter(Exists(seated))
        .select_related("club")
        .annotate(pair_count=Count("pairs", distinct=True), board_count=Count("boards", distinct=True))
    )
    if club is not None:
        sessions = sessions.filter(club=club)
    return list(sessions.order_by("-date", "-id")[:limit])


# --- Session and standings ---------------------------------------------------------------------


@dataclass(frozen=True)
class StandingsTable:
    """One field's standings: both directions of a Howell, or one of a Mitchell."""

    title: str
    standings: Sequence[Standing]


def _scores_marked(session_field: str) -> Exists:
    """Whether the session has boards marked for a settle, read with the page's first row for
    nothing (the page has them settled once it is sent, if overdue: ``views.overdue``)."""
    return Exists(Board.objects.filter(session_id=OuterRef(session_field), needs_scoring=True))


def session_get(pk: int) -> WithAnnotations[Session, _Marked]:
    """The session with ``scores_marked`` (see ``_scores_marked``)."""
    sessions = Session.objects.select_related("club").annotate(scores_marked=_scores_marked("pk"))
    return get_object_or_404(sessions, pk=pk)


def session_standings(session: Session) -> list[StandingsTable]:
    """Return the stored standings, best first: one table per Mitchell direction, or one table
    for a Howell and for an arrow-switched Mitchell (one winner).

    The director's: they count every result, a barometer's round still in play too. A
    public surface reads ``publication.standings_published``, which applies the rule.
    """
    standings = list(
        Standing.objects.filter(session=session)
        .select_related("pair__player1", "pair__player2", "pair__section")
        .order_by("-pair__direction", "rank", "pair__number")
    )
    if session.ranks_one_field:  # equal places: NS before EW
        standings.sort(
            key=lambda standing: (standing.rank, standing.pair.direction != "NS", standing.pair.number)
        )
        return [StandingsTable(gettext("Standings"), standings)]
    tables = []
    for direction in (Direction.NS, Direction.EW):
        rows = [standing for standing in standings if standing.pair.direction == direction]
        tables.append(StandingsTable(str(direction.label), rows))
    return tables


def session_boards(session: Session) -> list[WithAnnotations[Board, ResultCount]]:
    """Return the session's boards, each with ``result_count``."""
    return list(session.boards.annotate(result_count=Count("results")).order_by("number"))


def session_pairs(session: Session) -> list[Pair]:
    # "-direction": NS before EW, as every list of a Mitchell reads (issue 24, point 16).
    return list(session.pairs.select_related(*_PAIR_PLAYERS, "section").order_by("-direction", "number"))


# --- Board: diagram, double dummy, traveller ---------------------------------------------------


@dataclass(frozen=True)
class SuitLine:
    symbol: str
    red: bool
    cards: str  # '—' for a void


@dataclass(frozen=True)
class HandView:
    seat: str
    seat_name: str
    suits: list[SuitLine]
    hcp: int


@dataclass(frozen=True)
class DoubleDummyRow:
    declarer: str
    tricks: list[int]


_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def board_get(session_pk: int, number: int) -> WithAnnotations[Board, _Marked]:
    boards = Board.objects.select_related("session__club").annotate(
        scores_marked=_scores_marked("session_id")
    )
    return get_object_or_404(boards, session_id=session_pk, number=number)


def board_dealer_name(board: Board) -> str:
    return _SEAT_NAMES[board.dealer]


def board_vulnerability_text(board: Board) -> str:
    """Return who is vulnerable as every page prints it: None, NS, EW or All."""
    return board.vulnerability_text


def board_handviewer_url(board: Board) -> str:
    """Return the link that shows a dealt board in BBO's hand viewer ('' for an undealt board)."""
    return handviewer_url(board.number, board.deal) if board.is_dealt else ""


def board_hands(board: Board) -> dict[str, HandView]:
    """Return the four hands by seat, suits high first, with their high card points (empty if undealt)."""
    if not board.is_dealt:
        return {}
    hands = {}
    for seat in "NESW":
        hand = Hand.from_pbn(getattr(board, _SEAT_NAMES[seat].lower()))
        suits = [
            SuitLine(suit.symbol, suit.letter in _RED_STRAINS, hand.holding_text(suit) or "\u2014")
            for suit in SUITS_HIGH_FIRST
        ]
        hands[seat] = HandView(seat, _SEAT_NAMES[seat], suits, high_card_points(hand))
    return hands


def dd_strain_headers() -> list[SuitLine]:
    return [SuitLine(_STRAIN_SYMBOLS[strain], strain in _RED_STRAINS, strain) for strain in DD_STRAINS]


def board_double_dummy(board: Board) -> list[DoubleDummyRow]:
    """Return the makeable tricks by declarer (N, S, E, W) and strain (NT, S, H, D, C), if analysed."""
    if not board.dd_tricks:
        return []
    return [
        DoubleDummyRow(_SEAT_NAMES[seat], [board.dd_tricks[seat][strain] for strain in DD_STRAINS])
        for seat in DD_SEATS
    ]


def traveller_query(board: Board) -> QuerySet[Result]:
    """The board's results, best North-South score first, with both pairs' players."""
    return board.results.select_related(
        "ns_pair__player1",
        "ns_pair__player2",
        "ew_pair__player1",
        "ew_pair__player2",
        "ns_pair__section",
        "ew_pair__section",
    ).order_by(F("ns_score").desc(nulls_last=True), "ns_pair__number")


def board_traveller(board: Board) -> list[Result]:
    """Return every result on the board (a page of them: ``pages.board_traveller_page``)."""
    return list(traveller_query(board))


# --- Pair scorecard ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ScorecardRow:
    """One board from the pair's own side: its score (positive when it gained) and its matchpoints."""

    board: Board
    result: Result | None
    direction: str  # 'NS' or 'EW': where the pair sat on this board
    opponents: Pair | None
    score: int | None  # None for an artificial adjusted score
    matchpoints: float | None
    percentage: float | None
    imps: float | None = None  # in an IMP-pairs session
    hidden: bool = False  # the board is still being played: nothing of it may show


@dataclass(frozen=True)
class ScorecardTotals:
    boards_played: int
    matchpoints: float
    percentage: float | None
    imps: float | None = None  # total, in an IMP-pairs session


def pair_get(session_pk: int, pk: int) -> WithAnnotations[Pair, _Marked]:
    pairs = Pair.objects.select_related("session__club", "player1", "player2").annotate(
        scores_marked=_scores_marked("session_id")
    )
    return get_object_or_404(pairs, session_id=session_pk, pk=pk)


def pair_scorecard(pair: Pair) -> list[ScorecardRow]:
    """Return a row for every board of the session: the pair's result from its side, or none."""
    results = Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair)).select_related(
        "ns_pair__player1",
        "ns_pair__player2",
        "ew_pair__player1",
        "ew_pair__player2",
        "ns_pair__section",
        "ew_pair__section",
    )
    by_board = {result.board_id: result for result in results}
    rows = []
    for board in pair.session.boards.order_by("number"):
        result = by_board.get(board.pk)
        if result is None:
            rows.append(ScorecardRow(board, None, "", None, None, None, None))
        elif result.ns_pair_id == pair.pk:
            rows.append(
                ScorecardRow(
                    board,
                    result,
                    "NS",
                    result.ew_pair,
                    result.ns_score,
                    result.ns_matchpoints,
                    result.ns_percentage,
                    result.ns_imps,
                )
            )
        else:
            rows.append(
                ScorecardRow(
                    board,
                    result,
                    "EW",
                    result.ns_pair,
                    None if result.ns_score is None else -result.ns_score,
                    result.ew_matchpoints,
                    result.ew_percentage,
                    result.ew_imps,
                )
            )
    return rows


def scorecard_hide_unpublished(
    rows: list[ScorecardRow], public_numbers: frozenset[int] | None
) -> list[ScorecardRow]:
    """Blank the rows of boards still in play, even the pair's own result (it tells the contract)."""
    if public_numbers is None:
        return rows
    return [
        row
        if row.board.number in public_numbers
        else ScorecardRow(row.board, None, "", None, None, None, None, hidden=True)
        for row in rows
    ]


def scorecard_totals(rows: list[ScorecardRow]) -> ScorecardTotals:
    """Total the played boards; the percentage is their mean (SPEC decision 8).

    No total of the scores: adding a pair's scores from different boards means nothing
    (issue 24, point 16), so the scorecard shows matchpoints (or IMPs) and the percentage.
    """
    played = [row for row in rows if row.result is not None]
    percentages = [row.percentage for row in played if row.percentage is not None]
    imps = [row.imps for row in played if row.imps is not None]
    return ScorecardTotals(
        boards_played=len(played),
        matchpoints=sum(row.matchpoints or 0 for row in played),
        percentage=sum(percentages) / len(percentages) if percentages else None,
        imps=sum(imps) if imps else None,
    )
