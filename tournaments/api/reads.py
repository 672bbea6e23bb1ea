"""Reads of clubs, sessions, standings and pairs: the public pages' selectors, as JSON.

The rules are the public pages' own code (``selectors.public``, ``public_board_numbers``):
standings show as soon as they exist, a board and every result on it only once everyone
has played it (or the session finished), and a pair's scorecard hides the boards still
in play.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from ninja import Query, Router

from tournaments.api.http import json_response, page_key, page_of, session_stamp, stamped_response
from tournaments.api.schemas import (
    ClubOut,
    Error,
    Id,
    Page,
    PageQuery,
    PairDetail,
    PairOut,
    ScorecardRowOut,
    SessionOut,
    SessionSummary,
    StandingOut,
)
from tournaments.api.shapes import pair_out, session_summary
from tournaments.core.selectors import clubs as club_reads
from tournaments.night.models import Session
from tournaments.night.selectors import public as selectors
from tournaments.night.selectors.individual import IndividualPlace, individual_places
from tournaments.night.selectors.publication import public_board_numbers
from tournaments.night.selectors.rounds import RoundsProgress, RoundStanding, rounds_progress

router = Router(tags=["reads"])


def reads(schema: object) -> dict[int, object]:
    """The answers every read may give: the document, not modified, a NUL in the address or
    query (400, refused before the API, ``clubscore.nul_input``), not found, a bad query (422)."""
    return {200: schema, 304: None, 400: Error, 404: Error, 422: Error}


def _club_out(club) -> dict:
    return {"slug": club.slug, "name": club.name, "session_count": club.session_count}


@router.get("/clubs", response=reads(Page[ClubOut]), summary="Every club, by name")
def clubs(request: HttpRequest, page: Query[PageQuery]) -> HttpResponse:
    data = page_of(club_reads.clubs_list(), page)
    data["items"] = [_club_out(club) for club in data["items"]]
    return json_response(request, Page[ClubOut], data)


@router.get("/clubs/{slug}", response=reads(ClubOut), summary="One club")
def club(request: HttpRequest, slug: str) -> HttpResponse:
    return json_response(request, ClubOut, _club_out(get_object_or_404(club_reads.clubs_list(), slug=slug)))


@router.get(
    "/clubs/{slug}/sessions", response=reads(Page[SessionSummary]), summary="A club's sessions, newest first"
)
def club_sessions(request: HttpRequest, slug: str, page: Query[PageQuery]) -> HttpResponse:
    club = club_reads.club_get(slug)
    rows = Session.objects.filter(club=club).select_related("club").order_by("-date", "-id")
    data = page_of(rows, page)
    data["items"] = [session_summary(session) for session in data["items"]]
    return json_response(request, Page[SessionSummary], data)


@router.get("/sessions/{session_id}", response=reads(SessionOut), summary="A session and where it is")
def session(request: HttpRequest, session_id: Id) -> HttpResponse:
    session = selectors.session_get(session_id)
    tag = session_stamp(session, "session")
    return stamped_response(request, SessionOut, tag, lambda: session_document(session))


def session_document(session: Session) -> dict:
    """The session with its counts and how many of its boards are published (also after a write)."""
    boards = selectors.session_boards(session)
    public = public_board_numbers(session)
    data = session_summary(session)
    data.update(
        tables=session.movement_tables,
        rounds=session.movement_rounds,
        boards_per_round=session.boards_per_round,
        pair_count=session.pairs.count(),
        board_count=len(boards),
        boards_published=len(boards) if public is None else sum(b.number in public for b in boards),
        one_field=session.ranks_one_field,
    )
    return data


@router.get(
    "/sessions/{session_id}/standings",
    response=reads(Page[StandingOut]),
    summary="The standings, best first (by direction in a two-winner Mitchell)",
)
def standings(request: HttpRequest, session_id: Id, page: Query[PageQuery]) -> HttpResponse:
    session = selectors.session_get(session_id)
    tag = session_stamp(session, "standings", page_key(page))
    return stamped_response(request, Page[StandingOut], tag, lambda: _standings_page(session, page))


def _standings_page(session: Session, page: PageQuery) -> dict:
    if session.is_individual:  # its players by their own place: its pairs are one-round partnerships
        data = page_of(individual_places(session), page)
        data["items"] = [_individual_standing_out(line) for line in data["items"]]
        return data
    progress = rounds_progress(session, public=True)
    if progress is not None:  # a barometer or Swiss pairs: after its last published round, as its page
        data = page_of(progress.standings, page)
        data["items"] = [_round_standing_out(progress, row) for row in data["items"]]
        return data
    rows = [standing for table in selectors.session_standings(session) for standing in table.standings]
    data = page_of(rows, page)
    field = (lambda standing: "") if session.ranks_one_field else (lambda standing: standing.pair.direction)
    data["items"] = [_standing_out(field(standing), standing) for standing in data["items"]]
    return data


def _individual_standing_out(line: IndividualPlace) -> dict:
    return {
        "field": "",
        "rank": line.place,
        "tied": line.tied,
        "pair": None,
        "player": {"number": line.number, "id": line.player.pk, "name": line.player.public_name},
        "boards_played": line.boards,
        "matchpoints": line.matchpoints,
        "percentage": line.percentage,
        "imps": None,
    }


def _round_standing_out(progress: RoundsProgress, row: RoundStanding) -> dict:
    return {
        "field": "",
        "rank": row.rank,
        "tied": row.tied,
        "pair": pair_out(row.pair),
        "boards_played": row.boards,
        "matchpoints": row.matchpoints,
        "percentage": None if progress.by_imps else row.figure,
        "imps": row.figure if progress.by_imps else None,
        "vps": row.vps,
        "after_round": progress.standings_after,
    }


def _standing_out(field: str, standing) -> dict:
    return {
        "field": field,
        "rank": standing.rank,
        "tied": standing.tied,
        "pair": pair_out(standing.pair),
        "boards_played": standing.boards_played,
        "matchpoints": standing.matchpoints,
        "percentage": standing.percentage,
        "imps": standing.imps,
    }


@router.get("/sessions/{session_id}/pairs", response=reads(Page[PairOut]), summary="The session's pairs")
def pairs(request: HttpRequest, session_id: Id, page: Query[PageQuery]) -> HttpResponse:
    session = selectors.session_get(session_id)
    tag = session_stamp(session, "pairs", page_key(page))
    return stamped_response(request, Page[PairOut], tag, lambda: _pairs_page(session, page))


def _pairs_page(session: Session, page: PageQuery) -> dict:
    data = page_of(selectors.session_pairs(session), page)
    data["items"] = [pair_out(pair) for pair in data["items"]]
    return data


@router.get("/sessions/{session_id}/pairs/{pair_id}", response=reads(PairDetail), summary="A pair's totals")
def pair(request: HttpRequest, session_id: Id, pair_id: Id) -> HttpResponse:
    pair = selectors.pair_get(session_id, pair_id)
    tag = session_stamp(pair.session, "pair", pair_id, marked=pair.scores_marked)
    return stamped_response(request, PairDetail, tag, lambda: _pair_detail(pair))


def _pair_detail(pair) -> dict:
    totals = selectors.scorecard_totals(_scorecard(pair))
    return {**pair_out(pair), "session": pair.session_id, **totals.__dict__}


def _scorecard(pair) -> list[selectors.ScorecardRow]:
    rows = selectors.pair_scorecard(pair)
    return selectors.scorecard_hide_unpublished(rows, public_board_numbers(pair.session))


@router.get(
    "/sessions/{session_id}/pairs/{pair_id}/scorecard",
    response=reads(Page[ScorecardRowOut]),
    summary="A pair's boards from its own side; boards still in play show nothing",
)
def scorecard(request: HttpRequest, session_id: Id, pair_id: Id, page: Query[PageQuery]) -> HttpResponse:
    pair = selectors.pair_get(session_id, pair_id)
    tag = session_stamp(pair.session, "scorecard", pair_id, page_key(page), marked=pair.scores_marked)
    return stamped_response(request, Page[ScorecardRowOut], tag, lambda: _scorecard_page(pair, page))


def _scorecard_page(pair, page: PageQuery) -> dict:
    data = page_of(_scorecard(pair), page)
    data["items"] = [_scorecard_row(row) for row in data["items"]]
    return data


def _scorecard_row(row: selectors.ScorecardRow) -> dict:
    return {
        "board": row.board.number,
        "published": not row.hidden,
        "direction": row.direction,
        "opponents": pair_out(row.opponents),
        "contract": row.result.contract if row.result is not None else "",
        "score": row.score,
        "matchpoints": row.matchpoints,
        "percentage": row.percentage,
        "imps": row.imps,
    }
