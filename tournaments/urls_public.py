"""Routes of the public pages: read-only, no login."""

from django.urls import path

from tournaments.views import exchange, public

urlpatterns = [
    path("", public.home, name="home"),
    path("club/<slug:slug>/", public.club, name="club"),
    path("session/<int:pk>/", public.session, name="session"),
    path("session/<int:pk>/standings/", public.session_standings, name="session_standings"),
    path("session/<int:session_pk>/board/<int:number>/", public.board, name="board"),
    path("session/<int:pk>/hand-records/", exchange.hand_records_public, name="hand_records"),
    path("session/<int:session_pk>/pair/<int:pk>/", public.pair, name="pair"),
    path("player/<int:pk>/", public.player, name="player"),
    path("players/", public.player_search, name="player_search"),
]
