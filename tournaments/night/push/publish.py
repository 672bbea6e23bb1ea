"""A write's changes told to the open pages once it commits: a listener of the live evening.

The live evening (``night.live``) tells each ``listen``-er every committed write's change (a
result stored, a session settled, anything else its pages show); this one publishes it on
the channel, with the session's stamp read then (the cache's was forgotten at the commit, so
the read is the database's, and kept: the pages that fetch next find it in the cache, as the
first of them would have read it anyway). Registered in ``night.ready``.
"""

from __future__ import annotations

from tournaments.night import live
from tournaments.night.push.channel import Changed, publish


def change_published(change: live.Change) -> None:
    """Tell the session's open pages (every process's, through Redis, or this one's)."""
    stamp = live.session_stamp(change.session_id)
    digest = stamp.digest if stamp is not None else ""
    if change.kind == live.RESULT_STORED and change.table is not None:
        publish(Changed(change.session_id, digest, "result", change.table))
    elif change.kind == live.SESSION_SETTLED:
        publish(Changed(change.session_id, digest, "settled"))
    else:
        publish(Changed(change.session_id, digest))
