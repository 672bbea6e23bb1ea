"""PostgreSQL's backups by its own tools: ``pg_dump`` (custom format), ``pg_restore`` and ``psql``.

A dump is one snapshot of the database (pg_dump reads in one repeatable-read
transaction), so writers go on while it runs. It holds ``django_migrations``, the schema
state a restore checks; ``pg_restore`` reads that table's rows out of the file without a
database.

A restore runs in ONE transaction of ``psql --single-transaction``: first every table
and sequence of the ``public`` schema is dropped, then the dump's script (``pg_restore
-f -``) builds them again and loads the rows; an error rolls it all back and the
database is as it was. Dropping first (not ``--clean``) also removes tables the backup
does not have, which a later migration made.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

PG_DUMP_HEADER = b"PGDMP"

DROP_PUBLIC_SCHEMA_CONTENTS = """
DO $$
DECLARE item record;
BEGIN
  FOR item IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP TABLE IF EXISTS public.%I CASCADE', item.tablename);
  END LOOP;
  FOR item IN SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public' LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS public.%I CASCADE', item.sequence_name);
  END LOOP;
END $$;
"""


class PostgresBackupError(Exception):
    """A PostgreSQL tool refused the file or the database (the message carries its words)."""


def _environment(settings: Mapping[str, Any]) -> dict[str, str]:
    """The libpq variables for Django's database settings, so no password is on a command line."""
    env = dict(os.environ)
    pairs = (("PGHOST", "HOST"), ("PGPORT", "PORT"), ("PGUSER", "USER"), ("PGPASSWORD", "PASSWORD"))
    for variable, key in pairs:
        if settings.get(key):
            env[variable] = str(settings[key])
    env["PGDATABASE"] = str(settings["NAME"])
    sslmode = (settings.get("OPTIONS") or {}).get("sslmode")
    if sslmode:
        env["PGSSLMODE"] = str(sslmode)
    return env


def _run(command: list[str], settings: Mapping[str, Any] | None = None) -> str:
    """Run a PostgreSQL tool; return its output, or raise with its own message."""
    env = _environment(settings) if settings is not None else None
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise PostgresBackupError(f"{command[0]} is not installed (the PostgreSQL client tools)") from None
    if done.returncode != 0:
        message = " ".join(done.stderr.split())[:500] or f"exit status {done.returncode}"
        raise PostgresBackupError(f"{command[0]} failed: {message}")
    return done.stdout


def postgres_backup(settings: Mapping[str, Any], target: Path) -> None:
    """Dump the database of ``settings`` into the new file ``target`` (custom format)."""
    _run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", f"--file={target}"], settings)


def postgres_file_check(path: Path) -> set[tuple[str, str]]:
    """Check that ``path`` is a whole pg_dump archive of Django; return its applied migrations.

    ``pg_restore --list`` reads the table of contents; writing the whole script to
    nowhere reads every data block, which finds a file cut short.
    """
    with path.open("rb") as file:
        if not file.read(len(PG_DUMP_HEADER)) == PG_DUMP_HEADER:
            raise PostgresBackupError("it is not a pg_dump archive (custom format)")
    contents = _run(["pg_restore", "--list", str(path)])
    if not re.search(r"^\d+; \d+ \d+ TABLE DATA \S+ django_migrations\b", contents, re.MULTILINE):
        raise PostgresBackupError("it has no django_migrations table: not a ClubScore database")
    _run(["pg_restore", f"--file={os.devnull}", str(path)])
    copied = _run(["pg_restore", "--data-only", "--table=django_migrations", "--file=-", str(path)])
    return _copied_migrations(copied)


def _copied_migrations(script: str) -> set[tuple[str, str]]:
    """The (app, name) rows of the COPY block for django_migrations in a pg_restore script."""
    lines = iter(script.splitlines())
    for line in lines:
        if line.startswith("COPY ") and "django_migrations" in line:
            columns = line[line.index("(") + 1 : line.index(")")].split(", ")
            app, name = columns.index("app"), columns.index("name")
            break
    else:
        raise PostgresBackupError("its django_migrations table has no rows")
    found: set[tuple[str, str]] = set()
    for line in lines:
        if line == "\\.":
            return found
        fields = line.split("\t")
        found.add((fields[app], fields[name]))
    raise PostgresBackupError("its django_migrations rows are cut short")


def postgres_restore(path: Path, settings: Mapping[str, Any]) -> None:
    """Replace the database of ``settings`` by the checked dump ``path``, in one transaction."""
    with tempfile.TemporaryDirectory(prefix="clubscore-restore-") as folder:
        drop = Path(folder) / "drop.sql"
        drop.write_text(DROP_PUBLIC_SCHEMA_CONTENTS, encoding="utf-8")
        script = Path(folder) / "restore.sql"
        _run(["pg_restore", "--no-owner", "--no-privileges", f"--file={script}", str(path)])
        _run(
            [
                "psql",
                "--no-psqlrc",
                "--quiet",
                "--single-transaction",
                "--set=ON_ERROR_STOP=1",
                f"--file={drop}",
                f"--file={script}",
            ],
            settings,
        )
