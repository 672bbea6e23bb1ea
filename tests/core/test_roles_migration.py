"""Migration 0045: today's directors become their clubs' administrators (nobody loses access),
and going back makes them directors again."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_database import blank_database, emptied, in_place_of_the_test_database

BEFORE = [("tournaments", "0044_session_imps_scaled")]
AFTER = [("tournaments", "0045_club_roles")]


@pytest.fixture(scope="module")
def blank_for_the_module(django_db_setup, django_db_blocker, tmp_path_factory):
    """A blank database (``tests/migration_database.py``) the module migrates between 0044 and 0045."""
    with blank_database(django_db_blocker, tmp_path_factory.mktemp("migrations")) as database:
        yield database


@pytest.fixture
def blank(db, blank_for_the_module):
    with in_place_of_the_test_database(blank_for_the_module):
        emptied(blank_for_the_module)
        yield


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def _directors_before(apps) -> set[tuple[str, str]]:
    """Two clubs as the code before 0045 kept them: Ann directs both, Bob one; Cy none."""
    users = apps.get_model("auth", "User").objects
    ann, bob = users.create(username="ann"), users.create(username="bob")
    users.create(username="cy")
    clubs = apps.get_model("tournaments", "Club").objects
    riverside, hillside = (
        clubs.create(name="Riverside", slug="riverside"),
        clubs.create(name="Hillside", slug="hillside"),
    )
    riverside.directors.add(ann, bob)
    hillside.directors.add(ann)
    return {("riverside", "ann"), ("riverside", "bob"), ("hillside", "ann")}


def test_directors_become_administrators_and_back(blank):
    directed = _directors_before(_migrate(BEFORE))

    after = _migrate(AFTER)
    roles = after.get_model("tournaments", "ClubRole").objects
    assert {(r.club.slug, r.user.username, r.role) for r in roles.select_related("club", "user")} == {
        (club, user, "administrator") for club, user in directed
    }
    changes = after.get_model("tournaments", "ClubRoleChange").objects
    assert changes.filter(granted=True, role="administrator").count() == len(directed)

    before = _migrate(BEFORE)
    clubs = before.get_model("tournaments", "Club").objects.prefetch_related("directors")
    assert {(club.slug, user.username) for club in clubs for user in club.directors.all()} == directed
