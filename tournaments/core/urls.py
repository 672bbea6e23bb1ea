"""The core's routes: the site's home and a club's page, the director's home and a club's API tokens."""

from django.urls import path

from tournaments.core.views import api_tokens, health, pages

director = [
    path("", pages.director_home, name="home"),
    path("clubs/<slug:slug>/api-tokens/", api_tokens.club_api_tokens_page, name="api_tokens"),
]

public_routes = [
    path("", pages.home, name="home"),
    path("club/<slug:slug>/", pages.club, name="club"),
    path("healthz", health.healthz, name="healthz"),
]
