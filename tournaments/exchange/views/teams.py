"""A teams event's files for the director: its matches as PBN, its results as USEBIO 1.2."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse

from tournaments.core.views.access import SignedInRequest
from tournaments.exchange.selectors.teams_pbn import teams_event_pbn_filename, teams_event_pbn_text
from tournaments.exchange.selectors.teams_usebio import teams_event_usebio_bytes, teams_event_usebio_filename
from tournaments.teams.selectors import events as selectors


@login_required
def teams_pbn(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The event's boards at both tables of every match, as a PBN export file."""
    event = selectors.teams_event_for_director(request.user, event_id)
    response = HttpResponse(teams_event_pbn_text(event), content_type="text/x-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{teams_event_pbn_filename(event)}"'
    return response


@login_required
def teams_usebio(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The event's teams, ranking and every match at both tables, as a USEBIO 1.2 file."""
    event = selectors.teams_event_for_director(request.user, event_id)
    response = HttpResponse(teams_event_usebio_bytes(event), content_type="application/xml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{teams_event_usebio_filename(event)}"'
    return response
