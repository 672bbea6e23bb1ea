"""Results by email's routes: the director's email page of a session, and the member's opt-out link."""

from django.urls import path

from tournaments.mail.views import director, opt_out

director_routes = [
    path("sessions/<int:session_id>/email/", director.session_mail, name="mail_session"),
    path("sessions/<int:session_id>/email/resend/", director.session_mail_resend, name="mail_resend"),
]

public_routes = [
    path("email/opt-out/<str:token>/", opt_out.opt_out, name="mail_opt_out"),
]
