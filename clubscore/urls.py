"""URL routes: the public pages, the director's pages, the JSON API and the admin."""

from django.contrib import admin
from django.urls import include, path

from clubscore.views import LoginView, favicon
from tournaments.api.app import api

urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    # The language chooser posts here (Django's set_language): the choice is kept in a cookie.
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", api.urls),
    path("", include("tournaments.urls")),
]
