"""A blank database in place of the test database, for the tests of a data migration.

Such a test needs the schema as it stood before the migration, with rows in it. Walking the
test database back there and forward again made Django render every later migration's
models again: from 0036 back to 0003 alone was 12 s of CPU, and the forward walk afterwards
another 3-5 s. A blank database migrated forward to the old state takes under a second
(0003) or two (0024), and the test database, which every other test uses, is never touched.
What the walk back also did, unapplying every later migration, is checked on its own
(``tests/test_migration_states.py: test_every_migration_can_be_reversed``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import load_backend


@contextmanager
def blank_database(django_db_blocker, folder: Path) -> Iterator[BaseDatabaseWrapper]:
    """A connection to a new, empty database of the test database's kind, dropped afterwards.

    On SQLite a file in ``folder``; on PostgreSQL a database named after the test database
    (the worker's, under xdist), so two workers never share one. Ask for the test database
    first (``db``), so that its name is the test database's.
    """
    with django_db_blocker.unblock():
        test_database = connections["default"]
        settings = {**test_database.settings_dict}
        postgres = test_database.vendor == "postgresql"
        settings["NAME"] = (
            f"{settings['NAME']}_migrations" if postgres else str(folder / "migrations.sqlite3")
        )
        if postgres:
            _postgres(test_database, f'DROP DATABASE IF EXISTS "{settings["NAME"]}"')
            _postgres(test_database, f'CREATE DATABASE "{settings["NAME"]}"')
        blank = load_backend(settings["ENGINE"]).DatabaseWrapper(settings, "default")
        try:
            yield blank
        finally:
            blank.close()
            if postgres:
                _postgres(test_database, f'DROP DATABASE IF EXISTS "{settings["NAME"]}"')


@contextmanager
def in_place_of_the_test_database(blank: BaseDatabaseWrapper) -> Iterator[None]:
    """Make ``blank`` Django's ``default`` connection for a while, then put the test database's back.

    Swapped rather than added under an alias of its own: a migration's own code (0025's
    ``RunPython``) writes through the historical models' default manager, to ``default``,
    as under Django's ``migrate`` command.
    """
    test_database = connections["default"]
    connections["default"] = blank
    try:
        yield
    finally:
        connections["default"] = test_database


def emptied(blank: BaseDatabaseWrapper) -> None:
    """Delete every row but the record of the applied migrations, whatever the schema now is
    (while ``blank`` is in place of the test database).

    In one transaction: the foreign keys (deferred, as Django makes them) are checked at its
    end, so the order of the deletes does not matter.
    """
    tables = [table for table in blank.introspection.table_names() if table != "django_migrations"]
    with transaction.atomic(using=blank.alias), blank.cursor() as cursor:
        for table in tables:
            cursor.execute(f"DELETE FROM {blank.ops.quote_name(table)}")


def _postgres(test_database: BaseDatabaseWrapper, statement: str) -> None:
    """Run a statement outside any database's transaction (CREATE and DROP DATABASE need it)."""
    with test_database._nodb_cursor() as cursor:
        cursor.execute(statement)
