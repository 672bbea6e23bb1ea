"""A board's traveller, for a table that has played it: the results entered so far, and its own.

Its figures are worked out in memory when the board was entered since the last settle
(``board_figures.board_scored_unsaved``), so the table need not wait for the rescoring.
A teams table's traveller is its match's two tables instead (``hooks.table_traveller``).
"""

from __future__ import annotations

from typing import Any

from tournaments.night import hooks
from tournaments.night.figures import board_scored_unsaved
from tournaments.night.models import Result, Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.table_entry.rounds import table_rounds


class BoardNotPlayedError(Exception):
    """The table asked for a traveller of a board it has not played (yet)."""


def table_traveller(access: TableAccess, number: int) -> dict[str, Any]:
    """The traveller of a board this table has played: the results entered so far, and its own.

    Refused (``BoardNotPlayedError``) for a board the table has no result on, so a phone
    never shows a board that its players still have to play.
    """
    session = access.session
    movement = movement_selectors.session_movement(session)
    if movement is None:
        raise BoardNotPlayedError(number)
    pairs = list(session.pairs.select_related("player1", "player2", "section"))
    mine = None
    for entry in table_rounds(session, movement, access.table, pairs):
        for board in entry.boards:
            if board.number == number and board.result is not None:
                mine = board.result
    if mine is None:
        raise BoardNotPlayedError(number)
    for own in hooks.table_traveller(session, access.table, number, mine):
        if own is not None:  # a teams table: the match's other table, not the room (issue 28)
            return own
    results = list(
        Result.objects.filter(board_id=mine.board_id).select_related("ns_pair", "ew_pair").order_by("pk")
    )
    if any(result.ns_matchpoints is None for result in results):  # entered since the last rescoring
        board_scored_unsaved(session, results)
    mine = next(result for result in results if result.pk == mine.pk)
    results.sort(key=lambda result: (result.ns_pair.number, result.pk))
    rows = [_traveller_row(session, result, mine) for result in results]
    return {
        "board": number,
        "rows": rows,
        "ns_percentage": mine.ns_percentage,
        "ew_percentage": mine.ew_percentage,
        "ns_imps": mine.ns_imps,
        "ew_imps": mine.ew_imps,
        "results": len(rows),
    }


def _traveller_row(session: Session, result: Result, mine: Result) -> dict[str, Any]:
    return {
        "ns": result.ns_pair.label,
        "ew": result.ew_pair.label if result.ew_pair else "-",
        "result": result.traveller_display,
        "ns_score": result.ns_score,
        "ns_percentage": result.ns_percentage,
        "ew_percentage": result.ew_percentage,
        "ns_imps": result.ns_imps,
        "mine": result.pk == mine.pk,
    }
