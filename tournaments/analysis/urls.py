"""The analysis routes: a player's evening and season, a partnership's evening, his sharing choice."""

from django.urls import path

from tournaments.analysis.views import pages

public_routes = [
    path(
        "session/<int:session_pk>/analysis/player/<int:player_pk>/",
        pages.player_evening_page,
        name="player_evening",
    ),
    path(
        "session/<int:session_pk>/analysis/pair/<int:pair_pk>/", pages.pair_evening_page, name="pair_evening"
    ),
    path("player/<int:player_pk>/season/", pages.player_season_page, name="player_season"),
    path("me/players/<int:pk>/analysis-sharing/", pages.my_analysis_sharing, name="my_analysis_sharing"),
]
