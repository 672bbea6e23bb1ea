"""The bookings' part of the shared pages: the programme on the club's page."""

from __future__ import annotations

from tournaments.bookings import entries_ready


def ready() -> None:
    entries_ready.ready()
