"""``manage.py backup`` and ``restore``: the files they write and keep, and every file a restore
refuses (named, with the reason) while the database stays as it was.

The round trip of a database in use is tests/core/test_backup_in_use.py.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from tournaments.core.models import Club
from tournaments.core.services import backups
from tournaments.core.services.backups import backup_create, backup_restorable
from tournaments.db.backup_sqlite import SqliteBackupFileError, sqlite_backup

# A backup is read by a second connection, which sees committed rows only.
pytestmark = pytest.mark.django_db(transaction=True)

SUFFIX = ".sqlite3" if connection.vendor == "sqlite" else ".pgdump"
OTHER_ENGINE = "PostgreSQL" if connection.vendor == "sqlite" else "SQLite"


@pytest.fixture
def backup_dir(settings, tmp_path) -> Path:
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_KEEP = 2
    return settings.BACKUP_DIR


@pytest.fixture
def backup_file(club, tmp_path) -> Path:
    """A real backup of the test database, with the club in it."""
    return backup_create(tmp_path / f"good{SUFFIX}")


def _refused(path: Path) -> str:
    """Run ``restore --noinput`` on ``path``; return its error, after checking nothing changed."""
    clubs = list(Club.objects.values_list("slug", flat=True))
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), "--noinput")
    assert list(Club.objects.values_list("slug", flat=True)) == clubs
    assert str(path) in str(refused.value)
    return str(refused.value)


def test_a_backup_gets_a_timestamped_name_in_the_backup_folder(club, backup_dir, capsys):
    call_command("backup")
    (made,) = backup_dir.iterdir()
    assert re.fullmatch(rf"clubscore-\d{{8}}-\d{{6}}(-\d{{6}})?{re.escape(SUFFIX)}", made.name)
    assert str(made) in capsys.readouterr().out
    assert backup_restorable(made).migrations == backups.code_migrations()


def test_only_the_newest_backups_are_kept_and_other_files_are_left_alone(club, backup_dir):
    backup_dir.mkdir(parents=True)
    (backup_dir / "notes.txt").write_text("the club's own notes")
    made = [backup_create() for _ in range(3)]
    assert sorted(path.name for path in backup_dir.iterdir()) == sorted(
        ["notes.txt", made[1].name, made[2].name]
    )


def test_a_backup_to_a_named_file_prunes_nothing(club, backup_dir, tmp_path):
    made = [backup_create() for _ in range(2)]
    call_command("backup", "--output", str(tmp_path / f"extra{SUFFIX}"))
    assert sorted(backup_dir.iterdir()) == sorted(made)
    assert (tmp_path / f"extra{SUFFIX}").stat().st_size > 0


def test_a_sqlite_database_that_is_not_there_is_not_backed_up_as_an_empty_one(tmp_path):
    with pytest.raises(SqliteBackupFileError, match="gone.sqlite3 does not exist"):
        sqlite_backup(str(tmp_path / "gone.sqlite3"), tmp_path / "copy.sqlite3")
    assert list(tmp_path.iterdir()) == []  # neither the database made up nor a copy


def test_a_backup_that_cannot_be_written_is_a_clear_error(club, tmp_path):
    (tmp_path / "taken").write_text("a file where a folder should be")
    with pytest.raises(CommandError, match="Backup to .*taken.* failed"):
        call_command("backup", "--output", str(tmp_path / "taken" / f"new{SUFFIX}"))


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "neither a SQLite database nor a pg_dump archive"),
        (b"club,session\nRiverside,Monday\n", "neither a SQLite database nor a pg_dump archive"),
        (b"\x00" * 8192, "neither a SQLite database nor a pg_dump archive"),
    ],
    ids=["empty", "text", "nul-junk"],
)
def test_a_file_that_is_no_backup_is_refused(club, tmp_path, content, reason):
    path = tmp_path / f"junk{SUFFIX}"
    path.write_bytes(content)
    assert reason in _refused(path)


def test_a_missing_file_is_refused(club, tmp_path):
    assert "is not a file" in _refused(tmp_path / f"missing{SUFFIX}")


def test_a_backup_cut_short_is_refused(backup_file):
    data = backup_file.read_bytes()
    backup_file.write_bytes(data[: len(data) // 2])
    assert "is not a usable backup" in _refused(backup_file)


def test_a_backup_with_junk_written_over_its_middle_is_refused(backup_file):
    data = bytearray(backup_file.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 4096] = b"\x00" * 4096
    backup_file.write_bytes(bytes(data))
    assert "is not a usable backup" in _refused(backup_file)


def test_another_engines_backup_is_refused(club, tmp_path):
    path = tmp_path / "other"
    if connection.vendor == "sqlite":
        path.write_bytes(b"PGDMP\x01\x0e\x00" + b"\x00" * 100)
    else:
        sqlite3.connect(path).execute("CREATE TABLE django_migrations (app, name)").connection.commit()
    assert f"is a {OTHER_ENGINE} backup" in _refused(path)


def _foreign_database(path: Path) -> None:
    """A sound database file of the suite's engine without Django's migrations table."""
    if connection.vendor == "sqlite":
        database = sqlite3.connect(path)
        database.execute("CREATE TABLE recipes (name)")
        database.commit()
        database.close()
        return
    settings = connection.settings_dict
    env = {**os.environ, "PGPASSWORD": str(settings["PASSWORD"] or "")}
    command = ["pg_dump", "--format=custom", f"--file={path}", "--table=tournaments_club"]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if settings[key]:
            command.append(f"{flag}={settings[key]}")
    subprocess.run([*command, str(settings["NAME"])], env=env, check=True)


def test_a_database_of_another_program_is_refused(club, tmp_path):
    path = tmp_path / f"other{SUFFIX}"
    _foreign_database(path)
    assert "not a ClubScore database" in _refused(path)


def test_a_backup_from_a_newer_schema_is_refused_naming_its_migrations(backup_file, monkeypatch):
    known = backups.code_migrations()
    latest = max(name for app, name in known if app == "tournaments")
    monkeypatch.setattr(backups, "code_migrations", lambda: known - {("tournaments", latest)})
    message = _refused(backup_file)
    assert "comes from a newer ClubScore" in message
    assert f"tournaments.{latest}" in message
    assert "Upgrade ClubScore first" in message


def test_a_restore_asks_first_and_stops_unless_told_yes(backup_file, monkeypatch):
    Club.objects.create(name="Made after the backup", slug="after")
    monkeypatch.setattr("builtins.input", lambda question: "no")
    with pytest.raises(CommandError, match="cancelled; the database is unchanged"):
        call_command("restore", str(backup_file))
    assert Club.objects.filter(slug="after").exists()


def _sqlite_backup_with(backup: Path, statement: str) -> None:
    database = sqlite3.connect(backup)
    database.execute(statement)
    database.commit()
    database.close()


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the PostgreSQL suite tampers with a dump below")
@pytest.mark.parametrize(
    ("statement", "named"),
    [
        (
            "CREATE TRIGGER grant_all AFTER INSERT ON auth_user "
            "BEGIN UPDATE auth_user SET is_superuser = 1; END",
            "a trigger (grant_all)",
        ),
        ("CREATE VIEW every_email AS SELECT email FROM auth_user", "a view (every_email)"),
        ("CREATE TABLE stolen (secret TEXT)", "a table (stolen)"),
    ],
)
def test_a_sqlite_backup_holding_what_the_migrations_never_make_is_refused(backup_file, statement, named):
    _sqlite_backup_with(backup_file, statement)
    message = _refused(backup_file)
    assert "is not a backup ClubScore made" in message
    assert f"it holds {named}" in message


@pytest.fixture
def tampered_dump(club, tmp_path) -> Iterator[tuple[Path, Path]]:
    """A dump whose club table has a CHECK calling a function that runs a program (``COPY ... TO
    PROGRAM``) while its rows load; the function and the constraint are gone from the database
    again. Yields the dump and the file the program would write."""
    marker = Path(f"/tmp/clubscore-tampered-{uuid.uuid4().hex}")
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE FUNCTION public.harmless(text) RETURNS boolean LANGUAGE plpgsql AS $$ BEGIN "
            f"EXECUTE 'COPY (SELECT 1) TO PROGRAM ''touch {marker}'''; RETURN true; END $$"
        )
        cursor.execute("ALTER TABLE tournaments_club ADD CONSTRAINT club_ok CHECK (public.harmless(name))")
    try:
        dump = backup_create(tmp_path / "tampered.pgdump")
    finally:
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE tournaments_club DROP CONSTRAINT club_ok")
            cursor.execute("DROP FUNCTION public.harmless(text)")
    marker.unlink(missing_ok=True)  # adding the constraint checked the club's row, which ran it
    yield dump, marker
    marker.unlink(missing_ok=True)


def _function_exists(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_proc WHERE proname = %s", [name])
        return cursor.fetchone() is not None


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="a dump's functions are PostgreSQL's")
def test_a_dump_carrying_a_function_that_runs_a_program_is_refused_and_runs_nothing(tampered_dump):
    dump, marker = tampered_dump
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(dump), "--noinput", "--as-superuser")
    assert "is not a backup ClubScore made" in str(refused.value)
    assert "FUNCTION (public.harmless(text))" in str(refused.value)
    assert not marker.exists(), "the tampered dump's program ran"
    assert not _function_exists("harmless")


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="roles are PostgreSQL's")
def test_a_superuser_does_not_restore_unless_told_it_is_a_development_database(backup_file):
    with connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        (superuser,) = cursor.fetchone()
    assert superuser, "the suite connects as a superuser; this test checks what that may do"
    message = _refused(backup_file)
    assert "connects to PostgreSQL as a superuser" in message
    assert "--as-superuser" in message


def test_a_backup_and_its_folder_are_readable_by_their_owner_only(club, backup_dir):
    before = os.umask(0o022)  # the usual umask, which would leave the file readable by every user
    try:
        path = backup_create()
    finally:
        os.umask(before)
    assert path.stat().st_mode & 0o777 == 0o600
    assert backup_dir.stat().st_mode & 0o777 == 0o700
