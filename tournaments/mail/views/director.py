"""The director's email page of a session: who was sent what, and a resend for one player or all."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tournaments.core.views.access import SignedInRequest
from tournaments.mail.selectors.page import session_mail_page, session_mails_results
from tournaments.mail.services.sending import MailOutcome, results_mail_resend
from tournaments.night.selectors.director import session_for_director


@login_required
@require_GET
def session_mail(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = session_for_director(request.user, session_id)
    context = {
        "session": session,
        "page": session_mail_page(session),
        "mails": session_mails_results(session),
    }
    return render(request, "tournaments/mail/director/session.html", context)


def _number(text: str | None) -> int | None:
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 19 else None


@login_required
@require_POST
def session_mail_resend(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = session_for_director(request.user, session_id)
    player_id = _number(request.POST.get("player"))
    shown_up_to = _number(request.POST.get("shown_up_to"))
    if shown_up_to is None or (request.POST.get("player") and player_id is None):
        messages.error(request, _("Nothing was sent: resend from the buttons of this page."))
        return redirect("director:mail_session", session.pk)
    try:
        outcome = results_mail_resend(
            session=session, user=request.user, shown_up_to=shown_up_to, player_id=player_id
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        _tell(request, outcome)
    return redirect("director:mail_session", session.pk)


def _tell(request: HttpRequest, outcome: MailOutcome) -> None:
    if outcome.sent:
        messages.success(
            request,
            ngettext("Sent %(count)d email.", "Sent %(count)d emails.", outcome.sent)
            % {"count": outcome.sent},
        )
    if outcome.failed:
        messages.error(request, _("Not sent: %(failed)s") % {"failed": "; ".join(outcome.failed)})
    if outcome.skipped:
        messages.info(request, _("Skipped: %(skipped)s") % {"skipped": "; ".join(outcome.skipped)})
    if not (outcome.sent or outcome.failed or outcome.skipped):
        messages.info(
            request, _("Nobody to send to: no player of this session has an email on the member list.")
        )
