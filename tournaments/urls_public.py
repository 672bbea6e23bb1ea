"""Routes of the public pages: read-only, no login."""

from django.urls import path

from tournaments.exchange.views import session_files as exchange
from tournaments.night.views import public, table_entry
from tournaments.season.views import competitions as season
from tournaments.teams.views import public as teams_public

urlpatterns = [
    path("", public.home, name="home"),
    path("club/<slug:slug>/", public.club, name="club"),
    path("session/<int:pk>/", public.session, name="session"),
    path("session/<int:pk>/standings/", public.session_standings, name="session_standings"),
    path("session/<int:session_pk>/board/<int:number>/", public.board, name="board"),
    path("session/<int:pk>/hand-records/", exchange.hand_records_public, name="hand_records"),
    path("session/<int:pk>/boards.lin", exchange.lin_public, name="session_lin"),
    path("session/<int:session_pk>/pair/<int:pk>/", public.pair, name="pair"),
    path("player/<int:pk>/", public.player, name="player"),
    path("teams/<int:event_id>/", teams_public.teams_event_public, name="teams_event_public"),
    path("teams/<int:event_id>/butler/", teams_public.teams_butler, name="teams_butler"),
    path(
        "teams/<int:event_id>/rounds/<int:number>/matches/<int:table>/",
        teams_public.teams_match,
        name="teams_match",
    ),
    path("players/", public.player_search, name="player_search"),
    path("competition/<int:pk>/", season.competition, name="competition"),
    # A table's own page and what its script reads and sends; the token is the credential.
    path("table/scores.json", table_entry.score_table, name="table_scores"),
    path("table/<str:token>/", table_entry.table_page, name="table_entry"),
    path("table/<str:token>/state/", table_entry.table_state, name="table_state"),
    path("table/<str:token>/results/", table_entry.table_submit, name="table_submit"),
    path("table/<str:token>/boards/<int:number>/", table_entry.table_traveller, name="table_traveller"),
    path("table/<str:token>/call/", table_entry.table_call, name="table_call"),
]
