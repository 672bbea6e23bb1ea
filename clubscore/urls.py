"""URL routes: the public pages, the director's pages, the JSON API and the admin."""

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from clubscore.views import LoginView, favicon
from tournaments.api.app import api

urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    # The language chooser posts here (Django's set_language): the choice is kept in a cookie.
    # Without the CSRF check: the table's page sends no referrer (its address is its
    # credential), so a browser posts its form with "Origin: null", which the check refuses;
    # and the view writes nothing but the reader's own language cookie.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("api/v1/", api.urls),
    path("", include("tournaments.urls")),
]
