"""The core's own part of the shared pages: the list of clubs on the home page."""

from __future__ import annotations

from tournaments.core import sections
from tournaments.core.sections import Section
from tournaments.core.selectors.clubs import clubs_list


def home_clubs() -> Section:
    return Section("tournaments/core/_clubs.html", {"clubs": clubs_list()}, order=10)


def ready() -> None:
    sections.home_page.register(home_clubs)
