"""The states migration: sessions that existed before states are finished, new ones start in preparation."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("tournaments", "0003_redeal_audit")]
AFTER = [("tournaments", "0004_movements")]


@pytest.fixture
def back_to_the_newest_migration():
    """Migrate the test database forward again afterwards: the transactional tests that run
    after this one need every column, not the schema of 0004."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_sessions_from_before_states_are_finished_and_new_ones_in_preparation(back_to_the_newest_migration):
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
