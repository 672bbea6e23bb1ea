"""The core's routes: the site's home and a club's page, and the director's home."""

from django.urls import path

from tournaments.core.views import pages

director = [
    path("", pages.director_home, name="home"),
]

public_routes = [
    path("", pages.home, name="home"),
    path("club/<slug:slug>/", pages.club, name="club"),
]
