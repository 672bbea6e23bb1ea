"""Teams' routes: the director's (under /director/, in its namespace) and the public's."""

from django.urls import path

from tournaments.teams.views import director as teams
from tournaments.teams.views import penalties as teams_penalties
from tournaments.teams.views import public as teams_public
from tournaments.teams.views import state as teams_state

director = [
    path("teams/new/", teams.teams_new, name="teams_new"),
    path("teams/<int:event_id>/", teams.teams_event, name="teams_event"),
    path("teams/<int:event_id>/teams/", teams.teams_team_add, name="teams_team_add"),
    path("teams/<int:event_id>/draw/", teams.teams_draw, name="teams_draw"),
    path("teams/<int:event_id>/finish/", teams_state.teams_finish, name="teams_finish"),
    path("teams/<int:event_id>/reopen/", teams_state.teams_reopen, name="teams_reopen"),
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
]

public_routes = [
    path("teams/<int:event_id>/", teams_public.teams_event_public, name="teams_event_public"),
    path("teams/<int:event_id>/butler/", teams_public.teams_butler, name="teams_butler"),
    path(
        "teams/<int:event_id>/rounds/<int:number>/matches/<int:table>/",
        teams_public.teams_match,
        name="teams_match",
    ),
]
