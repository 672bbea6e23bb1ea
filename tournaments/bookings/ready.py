"""The bookings' part of the shared pages: the programme on the club's page."""

from __future__ import annotations


def ready() -> None:
    pass
