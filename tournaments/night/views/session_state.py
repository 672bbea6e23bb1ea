"""Start play, finish the session, or reopen it: each asks first (issue 24, point 12).

The session page's buttons are links to a page that says what the step does and what
stands (pairs seated, boards, results in); only its form, posted with ``confirm=yes``,
moves the session. A post without it (an old page, a stray double submit) is sent to that
page instead of acting. No script is needed, so it works under the site's CSP.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournaments.core.views.access import SignedInRequest
from tournaments.night.models import Session
from tournaments.night.selectors import director as selectors
from tournaments.night.services.movement import session_finish, session_reopen, session_start

TEMPLATES = "tournaments/night/director/"


def _start(session: Session, user: User) -> Session:
    return session_start(session=session)


def _finish(session: Session, user: User) -> Session:
    return session_finish(session=session)


def _reopen(session: Session, user: User) -> Session:
    return session_reopen(session=session, user=user)


StrOrPromise = str | Promise

# action: (service, the page's question, the button, what is said once done)
ACTIONS: dict[str, tuple[Callable[[Session, User], Session], StrOrPromise, StrOrPromise, StrOrPromise]] = {
    "start": (
        _start,
        gettext_lazy("Start play?"),
        gettext_lazy("Yes, start play"),
        gettext_lazy("Play started."),
    ),
    "finish": (
        _finish,
        gettext_lazy("Finish the session?"),
        gettext_lazy("Yes, finish the session"),
        gettext_lazy("Session finished: published."),
    ),
    "reopen": (
        _reopen,
        gettext_lazy("Reopen the session?"),
        gettext_lazy("Yes, reopen it"),
        gettext_lazy("Session reopened: back in play."),
    ),
}


def _session_url(session: Session) -> str:
    return reverse("director:session", args=[session.pk])


@login_required
@require_GET
def session_state_confirm(request: SignedInRequest, session_id: int, action: str) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    if action not in ACTIONS:
        raise Http404("No such step.")
    _name, question, button, _done = ACTIONS[action]
    context = {
        "session": session,
        "action": action,
        "question": question,
        "button": button,
        "summary": selectors.session_state_summary(session),
    }
    return render(request, TEMPLATES + "session_state_confirm.html", context)


@login_required
@require_POST
def session_state(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    action = request.POST.get("action", "")
    if action not in ACTIONS:
        messages.error(request, _("Choose to start play, to finish the session or to reopen it."))
        return redirect(_session_url(session))
    if request.POST.get("confirm") != "yes":
        return redirect("director:state_confirm", session.pk, action)
    service, _question, _button, done = ACTIONS[action]
    try:
        service(session, request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, str(done))
    return redirect(_session_url(session))
