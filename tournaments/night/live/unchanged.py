"""Whether a refresh or a poll is unchanged by the shared cache alone: the views' first decisions.

``clubscore.unchanged.UnchangedMiddleware`` answers those 204s before the middleware they
do not need (docs/decisions.md, "The unchanged requests' own path"); the views decide the
same way first (``views.table_entry.table_state``, ``views.public.session_standings``),
then go on to the database for what the cache cannot confirm. Both say unchanged only
with a shared cache (``CACHE_URL``) holding the link and the stamp, and no settle owed (a
marked stamp has the view settle after its answer).
"""

from __future__ import annotations

from tournaments.night.live.stamps import stamp_recalled, standings_stamp
from tournaments.night.live.tables import Held, table_recalled


def table_unchanged(token: str, held: Held | None) -> bool:
    """Whether the cache alone says the phone's state (``held``) is still the table's, with no settle owed."""
    if held is None:
        return False
    link, stamp, _slots = table_recalled(token, held)
    return (
        link is not None
        and link.stamped
        and held.names(link)
        and stamp is not None
        and not stamp.marked
        and stamp.digest == held.digest
    )


def standings_unchanged(session_id: int, page: int, since: str) -> bool:
    """Whether the cache alone says the reader's standings (stamp ``since``) are still the session's,
    with no settle owed."""
    stamp = stamp_recalled(session_id)  # read as the view reads it (the caller marks a public read)
    return stamp is not None and not stamp.marked and since == standings_stamp(session_id, page, stamp.digest)
