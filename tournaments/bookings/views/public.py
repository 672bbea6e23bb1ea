"""The club's programme for everyone: a page, and an iCalendar feed a phone's calendar subscribes to."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.bookings.selectors.feeds import programme_calendar
from tournaments.bookings.selectors.programme import PUBLIC_DATES, dates_ahead
from tournaments.core.models import Club

ICAL = "text/calendar; charset=utf-8"


def programme(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    context = {"club": club, "dates": list(dates_ahead(club)[:PUBLIC_DATES])}
    return render(request, "tournaments/bookings/programme.html", context)


def programme_ical(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    response = HttpResponse(programme_calendar(club), content_type=ICAL)
    response["Content-Disposition"] = f'inline; filename="{club.slug}-programme.ics"'
    return response
