"""Migration 0025: a USEBIO preview waiting as "USEBIO " + base64 text comes out as its bytes, and back."""

from __future__ import annotations

import base64
import datetime
import hashlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_database import blank_database, emptied, in_place_of_the_test_database

BEFORE = [("tournaments", "0024_api_write_count")]
AFTER = [("tournaments", "0025_pending_import_bytes")]
# UTF-16 with its byte order mark: NUL bytes, which PostgreSQL's text refuses.
USEBIO_FILE = '<?xml version="1.0" encoding="UTF-16"?><USEBIO Version="1.2"/>'.encode("utf-16")


@pytest.fixture(scope="module")
def blank_for_the_module(django_db_setup, django_db_blocker, tmp_path_factory):
    """A blank database (``tests/migration_database.py``) for the module's tests, which migrate it
    forward from nothing to 0024, and between 0024 and 0025.

    Walking the test database back to 0024 and forward again afterwards was most of these
    tests' time (11 s of CPU for three, done once for the module).
    """
    with blank_database(django_db_blocker, tmp_path_factory.mktemp("migrations")) as database:
        yield database


@pytest.fixture
def blank(db, blank_for_the_module):
    """The blank database in place of the test database for the test, its rows deleted first,
    so that no test sees another's (each test migrates it to 0024 itself)."""
    with in_place_of_the_test_database(blank_for_the_module):
        emptied(blank_for_the_module)
        yield


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def _old_rows(apps) -> dict[str, int]:
    """A USEBIO preview and a legacy one, as the code before 0025 kept them; their ids by kind."""
    user = apps.get_model("auth", "User").objects.create(username="director")
    club = apps.get_model("tournaments", "Club").objects.create(name="Old club", slug="old")
    pending = apps.get_model("tournaments", "PendingImport").objects
    common = {"user": user, "club": club, "date": datetime.date(2026, 11, 25), "name": "Tuesday"}
    usebio = pending.create(
        sha256=hashlib.sha256(USEBIO_FILE).hexdigest(),
        text="USEBIO " + base64.b64encode(USEBIO_FILE).decode("ascii"),
        **common,
    )
    legacy = pending.create(sha256="a" * 64, text="1 A\n2 B\nSCORES\n10 1\n", replace=True, **common)
    return {"usebio": usebio.pk, "legacy": legacy.pk}


def test_a_waiting_usebio_file_comes_out_as_its_bytes_and_a_legacy_one_as_its_text(
    blank,
):
    ids = _old_rows(_migrate(BEFORE))

    pending = _migrate(AFTER).get_model("tournaments", "PendingImport").objects

    usebio, legacy = pending.get(pk=ids["usebio"]), pending.get(pk=ids["legacy"])
    assert (usebio.kind, bytes(usebio.data), usebio.text) == ("usebio", USEBIO_FILE, "")
    assert hashlib.sha256(bytes(usebio.data)).hexdigest() == usebio.sha256
    assert (legacy.kind, bytes(legacy.data), legacy.text) == ("legacy", b"", "1 A\n2 B\nSCORES\n10 1\n")
    assert legacy.replace


def test_reversed_the_usebio_file_goes_back_behind_its_prefix(blank):
    ids = _old_rows(_migrate(BEFORE))
    _migrate(AFTER)

    pending = _migrate(BEFORE).get_model("tournaments", "PendingImport").objects

    assert pending.get(pk=ids["usebio"]).text == "USEBIO " + base64.b64encode(USEBIO_FILE).decode("ascii")
    assert pending.get(pk=ids["legacy"]).text == "1 A\n2 B\nSCORES\n10 1\n"


def test_a_row_whose_base64_is_broken_is_dropped_not_carried(blank):
    apps = _migrate(BEFORE)
    ids = _old_rows(apps)
    apps.get_model("tournaments", "PendingImport").objects.filter(pk=ids["usebio"]).update(
        text="USEBIO not base64!"
    )

    pending = _migrate(AFTER).get_model("tournaments", "PendingImport").objects

    assert list(pending.values_list("pk", flat=True)) == [ids["legacy"]]
