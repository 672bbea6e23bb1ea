"""The public tables as CSV and XLSX files, on the terms of the pages they download.

Each answers as its page does: a session or a competition that does not exist is a
404, a board still in play is a 404 (its page shows nothing of it), and scores a lost
settle left marked are settled first, so the file holds the figures the page shows.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from tournaments.exchange.selectors import downloads as selectors
from tournaments.exchange.spreadsheets import CSV_TYPE, XLSX_TYPE, Table, csv_bytes, xlsx_bytes
from tournaments.night.selectors import public as public_selectors
from tournaments.night.selectors.publication import public_board_numbers
from tournaments.night.services.settle_soon import scores_settle_if_due
from tournaments.season.selectors.competitions import competition_get
from tournaments.season.selectors.events import event_get

FORMATS = ("csv", "xlsx")


def _download(table: Table, filename: str, fmt: str) -> HttpResponse:
    """The table as an attachment named ``filename.csv`` or ``filename.xlsx``."""
    if fmt == "xlsx":
        response = HttpResponse(xlsx_bytes(table), content_type=XLSX_TYPE)
    else:
        response = HttpResponse(csv_bytes(table), content_type=CSV_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    return response


def session_standings_file(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    session = public_selectors.session_get(pk)
    scores_settle_if_due(session.pk, marked=session.scores_marked)
    return _download(selectors.standings_table(session), selectors.standings_filename(session), fmt)


def board_traveller_file(request: HttpRequest, session_pk: int, number: int, fmt: str) -> HttpResponse:
    board = public_selectors.board_get(session_pk, number)
    public = public_board_numbers(board.session)
    if public is not None and board.number not in public:
        raise Http404(
            _("This board is still being played: its traveller shows once every table has played it.")
        )
    scores_settle_if_due(board.session_id, marked=board.scores_marked)
    return _download(selectors.traveller_table(board), selectors.traveller_filename(board), fmt)


def competition_file(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    competition = competition_get(pk)
    return _download(
        selectors.competition_table(competition), selectors.competition_filename(competition), fmt
    )


def event_file(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    event = event_get(pk)
    return _download(selectors.event_table(event), selectors.event_filename(event), fmt)
