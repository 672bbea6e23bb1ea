"""Routes of the director's exchange pages (PBN in and out, LIN out, USEBIO in and out, print)."""

from django.urls import path

from tournaments.exchange.views import session_files as views
from tournaments.exchange.views import usebio as usebio_views

app_name = "exchange"
urlpatterns = [
    path("sessions/<int:session_id>/pbn/", views.pbn_download, name="pbn_download"),
    path("sessions/<int:session_id>/pbn/upload/", views.pbn_upload, name="pbn_upload"),
    path("sessions/<int:session_id>/lin/", views.lin_download, name="lin_download"),
    path("sessions/<int:session_id>/usebio/", views.usebio_download, name="usebio_download"),
    path("sessions/<int:session_id>/hand-records/", views.hand_records_director, name="hand_records"),
    path("usebio/import/", usebio_views.usebio_upload, name="usebio_upload"),
    path("usebio/import/confirm/", usebio_views.usebio_confirm, name="usebio_confirm"),
]
