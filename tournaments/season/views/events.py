"""The event pages: the director's (create, add sessions, the ranking) and the public ranking."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.night.models import Session
from tournaments.season.forms import EventForm, EventSessionForm, NextSessionForm
from tournaments.season.models import Event
from tournaments.season.selectors import events as selectors
from tournaments.season.services import events as services


def event(request: HttpRequest, pk: int) -> HttpResponse:
    table = selectors.event_standings(selectors.event_get(pk))
    return render(request, "tournaments/season/public/event.html", {"table": table})


@login_required
@require_http_methods(["GET", "POST"])
def events(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's events and the form that creates one."""
    club = club_for_director(request.user, slug)
    form = EventForm(request.POST or None)
    response = form_write(
        request,
        form,
        lambda: services.event_create(club=club, **form.cleaned_data),
        message=lambda made: _("Event %(name)s created: add its first session.") % {"name": made.name},
        to=lambda made: _director_url(made),
    )
    if response is not None:
        return response
    context = {"club": club, "events": selectors.events_of(club), "form": form}
    return render(
        request, "tournaments/season/director/events.html", context, status=400 if form.is_bound else 200
    )


@login_required
@require_http_methods(["GET", "POST"])
def event_director(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    """The director's event: its sessions, adding one (existing or the next), the ranking."""
    club = club_for_director(request.user, slug)
    found = get_object_or_404(Event, pk=pk, club=club)
    posted = request.POST if request.method == "POST" else None
    add = EventSessionForm(
        posted if posted and "add" in posted else None, club=club, offered=selectors.sessions_to_add(found)
    )
    count = len(selectors.event_sessions(found))
    suggested = _("%(event)s, session %(number)d") % {"event": found.name, "number": count + 1}
    following = NextSessionForm(posted if posted and "next" in posted else None, initial={"name": suggested})
    response = form_write(
        request,
        add,
        lambda: services.event_session_add(event=found, session=add.cleaned_data["session"]).session,
        message=lambda session: _added(found, session),
        to=lambda _session: _director_url(found),
    ) or form_write(
        request,
        following,
        lambda: services.event_session_next(event=found, **following.cleaned_data),
        message=lambda session: (
            _("%(session)s created with the event's pairs seated.") % {"session": session.name}
        ),
        to=lambda session: reverse("director:session", args=[session.pk]),
    )
    if response is not None:
        return response
    context = {
        "club": club,
        "event": found,
        "table": selectors.event_standings(found),
        "add": add,
        "next": following,
    }
    status = 400 if (add.is_bound or following.is_bound) else 200
    return render(request, "tournaments/season/director/event.html", context, status=status)


@login_required
@require_POST
def event_session_remove(request: SignedInRequest, slug: str, pk: int, session: int) -> HttpResponse:
    club = club_for_director(request.user, slug)
    found = get_object_or_404(Event, pk=pk, club=club)
    removed = get_object_or_404(Session, pk=session, club=club)
    try:
        services.event_session_remove(event=found, session=removed)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(session)s taken out of the event.") % {"session": removed.name})
    return redirect(_director_url(found))


def _added(found: Event, session: Session) -> str:
    """Say the session is added and, after the first, how many of its pairs continue the event."""
    added = _("%(session)s added to the event.") % {"session": session.name}
    if len(selectors.event_sessions(found)) == 1:
        return added
    continuing, seated = selectors.pairs_continuing(found, session)
    counts = {"continuing": continuing, "seated": seated}
    return (
        f"{added} " + _("%(continuing)d of its %(seated)d pairs played the event's other sessions.") % counts
    )


def _director_url(found: Event) -> str:
    return reverse("director:event", args=[found.club.slug, found.pk])
