"""The app's routes: public pages at the top, the director's under /director/."""

from django.urls import include, path

urlpatterns = [
    path("director/", include("tournaments.urls_director")),
    path("director/import/", include("tournaments.urls_imports")),
    path("", include("tournaments.urls_public")),
]
