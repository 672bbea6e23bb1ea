"""The bookings' part of the shared pages: the programme on the club's page, a link on the director's."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.bookings import entries_ready
from tournaments.bookings.selectors.programme import dates_ahead
from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section

CLUB_PAGE_DATES = 5


def club_programme(club: Club) -> Section | None:
    dates = list(dates_ahead(club)[:CLUB_PAGE_DATES])
    if not dates:
        return None
    return Section("tournaments/bookings/_club_programme.html", {"club": club, "dates": dates}, order=15)


def director_club_links(club: Club) -> list[Link]:
    return [Link(_("programme"), reverse("director:programme", args=[club.slug]), order=25)]


def ready() -> None:
    entries_ready.ready()
    sections.club_page.register(club_programme)
    sections.director_club_links.register(director_club_links)
