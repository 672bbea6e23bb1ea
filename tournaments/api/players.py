"""Reads of players: a search by name, a player, and their sessions with their standings.

A player is shown as the public pages show him (``Player.public_name``): by initials when
he asked for it, and then not found by name. No read gives a federation number.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from ninja import Query, Router

from tournaments.api.http import json_response, page_of
from tournaments.api.reads import reads
from tournaments.api.schemas import HistoryOut, Id, Page, PageQuery, PlayerOut
from tournaments.api.shapes import pair_out, session_summary
from tournaments.core.models import Player
from tournaments.season.selectors import player_pages

router = Router(tags=["reads"])


def _player_out(player: Player) -> dict:
    return {"id": player.pk, "name": player.public_name}


@router.get("/players", response=reads(Page[PlayerOut]), summary="Players whose name contains q")
def players(
    request: HttpRequest,
    page: Query[PageQuery],
    q: str = Query("", max_length=120, description="Part of a name"),
) -> HttpResponse:
    data = page_of(player_pages.players_matching(q), page)  # the public search's rule, every page
    data["items"] = [_player_out(player) for player in data["items"]]
    return json_response(request, Page[PlayerOut], data)


@router.get("/players/{player_id}", response=reads(PlayerOut), summary="One player")
def player(request: HttpRequest, player_id: Id) -> HttpResponse:
    return json_response(request, PlayerOut, _player_out(player_pages.player_get(player_id)))


@router.get(
    "/players/{player_id}/history",
    response=reads(Page[HistoryOut]),
    summary="The sessions a player sat in, oldest first, with the pair's standing",
)
def history(request: HttpRequest, player_id: Id, page: Query[PageQuery]) -> HttpResponse:
    rows = player_pages.player_history(player_pages.player_get(player_id))
    data = page_of(rows, page)
    data["items"] = [_history_out(row) for row in data["items"]]
    return json_response(request, Page[HistoryOut], data)


def _history_out(row: player_pages.HistoryRow) -> dict:
    standing = row.standing
    return {
        "session": session_summary(row.session),
        "pair": pair_out(row.pair) if row.number is None else None,
        "number": row.number,
        "rank": standing.rank if standing is not None else None,
        "percentage": standing.percentage if standing is not None else None,
        "boards_played": standing.boards_played if standing is not None else 0,
    }
