"""Rows built once for a test module, in a transaction rolled back at the module's end.

For a module whose tests all read (or write and undo) the same costly world: a seated
night, the demo. pytest-django runs each ``django_db`` test in a savepoint inside it, so
what one test writes is gone for the next, and the world is gone for the next module.
Every test of such a module sees the world, so a test that needs an empty database
belongs in another module.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction


@contextmanager
def rolled_back_at_the_end(django_db_blocker) -> Iterator[None]:
    """Open the database to a module-scoped fixture, in a transaction rolled back when it ends."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)
