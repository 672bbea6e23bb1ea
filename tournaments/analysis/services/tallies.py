"""Store a finished session's season figures (``selectors.tallies``), each time its job runs."""

from __future__ import annotations

from tournaments.analysis.models import EveningTally
from tournaments.analysis.selectors.tallies import session_tallies
from tournaments.core.services.writes import write
from tournaments.night.models import Session


def tallies_store(session_id: int) -> int:
    """Work out and store the session's figures, replacing any before; how many rows (0: not finished)."""
    session = Session.objects.filter(pk=session_id).first()
    if session is None or not session.is_finished:
        return 0
    tallies = session_tallies(session)
    with write():
        EveningTally.objects.filter(session=session).delete()
        EveningTally.objects.bulk_create(
            EveningTally(session=session, player_id=player, tallies=figures)
            for player, figures in tallies.items()
        )
    return len(tallies)
