"""URL routes: the public pages, the director's pages and the admin."""

from django.contrib import admin
from django.urls import include, path

from clubscore.views import LoginView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("tournaments.urls")),
]
