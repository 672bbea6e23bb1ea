"""Routes of the director's page that imports legacy score files (under /director/import/)."""

from django.urls import path

from tournaments.exchange.views import legacy as views

app_name = "imports"
urlpatterns = [
    path("", views.upload, name="upload"),
    path("confirm/", views.confirm, name="confirm"),
]
