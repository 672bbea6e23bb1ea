"""The states migration: sessions that existed before states are finished, new ones start in preparation."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from tests.migration_database import blank_database, in_place_of_the_test_database

BEFORE = [("tournaments", "0003_redeal_audit")]
AFTER = [("tournaments", "0004_movements")]


@pytest.fixture
def blank(db, django_db_blocker, tmp_path):
    """A blank database in place of the test database (``tests/migration_database.py``), migrated
    forward from nothing: walking the test database back to 0003 and forward again was 16 s of CPU."""
    with blank_database(django_db_blocker, tmp_path) as database, in_place_of_the_test_database(database):
        yield database


def test_sessions_from_before_states_are_finished_and_new_ones_in_preparation(blank):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    club = old.get_model("tournaments", "Club").objects.create(name="Old club", slug="old")
    old_session = old.get_model("tournaments", "Session").objects.create(
        club=club, date=datetime.date(2020, 1, 6), name="Played long ago"
    )
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    sessions = new.get_model("tournaments", "Session").objects
    assert sessions.get(pk=old_session.pk).state == "finished"
    fresh = sessions.create(club_id=club.pk, date=datetime.date(2026, 11, 23), name="Tonight")
    assert fresh.state == "preparation"
    assert sessions.get(pk=old_session.pk).movement_tables is None


def test_every_migration_can_be_reversed():
    """No migration of ours refuses to be unapplied (Django's ``IrreversibleError``: a ``RunPython``
    or ``RunSQL`` without its reverse). The data migrations' tests once walked the test database
    back over every later migration, which checked this on the way; they use a blank database now."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    irreversible = [
        f"{name}: {operation.describe()}"
        for (app, name), migration in sorted(loader.disk_migrations.items())
        if app == "tournaments"
        for operation in migration.operations
        if not operation.reversible
    ]
    assert irreversible == []
