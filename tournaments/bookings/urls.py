"""The bookings' routes: the public programme and feed, a member's bookings, the director's programme."""

from django.urls import path

from tournaments.bookings.views import director, member, public

public_routes = [
    path("club/<slug:slug>/programme/", public.programme, name="programme"),
    path("club/<slug:slug>/programme.ics", public.programme_ical, name="programme_ical"),
    path("me/bookings/", member.my_bookings, name="my_bookings"),
    path("me/bookings/dates/<int:pk>/", member.booking_date, name="booking_date"),
    path("me/bookings/dates/<int:pk>/book/", member.booking_new, name="booking_new"),
    path("me/bookings/<int:pk>/cancel/", member.booking_cancel_view, name="booking_cancel"),
    path("me/bookings/<int:pk>/answer/", member.booking_answer, name="booking_answer"),
    path("me/bookings/singles/<int:pk>/ask/", member.single_ask, name="single_ask"),
    path("me/bookings/asks/<int:pk>/answer/", member.ask_answer, name="ask_answer"),
    path("bookings/partner/<str:token>/", member.booking_partner_link, name="booking_partner_link"),
    path("bookings/feed/<str:token>.ics", member.my_bookings_ical, name="my_bookings_ical"),
]

director_routes = [
    path("clubs/<slug:slug>/programme/", director.programme, name="programme"),
    path("clubs/<slug:slug>/programme/new/", director.planned_new, name="planned_new"),
    path(
        "clubs/<slug:slug>/programme/<int:pk>/withdraw/", director.planned_withdraw, name="planned_withdraw"
    ),
    path("clubs/<slug:slug>/programme/closed/", director.closed_new, name="closed_new"),
    path("clubs/<slug:slug>/programme/rules/", director.rules, name="booking_rules"),
    path("clubs/<slug:slug>/programme/dates/<int:pk>/", director.programme_date, name="programme_date"),
    path("clubs/<slug:slug>/programme/dates/<int:pk>/seat/", director.seat, name="programme_seat"),
    path("clubs/<slug:slug>/programme/dates/<int:pk>/walk-in/", director.walk_in, name="programme_walk_in"),
    path(
        "clubs/<slug:slug>/programme/dates/<int:pk>/cancel/",
        director.date_cancel,
        name="programme_date_cancel",
    ),
    path("clubs/<slug:slug>/programme/bookings/<int:pk>/no-show/", director.no_show, name="booking_no_show"),
]
