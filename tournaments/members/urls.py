"""The members' routes: signing in by a link, and the member's own pages under /me/."""

from django.urls import path

from tournaments.members.views import my_club, sign_in

public_routes = [
    path("members/sign-in/", sign_in.sign_in, name="member_sign_in"),
    path("members/sign-in/<str:token>/", sign_in.sign_in_link, name="member_sign_in_link"),
    path("members/sign-out/", sign_in.sign_out, name="member_sign_out"),
    path("me/", my_club.my_club, name="my_club"),
    path("me/players/<int:pk>/", my_club.my_player, name="my_player"),
    path("me/players/<int:pk>/privacy/", my_club.my_privacy, name="my_privacy"),
    path("me/players/<int:pk>/mail/<slug:slug>/", my_club.my_results_mail, name="my_results_mail"),
    path("me/players/<int:pk>/data.json", my_club.my_data, name="my_data"),
]
