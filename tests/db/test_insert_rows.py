"""``insert_rows``, the legacy import's plain insert, stores what ``bulk_create`` would, on both databases."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.db.sql import insert_rows
from tournaments.night.models import Result

pytestmark = pytest.mark.django_db

FIELDS = ("ns_pair", "ew_pair", "ns_score", "ns_matchpoints", "ns_percentage", "assigned")
LEFT_OUT = {"id", "board_id", "updated_at"}  # who tells the rows apart, and when each was written


def _stored(board) -> list[dict]:
    rows = Result.objects.filter(board=board).order_by("ns_pair_id").values()
    return [{name: value for name, value in row.items() if name not in LEFT_OUT} for row in rows]


def _rows(session) -> list[tuple]:
    ns = list(session.pairs.filter(direction="NS").order_by("number"))
    ew = list(session.pairs.filter(direction="EW").order_by("number"))
    figures = [
        (420, 1 / 3, 100 * 2 / 3, None),
        (-50, 0.1 + 0.2, 0.0, None),
        (None, None, None, [[0.6, 420], [0.4, -50]]),
    ]
    return [(n.pk, e.pk, *values) for n, e, values in zip(ns, ew, figures, strict=True)]


def test_insert_rows_stores_what_bulk_create_would(mitchell_session):
    """Every column given or left out (defaults, ``auto_now``, JSON, NULLs) reads back as the ORM's."""
    first, second = mitchell_session.boards.order_by("number")[:2]
    rows = _rows(mitchell_session)
    insert_rows(Result, ["board", *FIELDS], [(first.pk, *row) for row in rows])
    attnames = [Result._meta.get_field(name).attname for name in FIELDS]
    Result.objects.bulk_create(Result(board=second, **dict(zip(attnames, row, strict=True))) for row in rows)

    assert len(_stored(first)) == len(rows)
    assert _stored(first) == _stored(second)
    assert not Result.objects.filter(board=first, updated_at__isnull=True).exists()


def test_insert_rows_quotes_its_table_and_columns_and_goes_in_batches(mitchell_session):
    board = mitchell_session.boards.order_by("number").first()
    rows, sizes = [(board.pk, *row) for row in _rows(mitchell_session)], []
    with CaptureQueriesContext(connection) as captured:
        insert_rows(Result, ["board", *FIELDS], rows, batch_size=2, progress=sizes.append)
    quote = connection.ops.quote_name
    table = quote(Result._meta.db_table)
    assert table.startswith('"')
    statements = [query["sql"] for query in captured.captured_queries]
    assert len(statements) == 2 and all(
        f"INSERT INTO {table} ({quote('board_id')}, " in sql for sql in statements
    )
    assert sizes == [2, 1]
    assert Result.objects.filter(board=board).count() == 3


def test_insert_rows_of_nothing_writes_nothing(mitchell_session, django_assert_num_queries):
    with django_assert_num_queries(0):
        insert_rows(Result, FIELDS, [])


def test_insert_rows_keeps_json_texts_with_quotes_and_backslashes(mitchell_session):
    """A JSON column goes in as texts in one array on PostgreSQL: quoting must not change them."""
    board = mitchell_session.boards.order_by("number").first()
    ns, ew = (
        mitchell_session.pairs.filter(direction="NS")[:1].get(),
        mitchell_session.pairs.filter(direction="EW")[:1].get(),
    )
    awkward = [['a "quoted" \\ back,slash {braces} NULL', 1], [None, "\t\n"]]
    insert_rows(Result, ["board", "ns_pair", "ew_pair", "assigned"], [(board.pk, ns.pk, ew.pk, awkward)])
    assert Result.objects.get(board=board).assigned == awkward
