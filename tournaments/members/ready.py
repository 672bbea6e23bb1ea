"""The members' part of the shared pages: the way to sign in, on the home page."""

from __future__ import annotations

from tournaments.core import sections
from tournaments.core.sections import Section


def home_sign_in() -> Section:
    return Section("tournaments/members/_home_sign_in.html", order=15)


def ready() -> None:
    sections.home_page.register(home_sign_in)
