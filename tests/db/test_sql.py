"""The plain-SQL writes store exactly what the ORM would, on SQLite and on PostgreSQL.

``update_rows`` writes the figures and standings of every result entered; PostgreSQL gets
them as array text, so a float must read back bit for bit and a NULL must stay NULL.
"""

from __future__ import annotations

import pytest
from django.db import connection

from tests.conftest import seated_mitchell
from tournaments.core.models import Club
from tournaments.db.sql import columns, from_row, quoted_table, update_rows
from tournaments.night.models import Session, Standing, TableAccess
from tournaments.night.selectors.table_entry import table_access_get
from tournaments.night.services.movement import session_start

pytestmark = pytest.mark.django_db

FIELDS = ["rank", "tied", "matchpoints", "percentage", "boards_played", "total_score", "imps"]


def test_update_rows_writes_each_row_its_own_figures_exactly(mitchell_session):
    pairs = list(mitchell_session.pairs.order_by("pk"))
    rows = [
        Standing.objects.create(
            session=mitchell_session, pair=pair, rank=0, matchpoints=0, percentage=0, boards_played=0
        )
        for pair in pairs
    ]
    figures = [
        (1, True, 1 / 3, 100 * 2 / 3, 7, -2140, None),
        (1, True, 0.1 + 0.2, 1e-300, 2**31 - 1, 2**31 - 1, -3.0),
        (3, False, 0.0, -0.0, 0, 0, 2 / 7),
    ]
    wanted = (figures * 2)[: len(rows) - 1]
    for row, values in zip(rows[:-1], wanted, strict=True):
        for field, value in zip(FIELDS, values, strict=True):
            setattr(row, field, value)
    update_rows(Standing, rows[:-1], FIELDS)  # the last row is left as it was

    stored = {pk: values for pk, *values in Standing.objects.values_list("pk", *FIELDS)}
    for row, values in zip(rows[:-1], wanted, strict=True):
        assert tuple(stored[row.pk]) == values
    assert stored[rows[-1].pk] == [0, False, 0.0, 0.0, 0, 0, None]


def test_update_rows_of_nothing_writes_nothing(mitchell_session, django_assert_num_queries):
    with django_assert_num_queries(0):
        update_rows(Standing, [], FIELDS)


def _fields(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


def test_from_row_builds_the_instance_the_orm_would(club):
    """Dates, times, booleans and JSON come back as the ORM gives them, on either database."""
    session = session_start(session=seated_mitchell(club, arrow_switch_rounds=(2,)))
    for model, pk in ((Session, session.pk), (Club, club.pk)):
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {columns(model, 't')} FROM {quoted_table(model)} t WHERE t.id = %s", [pk])
            built = from_row(model, cursor.fetchone())
        assert _fields(built) == _fields(model.objects.get(pk=pk))
        assert not built._state.adding  # a stored row, saved by UPDATE


def test_a_table_link_reads_its_session_and_club_as_the_orm_would(club):
    session = session_start(session=seated_mitchell(club))
    stored = TableAccess.objects.select_related("session__club").get(session=session, table=2)
    access = table_access_get(stored.token)
    assert _fields(access) == _fields(stored)
    assert _fields(access.session) == _fields(stored.session)
    assert _fields(access.session.club) == _fields(stored.session.club)
