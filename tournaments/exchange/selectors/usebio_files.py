"""The USEBIO file a session is downloaded as: a pairs file, or an individual's (decision 83).

Apart from ``selectors.usebio`` (the pairs file) and ``selectors.usebio_individual`` (which
builds on its parts), so that neither imports the other back.
"""

from __future__ import annotations

from django.utils.text import slugify

from tournaments.bridge.formats.usebio import write_usebio
from tournaments.exchange.selectors.usebio import session_usebio_awards, session_usebio_event
from tournaments.exchange.selectors.usebio_individual import individual_usebio_bytes
from tournaments.night.models import Session


def session_usebio_bytes(session: Session) -> bytes:
    if session.is_individual:
        # Its pairs are one-round partnerships: a PAIRS file would rank them, not the players.
        return individual_usebio_bytes(session)
    return write_usebio(session_usebio_event(session), session_usebio_awards(session))


def session_usebio_filename(session: Session) -> str:
    """Return a download name such as ``oxford-2026-11-23-monday-pairs.xml``."""
    return f"{session.club.slug}-{session.date:%Y-%m-%d}-{slugify(session.name) or 'session'}.xml"
