"""Backups of the whole database while the site runs, and restores that check before they replace.

``backup_create`` copies the database with its engine's own online tool (SQLite's backup
API, ``pg_dump``; ``tournaments.db.backup_sqlite`` and ``backup_postgres``) into a
timestamped file of ``settings.BACKUP_DIR`` (or the file asked for), written beside its
place and renamed into it when whole, then keeps the newest ``settings.BACKUP_KEEP``
backups of the folder. The file holds Django's ``django_migrations`` rows: the schema
state it was taken at.

``backup_restore`` reads the file before touching anything: its engine (the header),
its soundness (SQLite's integrity check; ``pg_restore`` reading every block) and its
migrations, refusing one that knows migrations this code does not (a backup from a newer
ClubScore) and one that holds objects its migrations never make (a function, a trigger, a
view, a table of another program: a tampered backup's way to run code as the database's
user while its rows load); then the engine loads it in one transaction, on PostgreSQL as
the site's own role, never a superuser (docs/decisions.md, "Backups").
"""

from __future__ import annotations

import contextlib
import datetime
import os
import sqlite3
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.loader import MigrationLoader
from django.utils.translation import gettext as _

from tournaments.db.backup_postgres import (
    PG_DUMP_HEADER,
    PostgresBackupError,
    postgres_backup,
    postgres_file_check,
    postgres_objects_check,
    postgres_restore,
    postgres_superuser,
)
from tournaments.db.backup_sqlite import (
    SQLITE_HEADER,
    SqliteBackupFileError,
    sqlite_backup,
    sqlite_file_check,
    sqlite_objects_check,
    sqlite_restore,
)

BACKUP_PREFIX = "clubscore-"
SUFFIXES = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}
ENGINE_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


class BackupError(Exception):
    """A backup not made or not restored; the message names the file and why, and nothing changed."""


@dataclass(frozen=True)
class BackupFile:
    """A checked backup: its file, its engine (``sqlite`` or ``postgresql``) and its applied migrations."""

    path: Path
    engine: str
    migrations: frozenset[tuple[str, str]]


def _vendor(alias: str = DEFAULT_DB_ALIAS) -> str:
    vendor = connections[alias].vendor
    if vendor not in SUFFIXES:
        raise BackupError(_("ClubScore backs up SQLite and PostgreSQL, not %(vendor)s.") % {"vendor": vendor})
    return vendor


def backup_default_path(now: datetime.datetime | None = None, alias: str = DEFAULT_DB_ALIAS) -> Path:
    """A new file in BACKUP_DIR named by the UTC time, e.g. ``clubscore-20261125-183702.sqlite3``."""
    moment = now or datetime.datetime.now(datetime.UTC)
    folder = Path(settings.BACKUP_DIR)
    name = f"{BACKUP_PREFIX}{moment:%Y%m%d-%H%M%S}"
    suffix = SUFFIXES[_vendor(alias)]
    path = folder / f"{name}{suffix}"
    if path.exists():  # two backups in one second: the second keeps its microseconds
        path = folder / f"{name}-{moment:%f}{suffix}"
    return path


def backup_create(output: Path | None = None, *, alias: str = DEFAULT_DB_ALIAS) -> Path:
    """Back up the database to ``output`` (default: a new file in BACKUP_DIR, then prune); return the file."""
    vendor = _vendor(alias)
    target = Path(output) if output is not None else backup_default_path(alias=alias)
    partial = target.with_name(f".{target.name}.partial")
    database = connections[alias].settings_dict
    try:
        _private_folder(target.parent, own=output is None)
        partial.unlink(missing_ok=True)
        _private_file(partial)
        if vendor == "sqlite":
            sqlite_backup(str(database["NAME"]), partial)
        else:
            postgres_backup(database, partial)
        os.replace(partial, target)
    except (OSError, sqlite3.Error, SqliteBackupFileError, PostgresBackupError) as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise BackupError(
            _("Backup to %(target)s failed: %(error)s") % {"target": target, "error": error}
        ) from None
    if output is None:
        backups_prune(target.parent, keep=settings.BACKUP_KEEP)
    return target


def _private_folder(folder: Path, *, own: bool) -> None:
    """Make ``folder`` if need be, readable by the site's user only (0700) when it is BACKUP_DIR.

    A backup holds password hashes, session keys and members' emails. A folder named by
    ``--output`` that exists already is someone else's choice (``/mnt/usb``): left as it is.
    """
    existed = folder.is_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if own or not existed:
        folder.chmod(0o700)


def _private_file(path: Path) -> None:
    """Create ``path`` empty and readable by its owner only, before the engine's tool writes into it,
    so the backup is never readable by others, not even while it is written."""
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def backups_prune(folder: Path, *, keep: int) -> list[Path]:
    """Remove all but the newest ``keep`` backups (``clubscore-*``) of ``folder``; return those removed."""
    backups = [
        path
        for path in folder.iterdir()
        if path.is_file() and path.name.startswith(BACKUP_PREFIX) and path.suffix in SUFFIXES.values()
    ]
    backups.sort(key=lambda path: (path.stat().st_mtime_ns, path.name), reverse=True)
    removed = backups[max(keep, 1) :]
    for path in removed:
        path.unlink()
    return removed


@cache
def code_migrations() -> frozenset[tuple[str, str]]:
    """Every migration this code has on disk (the apps' migrations folders); read once a process."""
    return frozenset(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)


def _engine_of(path: Path) -> str:
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise BackupError(
            _("%(path)s cannot be read: %(strerror)s.") % {"path": path, "strerror": error.strerror}
        ) from None
    if head.startswith(SQLITE_HEADER):
        return "sqlite"
    if head.startswith(PG_DUMP_HEADER):
        return "postgresql"
    raise BackupError(
        _("%(path)s is not a ClubScore backup: neither a SQLite database nor a pg_dump archive.")
        % {"path": path}
    )


def backup_check(path: Path) -> BackupFile:
    """Read ``path`` as a backup (engine, soundness, migrations) without changing anything."""
    path = Path(path)
    if not path.is_file():
        raise BackupError(_("%(path)s is not a file.") % {"path": path})
    engine = _engine_of(path)
    try:
        migrations = sqlite_file_check(path) if engine == "sqlite" else postgres_file_check(path)
    except (SqliteBackupFileError, PostgresBackupError, OSError) as error:
        raise BackupError(
            _("%(path)s is not a usable backup: %(error)s.") % {"path": path, "error": error}
        ) from None
    return BackupFile(path, engine, frozenset(migrations))


def backup_newer_migrations(backup: BackupFile) -> list[str]:
    """The backup's migrations this code does not know, as ``app.name``, sorted."""
    return sorted(f"{app}.{name}" for app, name in backup.migrations - code_migrations())


def migration_tables(migrations: frozenset[tuple[str, str]]) -> frozenset[str]:
    """The tables the migrations ``migrations`` make (with Django's own ``django_migrations``)."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    nodes = [node for node in migrations if node in loader.graph.nodes]
    state = loader.graph.make_state(nodes=nodes, at_end=True)
    models = state.apps.get_models(include_auto_created=True)
    return frozenset({model._meta.db_table for model in models} | {"django_migrations"})


def backup_objects_check(backup: BackupFile) -> None:
    """Refuse a backup holding objects that its own migrations never make."""
    known = migration_tables(backup.migrations)
    try:
        if backup.engine == "sqlite":
            sqlite_objects_check(backup.path, known)
        else:
            postgres_objects_check(backup.path, known)
    except (SqliteBackupFileError, PostgresBackupError) as error:
        raise BackupError(
            _("%(path)s is not a backup ClubScore made, and is not restored: %(error)s.")
            % {"path": backup.path, "error": error}
        ) from None


def backup_restorable(path: Path, *, alias: str = DEFAULT_DB_ALIAS) -> BackupFile:
    """Check that ``path`` can replace the database: a sound backup of its engine and of a known schema."""
    path, vendor = Path(path), _vendor(alias)
    if path.is_file() and _engine_of(path) != vendor:
        engine, site = ENGINE_NAMES[_engine_of(path)], ENGINE_NAMES[vendor]
        raise BackupError(
            _("%(path)s is a %(engine)s backup; this site runs on %(site)s.")
            % {"path": path, "engine": engine, "site": site}
        )
    backup = backup_check(path)
    newer = backup_newer_migrations(backup)
    if newer:
        shown = ", ".join(newer[:5]) + (f" and {len(newer) - 5} more" if len(newer) > 5 else "")
        raise BackupError(
            _(
                "%(path)s comes from a newer ClubScore: its schema has migrations this code does not "
                "know (%(shown)s). Upgrade ClubScore first, then restore it."
            )
            % {"path": backup.path, "shown": shown}
        )
    backup_objects_check(backup)
    return backup


def backup_restore(backup: BackupFile, *, alias: str = DEFAULT_DB_ALIAS, as_superuser: bool = False) -> None:
    """Replace the database by the backup ``backup_restorable`` accepted, in one transaction.

    On PostgreSQL the load runs as the role the site connects with; a superuser is refused
    unless ``as_superuser`` says so (a development or test database), since a superuser's
    load could do on the server whatever a file it did not make asks.
    """
    if backup.engine == "postgresql" and not as_superuser and postgres_superuser(connections[alias]):
        raise BackupError(
            _(
                "%(path)s is not restored: the site connects to PostgreSQL as a superuser. Restore as "
                "the site's own role (the owner of its database), or say --as-superuser on a "
                "development database."
            )
            % {"path": backup.path}
        )
    database = connections[alias].settings_dict
    connections[alias].close()  # the load goes through its own connection
    try:
        if backup.engine == "sqlite":
            sqlite_restore(backup.path, str(database["NAME"]))
        else:
            postgres_restore(backup.path, database)
    except (OSError, sqlite3.Error, PostgresBackupError) as error:  # the load's transaction rolled back
        raise BackupError(
            _("Restoring %(path)s failed, and the database is as it was: %(error)s")
            % {"path": backup.path, "error": error}
        ) from None
