"""The shared pages: the site's home, a club's page and the director's home.

Each is drawn by the core from the parts the capabilities add (``core.sections``): the
core lists the clubs, and asks the capabilities for the rest.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.core import sections
from tournaments.core.selectors.access import clubs_directed
from tournaments.core.selectors.clubs import club_get, clubs_list
from tournaments.core.views.access import SignedInRequest


def home(request: HttpRequest) -> HttpResponse:
    context = {"clubs": clubs_list(), "sections": sections.sections(sections.home_page())}
    return render(request, "tournaments/core/home.html", context)


def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_get(slug)
    context = {"club": club, "sections": sections.sections(sections.club_page(club))}
    return render(request, "tournaments/core/club.html", context)


@login_required
def director_home(request: SignedInRequest) -> HttpResponse:
    clubs = list(clubs_directed(request.user))
    context: dict[str, object] = {"clubs": clubs}
    if clubs:
        context["actions"] = sections.links(sections.director_actions())
        context["club_links"] = [(club, sections.links(sections.director_club_links(club))) for club in clubs]
        context["sections"] = sections.sections(sections.director_home(request.user))
    return render(request, "tournaments/core/director_home.html", context)
