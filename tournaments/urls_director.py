"""Routes of the director pages."""

from django.urls import include, path

from tournaments.api import views as api_tokens
from tournaments.night.views import director as views
from tournaments.night.views import movements, seating, session_delete, session_state, table_entry
from tournaments.teams.views import director as teams
from tournaments.teams.views import penalties as teams_penalties
from tournaments.teams.views import state as teams_state

app_name = "director"
urlpatterns = [
    path("", views.home, name="home"),
    path("sessions/new/", views.session_new, name="session_new"),
    path("clubs/<slug:slug>/api-tokens/", api_tokens.club_api_tokens_page, name="api_tokens"),
    path("sessions/<int:session_id>/", views.session_detail, name="session"),
    path("sessions/<int:session_id>/delete/", session_delete.session_delete_view, name="session_delete"),
    path("sessions/<int:session_id>/pairs/", views.session_pair_add, name="pair_add"),
    path("sessions/<int:session_id>/pairs/many/", seating.pairs_seat_many, name="pairs_many"),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/", seating.pair_edit, name="pair_edit"),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/remove/", seating.pair_delete, name="pair_remove"),
    path("sessions/<int:session_id>/deal/", views.session_deal, name="deal"),
    path("sessions/<int:session_id>/boards/", views.session_board_count, name="board_count"),
    path("sessions/<int:session_id>/boards/<int:number>/", views.board_detail, name="board"),
    path("sessions/<int:session_id>/boards/<int:number>/adjust/", views.board_adjust, name="board_adjust"),
    path("sessions/<int:session_id>/boards/<int:number>/assign/", views.board_assign, name="board_assign"),
    path("sessions/<int:session_id>/audit/", views.session_audit, name="audit"),
    path("sessions/<int:session_id>/movement/", movements.session_movement, name="movement"),
    path(
        "sessions/<int:session_id>/movement/boards/",
        movements.session_movement_boards,
        name="movement_boards",
    ),
    path("sessions/<int:session_id>/state/", session_state.session_state, name="state"),
    path(
        "sessions/<int:session_id>/state/<slug:action>/",
        session_state.session_state_confirm,
        name="state_confirm",
    ),
    path(
        "sessions/<int:session_id>/rounds/<int:round_number>/tables/<int:table>/",
        movements.table_round,
        name="table_round",
    ),
    path(
        "sessions/<int:session_id>/cards/tables/",
        movements.guide_cards,
        {"kind": "tables"},
        name="table_cards",
    ),
    path(
        "sessions/<int:session_id>/cards/pairs/", movements.guide_cards, {"kind": "pairs"}, name="pair_cards"
    ),
    path("sessions/<int:session_id>/tables/", table_entry.session_tables, name="tables"),
    path("sessions/<int:session_id>/tables/grid/", table_entry.session_tables_grid, name="tables_grid"),
    path(
        "sessions/<int:session_id>/calls/<int:call_id>/answer/",
        table_entry.session_call_answer,
        name="call_answer",
    ),
    path("results/<int:result_id>/edit/", views.result_edit, name="result_edit"),
    path("results/<int:result_id>/delete/", views.result_remove, name="result_delete"),
    path("teams/new/", teams.teams_new, name="teams_new"),
    path("teams/<int:event_id>/", teams.teams_event, name="teams_event"),
    path("teams/<int:event_id>/teams/", teams.teams_team_add, name="teams_team_add"),
    path("teams/<int:event_id>/draw/", teams.teams_draw, name="teams_draw"),
    path("teams/<int:event_id>/finish/", teams_state.teams_finish, name="teams_finish"),
    path("teams/<int:event_id>/reopen/", teams_state.teams_reopen, name="teams_reopen"),
    path("teams/<int:event_id>/pbn/", teams.teams_pbn, name="teams_pbn"),
    path("teams/<int:event_id>/usebio/", teams.teams_usebio, name="teams_usebio"),
    path("teams/<int:event_id>/rounds/<int:number>/pairs/", teams.teams_round_lineups, name="teams_lineups"),
    path(
        "teams/<int:event_id>/rounds/<int:number>/draw/", teams.teams_round_draw_adjust, name="teams_adjust"
    ),
    path(
        "teams/<int:event_id>/rounds/<int:number>/publish/",
        teams.teams_round_publish_view,
        name="teams_publish",
    ),
    path("teams/<int:event_id>/rounds/<int:number>/cards/", teams.teams_round_cards, name="teams_cards"),
    path(
        "teams/<int:event_id>/rounds/<int:number>/matches/<int:table>/penalties/",
        teams_penalties.teams_match_penalties,
        name="teams_penalties",
    ),
    path("", include("tournaments.urls_exchange")),
    path("", include("tournaments.urls_season")),
]
