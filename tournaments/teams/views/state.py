"""Finish a teams event, or reopen it: each asks first (issue 28), as a pairs session's steps do.

The event page's buttons are links to a page that says what stands (the results in
against the results the published rounds play, the matches not played out, the rounds
not drawn); only its form, posted with ``confirm=yes``, acts. A post without it (an old
page, a stray double submit) is sent to that page instead. While matches are unplayed
the finish is refused unless the director ticks "finish anyway" (``anyway=yes``).
No script is needed, so it works under the site's CSP.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.views.access import SignedInRequest
from tournaments.night.models import SessionState
from tournaments.teams.models import TeamsEvent
from tournaments.teams.selectors import events as selectors
from tournaments.teams.selectors.finish import teams_event_progress
from tournaments.teams.services.events import teams_event_finish, teams_event_reopen

TEMPLATES = "tournaments/teams/"


def _event_url(event: TeamsEvent) -> str:
    return reverse("director:teams_event", args=[event.pk])


def _confirm_page(request: HttpRequest, event: TeamsEvent, action: str) -> HttpResponse:
    context = {"event": event, "action": action, "progress": teams_event_progress(event)}
    return render(request, TEMPLATES + "state_confirm.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def teams_finish(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Ask first (GET); finish on the confirmed post, refused while matches are unplayed unless insisted."""
    event = selectors.teams_event_for_director(request.user, event_id)
    if request.method == "GET" or request.POST.get("confirm") != "yes":
        if event.state == SessionState.FINISHED:
            messages.info(request, _("%(event)s has finished already.") % {"event": event.name})
            return redirect(_event_url(event))
        if request.method == "POST":
            return redirect("director:teams_finish", event.pk)
        return _confirm_page(request, event, "finish")
    try:
        teams_event_finish(event=event, user=request.user, anyway=request.POST.get("anyway") == "yes")
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("director:teams_finish", event.pk)
    messages.success(
        request, _("%(event)s finished: the ranking and every match are published.") % {"event": event.name}
    )
    return redirect(_event_url(event))


@login_required
@require_http_methods(["GET", "POST"])
def teams_reopen(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Ask first (GET); reopen a finished event on the confirmed post (audited)."""
    event = selectors.teams_event_for_director(request.user, event_id)
    if request.method == "GET":
        if event.state != SessionState.FINISHED:
            messages.info(
                request, _("%(event)s is not finished: there is nothing to reopen.") % {"event": event.name}
            )
            return redirect(_event_url(event))
        return _confirm_page(request, event, "reopen")
    if request.POST.get("confirm") != "yes":
        return redirect("director:teams_reopen", event.pk)
    try:
        teams_event_reopen(event=event, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("%(event)s reopened: back in play, the tables' links work again.") % {"event": event.name},
        )
    return redirect(_event_url(event))
