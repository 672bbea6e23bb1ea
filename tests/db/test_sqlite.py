"""SQLite's busy timeout, read and set as the settle of a table's entries needs it."""

from __future__ import annotations

import pytest
from django.db import connection

from tournaments.db.sqlite import busy_timeout, busy_timeout_set

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "sqlite", reason="a PRAGMA of SQLite's"),
]


def test_the_busy_timeout_set_is_the_one_read_and_can_be_put_back():
    previous = busy_timeout()
    assert previous > 0  # SQLite's retry of a held database, which the settle turns off
    busy_timeout_set(0)
    try:
        assert busy_timeout() == 0
    finally:
        busy_timeout_set(previous)
    assert busy_timeout() == previous
