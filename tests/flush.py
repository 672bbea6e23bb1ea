"""Empty PostgreSQL's tables after a transactional test with DELETE, not TRUNCATE.

A test that commits (a live server's, a thread's, ``transaction=True``) is cleaned up by
Django's ``flush``, which on PostgreSQL truncates every table: each truncated table gets
new files on disk, so one flush cost 0.2-0.9 s (2 s of a test's teardown with the rows
Django adds again after it) where deleting the few rows a test leaves costs 15-40 ms.
That was most of the difference between the suite on PostgreSQL and on SQLite, whose
flush deletes already. The result is the same empty tables: every foreign key Django
creates on PostgreSQL is checked at commit (DEFERRABLE INITIALLY DEFERRED), and the flush
runs in one transaction, so the order of the deletes does not matter; sequences are not
reset either way (``reset_sequences`` is left to Django's own statement).
"""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql.operations import DatabaseOperations

_truncate = DatabaseOperations.sql_flush


def _sql_flush_by_delete(
    self: DatabaseOperations,
    style: Any,
    tables: list[str],
    *,
    reset_sequences: bool = False,
    allow_cascade: bool = False,
) -> list[str]:
    if reset_sequences or allow_cascade or not tables:
        return _truncate(self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
    delete_from = f"{style.SQL_KEYWORD('DELETE')} {style.SQL_KEYWORD('FROM')}"
    return [f"{delete_from} {style.SQL_FIELD(self.quote_name(table))};" for table in tables]


def flush_by_delete() -> None:
    """Have PostgreSQL's flush delete rows instead of truncating tables (the suite only)."""
    DatabaseOperations.sql_flush = _sql_flush_by_delete  # type: ignore[method-assign]
