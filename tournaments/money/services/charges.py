"""Placeholder replaced below."""

from __future__ import annotations

from tournaments.night.models import Session


def charge_the_night(session: Session) -> None:
    """Charge every fee of the finished night to its payer's account, once."""
