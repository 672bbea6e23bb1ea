"""Migration 0025: a USEBIO preview waiting as "USEBIO " + base64 text comes out as its bytes, and back."""

from __future__ import annotations

import base64
import datetime
import hashlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("tournaments", "0024_api_write_count")]
AFTER = [("tournaments", "0025_pending_import_bytes")]
# UTF-16 with its byte order mark: NUL bytes, which PostgreSQL's text refuses.
USEBIO_FILE = '<?xml version="1.0" encoding="UTF-16"?><USEBIO Version="1.2"/>'.encode("utf-16")


@pytest.fixture(scope="module")
def back_to_the_newest_migration(django_db_setup, django_db_blocker):
    """The module's tests start at 0024; afterwards the test database is migrated forward again,
    as the transactional tests that run after them need every column.

    Once for the module: going back over every later migration and forward again was most of
    these tests' time (16 s of CPU for three); between them each test moves only between
    0024 and 0025.
    """
    with django_db_blocker.unblock():
        _migrate(BEFORE)
        yield
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())


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
    back_to_the_newest_migration,
):
    ids = _old_rows(_migrate(BEFORE))

    pending = _migrate(AFTER).get_model("tournaments", "PendingImport").objects

    usebio, legacy = pending.get(pk=ids["usebio"]), pending.get(pk=ids["legacy"])
    assert (usebio.kind, bytes(usebio.data), usebio.text) == ("usebio", USEBIO_FILE, "")
    assert hashlib.sha256(bytes(usebio.data)).hexdigest() == usebio.sha256
    assert (legacy.kind, bytes(legacy.data), legacy.text) == ("legacy", b"", "1 A\n2 B\nSCORES\n10 1\n")
    assert legacy.replace


def test_reversed_the_usebio_file_goes_back_behind_its_prefix(back_to_the_newest_migration):
    ids = _old_rows(_migrate(BEFORE))
    _migrate(AFTER)

    pending = _migrate(BEFORE).get_model("tournaments", "PendingImport").objects

    assert pending.get(pk=ids["usebio"]).text == "USEBIO " + base64.b64encode(USEBIO_FILE).decode("ascii")
    assert pending.get(pk=ids["legacy"]).text == "1 A\n2 B\nSCORES\n10 1\n"


def test_a_row_whose_base64_is_broken_is_dropped_not_carried(back_to_the_newest_migration):
    apps = _migrate(BEFORE)
    ids = _old_rows(apps)
    apps.get_model("tournaments", "PendingImport").objects.filter(pk=ids["usebio"]).update(
        text="USEBIO not base64!"
    )

    pending = _migrate(AFTER).get_model("tournaments", "PendingImport").objects

    assert list(pending.values_list("pk", flat=True)) == [ids["legacy"]]
