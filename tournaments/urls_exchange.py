"""Routes of the director's hand-record pages (PBN in and out, LIN and USEBIO out, print)."""

from django.urls import path

from tournaments.views import exchange as views

app_name = "exchange"
urlpatterns = [
    path("sessions/<int:session_id>/pbn/", views.pbn_download, name="pbn_download"),
    path("sessions/<int:session_id>/pbn/upload/", views.pbn_upload, name="pbn_upload"),
    path("sessions/<int:session_id>/lin/", views.lin_download, name="lin_download"),
    path("sessions/<int:session_id>/usebio/", views.usebio_download, name="usebio_download"),
    path("sessions/<int:session_id>/hand-records/", views.hand_records_director, name="hand_records"),
]
