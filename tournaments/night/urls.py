"""The night's routes: the director's (under /director/, in its namespace) and the public's.

``tournaments.urls`` gathers every capability's routes, so the names stay ``director:board``
and ``board`` whichever room serves them.
"""

from django.urls import path

from tournaments.night.views import director as views
from tournaments.night.views import (
    events,
    individual,
    movements,
    public,
    rounds,
    seating,
    session_delete,
    session_state,
    table_entry,
    traveller,
)

director = [
    path("sessions/new/", views.session_new, name="session_new"),
    path("sessions/<int:session_id>/", views.session_detail, name="session"),
    path("sessions/<int:session_id>/delete/", session_delete.session_delete_view, name="session_delete"),
    path("sessions/<int:session_id>/pairs/", views.session_pair_add, name="pair_add"),
    path("sessions/<int:session_id>/pairs/many/", seating.pairs_seat_many, name="pairs_many"),
    path("sessions/<int:session_id>/players/", individual.individual_players_page, name="individual_players"),
    path(
        "sessions/<int:session_id>/players/cards/", individual.individual_cards_page, name="individual_cards"
    ),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/", seating.pair_edit, name="pair_edit"),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/remove/", seating.pair_delete, name="pair_remove"),
    path("sessions/<int:session_id>/deal/", views.session_deal, name="deal"),
    path("sessions/<int:session_id>/boards/", views.session_board_count, name="board_count"),
    path("sessions/<int:session_id>/boards/<int:number>/", views.board_detail, name="board"),
    path("sessions/<int:session_id>/boards/<int:number>/adjust/", views.board_adjust, name="board_adjust"),
    path("sessions/<int:session_id>/boards/<int:number>/assign/", views.board_assign, name="board_assign"),
    path(
        "sessions/<int:session_id>/boards/<int:number>/traveller/",
        traveller.board_traveller,
        name="board_traveller",
    ),
    path("sessions/<int:session_id>/audit/", views.session_audit, name="audit"),
    path("sessions/<int:session_id>/movement/", movements.session_movement, name="movement"),
    path("sessions/<int:session_id>/sections/", movements.session_sections, name="sections"),
    path(
        "sessions/<int:session_id>/movement/boards/",
        movements.session_movement_boards,
        name="movement_boards",
    ),
    path("sessions/<int:session_id>/rounds/draw/", rounds.swiss_round, name="swiss_round"),
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
        "sessions/<int:session_id>/rounds/<int:round_number>/tables/<int:table>/grid/",
        traveller.round_traveller,
        name="round_traveller",
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
    # The grid's stream of changes (server-sent events; every stream's path ends in /events/).
    path("sessions/<int:session_id>/tables/events/", events.tables_grid_events, name="tables_grid_events"),
    path(
        "sessions/<int:session_id>/calls/<int:call_id>/answer/",
        table_entry.session_call_answer,
        name="call_answer",
    ),
    path("results/<int:result_id>/edit/", views.result_edit, name="result_edit"),
    path("results/<int:result_id>/delete/", views.result_remove, name="result_delete"),
]

public_routes = [
    path("session/<int:pk>/", public.session, name="session"),
    path("session/<int:pk>/standings/", public.session_standings, name="session_standings"),
    path("session/<int:pk>/events/", events.session_events, name="session_events"),
    path("session/<int:pk>/individual/", individual.individual_standings_page, name="individual_standings"),
    path("session/<int:session_pk>/board/<int:number>/", public.board, name="board"),
    path("session/<int:session_pk>/pair/<int:pk>/", public.pair, name="pair"),
    # A table's own page and what its script reads and sends; the token is the credential.
    path("table/scores.json", table_entry.score_table, name="table_scores"),
    path("table/<str:token>/", table_entry.table_page, name="table_entry"),
    path("table/<str:token>/state/", table_entry.table_state, name="table_state"),
    path("table/<str:token>/events/", events.table_events, name="table_events"),
    path("table/<str:token>/results/", table_entry.table_submit, name="table_submit"),
    path("table/<str:token>/boards/<int:number>/", table_entry.table_traveller, name="table_traveller"),
    path("table/<str:token>/call/", table_entry.table_call, name="table_call"),
]
