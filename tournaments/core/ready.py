"""The core's own parts of the shared pages: the list of clubs, each club's settings and API tokens."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section
from tournaments.core.selectors.clubs import clubs_list


def home_clubs() -> Section:
    return Section("tournaments/core/_clubs.html", {"clubs": clubs_list()}, order=10)


def director_club_links(club: Club) -> list[Link]:
    """The club's settings (its federation), and its API tokens for programs that send results."""
    return [
        Link(_("settings"), reverse("director:club_settings", args=[club.slug]), order=5),
        Link(_("API tokens"), reverse("director:api_tokens", args=[club.slug]), order=90),
    ]


def ready() -> None:
    sections.home_page.register(home_clubs)
    sections.director_club_links.register(director_club_links)
