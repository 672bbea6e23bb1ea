"""The money's routes, all the director's (the treasurer's, the desk's, the membership secretary's)."""

from django.urls import path

from tournaments.money.views import books, desk, memberships

director = [
    path("clubs/<slug:slug>/money/", books.books, name="money_books"),
    path("clubs/<slug:slug>/money/fees/", books.fees, name="money_fees"),
    path("clubs/<slug:slug>/money/memberships/", memberships.memberships, name="money_memberships"),
    path("clubs/<slug:slug>/money/memberships/renew/", memberships.renewal, name="money_renewal"),
    path(
        "clubs/<slug:slug>/money/memberships/<int:player>/", memberships.membership, name="money_membership"
    ),
    path(
        "clubs/<slug:slug>/money/memberships/members.<slug:fmt>",
        memberships.memberships_export,
        name="money_memberships_export",
    ),
    path("sessions/<int:session_id>/desk/", desk.desk, name="money_desk"),
]
