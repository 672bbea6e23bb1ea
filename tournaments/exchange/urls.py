"""The exchange's routes: a session's files (``director:exchange:...``), a teams event's, imports.

The legacy score file's import keeps its own namespace, ``imports``, under /director/import/.
"""

from collections.abc import Callable

from django.http import HttpResponse
from django.urls import URLPattern, path

from tournaments.exchange.views import bws as bws_views
from tournaments.exchange.views import deal_files, downloads, legacy
from tournaments.exchange.views import session_files as views
from tournaments.exchange.views import teams as teams_files
from tournaments.exchange.views import usebio as usebio_views

director = [
    path("teams/<int:event_id>/pbn/", teams_files.teams_pbn, name="teams_pbn"),
    path("teams/<int:event_id>/usebio/", teams_files.teams_usebio, name="teams_usebio"),
]

director_exchange = [
    path("sessions/<int:session_id>/pbn/", views.pbn_download, name="pbn_download"),
    path("sessions/<int:session_id>/pbn/upload/", views.pbn_upload, name="pbn_upload"),
    path("sessions/<int:session_id>/lin/", views.lin_download, name="lin_download"),
    path("sessions/<int:session_id>/usebio/", views.usebio_download, name="usebio_download"),
    path("sessions/<int:session_id>/deals/upload/", deal_files.deal_file_upload, name="deal_file_upload"),
    path("sessions/<int:session_id>/deals/confirm/", deal_files.deal_file_confirm, name="deal_file_confirm"),
    path(
        "sessions/<int:session_id>/deals/<slug:fmt>/",
        deal_files.deal_file_download,
        name="deal_file_download",
    ),
    path("sessions/<int:session_id>/hand-records/", views.hand_records_director, name="hand_records"),
    path("usebio/import/", usebio_views.usebio_upload, name="usebio_upload"),
    path("usebio/import/confirm/", usebio_views.usebio_confirm, name="usebio_confirm"),
    path("bws/import/", bws_views.bws_upload, name="bws_upload"),
    path("bws/import/confirm/", bws_views.bws_confirm, name="bws_confirm"),
]

imports = [
    path("", legacy.upload, name="upload"),
    path("confirm/", legacy.confirm, name="confirm"),
]


def _as_files(route: str, view: Callable[..., HttpResponse], name: str) -> list[URLPattern]:
    """The route once a format: ``standings.csv`` named ``standings_csv``, and the XLSX."""
    return [path(f"{route}.{fmt}", view, {"fmt": fmt}, name=f"{name}_{fmt}") for fmt in downloads.FORMATS]


public_routes = [
    path("session/<int:pk>/hand-records/", views.hand_records_public, name="hand_records"),
    path("session/<int:pk>/boards.lin", views.lin_public, name="session_lin"),
    # The public tables as spreadsheets, beside the pages they download.
    *_as_files("session/<int:pk>/standings", downloads.session_standings_file, "standings"),
    *_as_files(
        "session/<int:session_pk>/board/<int:number>/traveller", downloads.board_traveller_file, "traveller"
    ),
    *_as_files("competition/<int:pk>/table", downloads.competition_file, "competition"),
    *_as_files("event/<int:pk>/ranking", downloads.event_file, "event"),
]
