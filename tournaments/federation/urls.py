"""The federation's routes: a club's master points page and its federation's files, a session's
handicaps (the director's)."""

from django.urls import path

from tournaments.federation.views import awards, club, handicaps, strata

director = [
    path("clubs/<slug:slug>/master-points/", club.club_master_points, name="master_points"),
    path("clubs/<slug:slug>/master-points/abf-file/", club.club_abf_file, name="master_points_abf"),
    path("clubs/<slug:slug>/master-points/acbl-report/", club.club_acbl_report, name="master_points_acbl"),
    path("sessions/<int:session_id>/handicaps/", handicaps.session_handicaps, name="session_handicaps"),
    path("sessions/<int:session_id>/strata/", strata.session_strata, name="session_strata"),
    path(
        "sessions/<int:session_id>/master-point-scale/",
        awards.session_master_point_type,
        name="session_master_point_type",
    ),
]
