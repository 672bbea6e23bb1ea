"""The member's opt-out page, reached from the link in every email: no login.

A GET only asks (mail programs and virus scanners open links to look at them, which
must not opt anyone out); the button POSTs, and the opt-out is recorded.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from tournaments.mail.selectors.opt_out import opt_out_link
from tournaments.mail.services.opt_out import mail_opt_out

TEMPLATE = "tournaments/mail/public/opt_out.html"


@require_http_methods(["GET", "POST"])
def opt_out(request: HttpRequest, token: str) -> HttpResponse:
    link = opt_out_link(token)
    if link is None:
        return render(request, TEMPLATE, {"invalid": True}, status=400)
    if request.method == "POST" and not link.done:
        mail_opt_out(club=link.club, player=link.player)
        return render(request, TEMPLATE, {"link": link, "done": True, "just_now": True})
    return render(request, TEMPLATE, {"link": link, "done": link.done})
