"""The parts each capability adds to the site's shared pages, gathered through hooks.

The home page, a club's page and the director's home belong to no one capability: each
lists what several hold (the night's sessions, the season's competitions, the teams
events). The core draws the page and calls a hook; each capability registers, in
``TournamentsConfig.ready``, a function that returns its part (a ``Section``: a template
and what it needs) or its links, so a new capability adds itself to the pages without
the core knowing it (``tournaments.core.hooks``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.contrib.auth.models import User

from tournaments.core.hooks import Hook
from tournaments.core.models import Club


@dataclass(frozen=True)
class Section:
    """A part of a page: the template that draws it, its context, and where it stands (low first)."""

    template: str
    context: Mapping[str, object] = field(default_factory=dict)
    order: int = 50


@dataclass(frozen=True)
class Link:
    """A link a capability offers on the director's home, drawn as a button when ``css`` says so."""

    label: str
    url: str
    css: str = ""
    order: int = 50


home_page: Hook[[], Section | None] = Hook(
    "core.home_page",
    receivers=(
        "core.home_clubs",
        "members.home_sign_in",
        "night.home_sessions",
        "season.player_search_form",
    ),
)
"""The site's home page: a part below the list of clubs (the recent sessions)."""

club_page: Hook[[Club], Section | None] = Hook(
    "core.club_page",
    receivers=(
        "night.club_sessions",
        "teams.club_events",
        "season.club_competitions",
        "season.club_events",
        "bookings.club_programme",
    ),
)
"""A club's public page: a part each (competitions, sessions, teams events)."""

director_actions: Hook[[], list[Link]] = Hook(
    "core.director_actions",
    receivers=(
        "night.director_actions",
        "exchange.director_actions",
        "teams.director_actions",
        "season.director_actions",
        "bookings.entries_director_actions",
    ),
)
"""The director's home: what a director can start (a session, an import, a teams event)."""

director_club_links: Hook[[Club], list[Link]] = Hook(
    "core.director_club_links",
    receivers=(
        "core.director_club_links",
        "season.director_club_links",
        "federation.director_club_links",
        "money.director_club_links",
        "bookings.director_club_links",
    ),
)
"""The director's home: each directed club's own pages (competitions, members, API tokens)."""

director_home: Hook[[User], Section | None] = Hook(
    "core.director_home",
    receivers=(
        "night.director_sessions",
        "teams.director_events",
    ),
)
"""The director's home: a part each below the links (the teams events, the sessions)."""


def sections(parts: list[Section | None]) -> list[Section]:
    """The parts a hook returned, in their order, those with nothing to show left out."""
    return sorted((part for part in parts if part is not None), key=lambda part: part.order)


def links(groups: list[list[Link]]) -> list[Link]:
    return sorted((link for group in groups for link in group), key=lambda link: link.order)
