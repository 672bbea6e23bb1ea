"""Delete a session made by mistake: a page that asks first, and the post that deletes (issue 28, 5).

As the state buttons do (``views.session_state``), the session page links to a page that
says what goes (pairs, boards, results); only its form, posted with ``confirm=yes``,
deletes. A session with results is refused there and then, saying why
(``services.session_delete``). A second post for a session already deleted (a
double-clicked Delete) is told so and sent to the director's home, not shown a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.core.selectors.access import clubs_directed
from tournaments.core.views.access import SignedInRequest
from tournaments.night.models import Session, SessionDeletion
from tournaments.night.selectors import director as selectors
from tournaments.night.services.session_delete import check_session_deletable, session_delete

ALREADY_DELETED = gettext_lazy("That session was already deleted.")


@login_required
@require_http_methods(["GET", "POST"])
def session_delete_view(request: SignedInRequest, session_id: int) -> HttpResponse:
    try:
        session = selectors.session_for_director(request.user, session_id)
    except Http404:
        if _deleted_here(request, session_id):
            messages.info(request, ALREADY_DELETED)
            return redirect("director:home")
        raise
    if request.method == "GET":
        return _confirm_page(request, session)
    if request.POST.get("confirm") != "yes":
        return redirect("director:session_delete", session.pk)
    try:
        record = session_delete(session=session, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("director:session", session.pk)
    if record is None:
        messages.info(request, ALREADY_DELETED)
    else:
        messages.success(
            request,
            _("Session %(name)s of %(date)s deleted.")
            % {"name": session.name, "date": f"{session.date:%Y-%m-%d}"},
        )
    return redirect("director:home")


def _deleted_here(request: SignedInRequest, session_id: int) -> bool:
    """Whether a club this user runs has a record of deleting that session."""
    clubs = clubs_directed(request.user)
    return SessionDeletion.objects.filter(session_pk=session_id, club__in=clubs).exists()


def _confirm_page(request: HttpRequest, session: Session) -> HttpResponse:
    try:
        check_session_deletable(session)
    except ValidationError as error:
        refusal = " ".join(error.messages)
    else:
        refusal = ""
    context = {"session": session, "summary": selectors.session_state_summary(session), "refusal": refusal}
    return render(request, "tournaments/night/director/session_delete.html", context)
