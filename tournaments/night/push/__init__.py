"""The open pages told of a change as it happens, instead of asking every 15 s (issue 52).

``channel``: who hears a session's change (each process's hub of open streams, fed by Redis
pub/sub with ``CACHE_URL``, by the writing process itself without); ``publish``: every write
in a session tells it once it commits (``night.live.listen``); ``stream``:
a page's stream of server-sent events (``night.views.events`` opens it for what its reader
may read). Measured against the polls it replaces: docs/scaling.md, "Told, not asked";
the server set-up: docs/decisions/0082-pages-told-of-changes.md.
"""
