"""How often the night's open pages ask the server again: settings, with the evening's rates.

Each phone refreshes its round every 15 s, each open standings page polls every 15 s and
each director's table grid every 4 s; docs/scaling.md counts an evening by these rates.
The browser tests shorten all three (tests/e2e/conftest.py), so a page shows another
table's result within a second.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse


def _every_ms(setting: str, default_seconds: float) -> int:
    return int(getattr(settings, setting, default_seconds) * 1000)


def standings_poll_ms() -> int:
    """How often an open standings page asks for fresh standings."""
    return _every_ms("CLUBSCORE_STANDINGS_POLL_SECONDS", 15)


def table_refresh_ms() -> int:
    """How often a phone's round page asks for its table's state."""
    return _every_ms("CLUBSCORE_TABLE_REFRESH_SECONDS", 15)


def table_grid_poll_ms() -> int:
    """How often the director's table grid asks for the tables' progress."""
    return _every_ms("CLUBSCORE_TABLE_GRID_POLL_SECONDS", 4)


def events_url(name: str, *args: object) -> str:
    """Where an open page's stream of its session's changes is (``night.views.events``), or "" while
    the site serves none (``CLUBSCORE_EVENTS`` empty: the page only polls)."""
    return reverse(name, args=args) if getattr(settings, "CLUBSCORE_EVENTS", "") else ""
