"""The shared pages: the site's home, a club's page and the director's home.

Each is drawn by the core from the parts the capabilities add (``core.sections``): the
core lists the clubs, and asks the capabilities for the rest.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve

from tournaments.core import sections
from tournaments.core.models import Role
from tournaments.core.route_roles import ROUTE_ROLES, roles_for_route, route_roles
from tournaments.core.selectors.access import clubs_directed, roles_held, roles_held_anywhere
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
        everywhere = roles_held_anywhere(request.user)
        context["actions"] = _open_links(sections.links(sections.director_actions()), everywhere)
        context["club_links"] = [
            (
                club,
                _open_links(
                    sections.links(sections.director_club_links(club)), roles_held(request.user, club.pk)
                ),
            )
            for club in clubs
        ]
        # The sessions and events listed are those of the clubs where a role opens a session's page.
        with route_roles(ROUTE_ROLES["director:session"]):
            context["sections"] = sections.sections(sections.director_home(request.user))
    return render(request, "tournaments/core/director_home.html", context)


def _open_links(links: list[sections.Link], held: frozenset[Role]) -> list[sections.Link]:
    """Keep the links whose route one of ``held`` opens (core/route_roles.py): a scorer sees no settings."""
    return [link for link in links if _opens(link.url, held)]


def _opens(url: str, held: frozenset[Role]) -> bool:
    try:
        needed = roles_for_route(resolve(url.split("?", 1)[0]).view_name)
    except Resolver404:
        return True  # not a route of ours: nothing to hide
    return needed is None or bool(needed & held)
