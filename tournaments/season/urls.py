"""The season's routes: the director's (competitions, members, players) and the public's."""

from django.urls import path

from tournaments.season.views import competitions as views
from tournaments.season.views import events, members, player_pages, players

director = [
    path("clubs/<slug:slug>/competitions/", views.competitions, name="competitions"),
    path("clubs/<slug:slug>/competitions/new/", views.competition_edit, name="competition_new"),
    path("clubs/<slug:slug>/competitions/<int:pk>/", views.competition_edit, name="competition_edit"),
    path("clubs/<slug:slug>/events/", events.events, name="events"),
    path("clubs/<slug:slug>/events/<int:pk>/", events.event_director, name="event"),
    path(
        "clubs/<slug:slug>/events/<int:pk>/sessions/<int:session>/remove/",
        events.event_session_remove,
        name="event_session_remove",
    ),
    path("players/duplicates/", players.duplicates, name="duplicates"),
    path("players/merge/<int:keep>/<int:duplicate>/", players.merge, name="merge"),
    path("clubs/<slug:slug>/members/", members.members, name="members"),
    path("clubs/<slug:slug>/members/confirm/", members.members_confirm, name="members_confirm"),
    path("clubs/<slug:slug>/members/<int:player>/", members.member_edit, name="member_edit"),
    path("players/<int:pk>/", players.player, name="player"),
    path("players/<int:pk>/initials/", players.player_initials, name="player_initials"),
    path("players/<int:pk>/erase/", players.player_erasure, name="player_erase"),
    path("players/<int:pk>/data.json", players.player_data, name="player_data"),
]

public_routes = [
    path("player/<int:pk>/", player_pages.player, name="player"),
    path("players/", player_pages.player_search, name="player_search"),
    path("competition/<int:pk>/", views.competition, name="competition"),
    path("event/<int:pk>/", events.event, name="event"),
]
