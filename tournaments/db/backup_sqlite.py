"""SQLite's online backup, both ways, and the checks of a backup file before it is loaded.

A backup is SQLite's own copy of the live database (``sqlite3.Connection.backup`` in one
step): one read of every page under one read lock, so it is the database as one moment
saw it, while the site's writers go on (WAL lets them). The copy is turned to a plain
rollback-journal file, so the one file is the whole backup. It holds Django's
``django_migrations`` table, which is the schema state a restore checks.

A restore is the same copy the other way, from the checked file into the live database:
SQLite writes the destination in one write transaction, so a reader sees the old
database or the new one, and a failure (or a power cut) leaves the old one whole.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SQLITE_HEADER = b"SQLite format 3\x00"


class SqliteBackupFileError(Exception):
    """The file is not a whole, sound SQLite database of ClubScore (the message says why)."""


def sqlite_connect(name: str, *, timeout: float = 30.0) -> sqlite3.Connection:
    """Open the database Django's settings name (a path, or a ``file:`` URI as the test database's)."""
    return sqlite3.connect(name, timeout=timeout, uri=name.startswith("file:"))


def sqlite_backup(source_name: str, target: Path) -> None:
    """Copy the database ``source_name`` into the new file ``target``, consistent as of one moment."""
    if not source_name.startswith("file:") and not Path(source_name).is_file():
        raise SqliteBackupFileError(f"the database {source_name} does not exist")  # connect would make it
    source = sqlite_connect(source_name)
    try:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)  # pages=-1: every page in one step, under one read lock
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
        finally:
            copy.close()
    finally:
        source.close()


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _pages_in_header(head: bytes) -> tuple[int, int]:
    """The page size and the page count the file's header promises."""
    page_size = int.from_bytes(head[16:18], "big")
    return (65536 if page_size == 1 else page_size), int.from_bytes(head[28:32], "big")


def sqlite_file_check(path: Path) -> set[tuple[str, str]]:
    """Check that ``path`` is a whole, sound SQLite database of Django; return its applied migrations."""
    with path.open("rb") as file:
        head = file.read(100)
    if not head.startswith(SQLITE_HEADER):
        raise SqliteBackupFileError("it is not a SQLite database")
    page_size, pages = _pages_in_header(head)
    if path.stat().st_size < page_size * pages:
        raise SqliteBackupFileError(
            f"it is cut short ({path.stat().st_size} bytes of the {page_size * pages} its header promises)"
        )
    try:
        database = _read_only(path)
        try:
            problems = [row[0] for row in database.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                raise SqliteBackupFileError(f"its integrity check fails: {'; '.join(problems[:3])}")
            tables = database.execute("SELECT 1 FROM sqlite_master WHERE name = 'django_migrations'")
            if tables.fetchone() is None:
                raise SqliteBackupFileError("it has no django_migrations table: not a ClubScore database")
            rows = database.execute("SELECT app, name FROM django_migrations").fetchall()
        finally:
            database.close()
    except sqlite3.DatabaseError as error:
        raise SqliteBackupFileError(f"SQLite cannot read it ({error})") from None
    return {(app, name) for app, name in rows}


# SQLite's own tables, which it makes beside Django's.
SQLITE_OWN_TABLES = frozenset({"sqlite_sequence", "sqlite_stat1", "sqlite_stat4"})


def sqlite_objects_check(path: Path, known_tables: frozenset[str]) -> None:
    """Refuse a database holding anything the migrations do not make: a trigger or a view (which a
    tampered backup could use to change rows on later writes) or a table no migration names."""
    database = _read_only(path)
    try:
        objects = database.execute("SELECT type, name FROM sqlite_master").fetchall()
    finally:
        database.close()
    for kind, name in objects:
        if kind not in {"table", "index"}:
            raise SqliteBackupFileError(f"it holds a {kind} ({name}) that ClubScore's migrations never make")
        if kind == "table" and name not in known_tables | SQLITE_OWN_TABLES:
            raise SqliteBackupFileError(f"it holds a table ({name}) that ClubScore's migrations never make")


def sqlite_restore(path: Path, target_name: str) -> None:
    """Copy the checked backup ``path`` over the database ``target_name`` in one write transaction."""
    source = _read_only(path)
    try:
        target = sqlite_connect(target_name)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
