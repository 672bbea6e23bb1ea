"""The night's read cache: a poll that finds nothing changed asks only the cache (issue 33).

FIGURES-TO-COME
"""

from tournaments.night.cached.pages import TableLink, rendered, table_link_kept, table_recalled, table_stamp
from tournaments.night.cached.stamps import (
    CacheUnreachableError,
    Stamp,
    session_digest,
    session_stamp,
    sessions_changed,
)

__all__ = [
    "CacheUnreachableError",
    "Stamp",
    "TableLink",
    "rendered",
    "session_digest",
    "session_stamp",
    "sessions_changed",
    "table_link_kept",
    "table_recalled",
    "table_stamp",
]
