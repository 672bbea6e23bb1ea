"""The core's routes: the home and a club's page, the director's home, a club's tokens, settings, roles."""

from django.urls import path

from tournaments.core.views import api_tokens, club_roles, club_settings, health, pages

director = [
    path("", pages.director_home, name="home"),
    path("clubs/<slug:slug>/api-tokens/", api_tokens.club_api_tokens_page, name="api_tokens"),
    path("clubs/<slug:slug>/settings/", club_settings.club_settings, name="club_settings"),
    path("clubs/<slug:slug>/roles/", club_roles.club_roles_page, name="club_roles"),
]

public_routes = [
    path("", pages.home, name="home"),
    path("club/<slug:slug>/", pages.club, name="club"),
    path("healthz", health.healthz, name="healthz"),
]
