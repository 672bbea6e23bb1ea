"""The exchange's routes: a session's files (``director:exchange:...``), a teams event's, imports.

The legacy score file's import keeps its own namespace, ``imports``, under /director/import/.
"""

from django.urls import path

from tournaments.exchange.views import legacy
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
    path("sessions/<int:session_id>/hand-records/", views.hand_records_director, name="hand_records"),
    path("usebio/import/", usebio_views.usebio_upload, name="usebio_upload"),
    path("usebio/import/confirm/", usebio_views.usebio_confirm, name="usebio_confirm"),
]

imports = [
    path("", legacy.upload, name="upload"),
    path("confirm/", legacy.confirm, name="confirm"),
]

public_routes = [
    path("session/<int:pk>/hand-records/", views.hand_records_public, name="hand_records"),
    path("session/<int:pk>/boards.lin", views.lin_public, name="session_lin"),
]
