"""Reads of boards: the published boards, a board's hand record and its traveller.

A board is published as on the public pages (``public_board_numbers``): once everyone has
played it, or when the session finished. One still in play is 404, as its page is.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Query, Router

from tournaments.api.http import page_key, page_of, session_stamp, stamped_response
from tournaments.api.reads import reads
from tournaments.api.schemas import BoardOut, BoardSummary, Id, Page, PageQuery, ResultOut
from tournaments.api.shapes import result_out
from tournaments.bridge.par import par_text
from tournaments.night.models import Board, Session
from tournaments.night.selectors import public as selectors
from tournaments.night.selectors.publication import public_board_numbers

router = Router(tags=["reads"])


def _summary(board: Board, result_count: int) -> dict:
    return {
        "number": board.number,
        "dealer": board.dealer,
        "vulnerability": board.vulnerability,
        "dealt": board.is_dealt,
        "result_count": result_count,
    }


@router.get(
    "/sessions/{session_id}/boards",
    response=reads(Page[BoardSummary]),
    summary="The session's published boards (all once it finished)",
)
def boards(request: HttpRequest, session_id: Id, page: Query[PageQuery]) -> HttpResponse:
    session = selectors.session_get(session_id)
    tag = session_stamp(session, "boards", page_key(page))
    return stamped_response(request, Page[BoardSummary], tag, lambda: _boards_page(session, page))


def _boards_page(session: Session, page: PageQuery) -> dict:
    public = public_board_numbers(session)
    shown = [board for board in selectors.session_boards(session) if public is None or board.number in public]
    data = page_of(shown, page)
    data["items"] = [_summary(board, board.result_count) for board in data["items"]]
    return data


def _published_board(session_id: Id, number: Id) -> Board:
    board = selectors.board_get(session_id, number)
    public = public_board_numbers(board.session)
    if public is not None and board.number not in public:
        raise Http404(_("Board %(number)d is still being played.") % {"number": number})
    return board


@router.get(
    "/sessions/{session_id}/boards/{number}",
    response=reads(BoardOut),
    summary="A published board's hand record: the hands, double dummy and par",
)
def board(request: HttpRequest, session_id: Id, number: Id) -> HttpResponse:
    session = selectors.session_get(session_id)
    tag = session_stamp(session, "board", number)
    return stamped_response(request, BoardOut, tag, lambda: _board_document(session_id, number))


def _board_document(session_id: Id, number: Id) -> dict:
    board = _published_board(session_id, number)
    hands = selectors.board_hands(board)
    data = _summary(board, board.results.count())
    data.update(
        hands=[
            {"seat": seat, "pbn": getattr(board, view.seat_name.lower()), "hcp": view.hcp}
            for seat, view in hands.items()
        ],
        double_dummy=board.dd_tricks or None,
        par=par_text(board.par_contracts, board.par_score) if board.par_contracts else "",
    )
    return data


@router.get(
    "/sessions/{session_id}/boards/{number}/traveller",
    response=reads(Page[ResultOut]),
    summary="A published board's results, best North-South score first",
)
def traveller(request: HttpRequest, session_id: Id, number: Id, page: Query[PageQuery]) -> HttpResponse:
    session = selectors.session_get(session_id)
    tag = session_stamp(session, "traveller", number, page_key(page))
    return stamped_response(request, Page[ResultOut], tag, lambda: _traveller_page(session_id, number, page))


def _traveller_page(session_id: Id, number: Id, page: PageQuery) -> dict:
    board = _published_board(session_id, number)
    data = page_of(selectors.board_traveller(board), page)
    data["items"] = [result_out(result, board.number) for result in data["items"]]
    return data
