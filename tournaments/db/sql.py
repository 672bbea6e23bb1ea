"""Plain SQL for the few statements that run on every result entered, where the ORM's cost shows.

A table's send and a director's entry run the same handful of statements every time;
building each through the ORM costs about a millisecond of Python on the 2-core build
machine, more than the database spends on it (bench/bench_table_entry.py,
bench/bench_entry.py). The writes prepare each value by its model field
(``get_db_prep_save``) and the reads convert it by the field's converters
(``from_row``), so JSON, dates and booleans go in and come out exactly as through the
ORM; anything that needs the model's logic (defaults, validation, signals) stays on the
ORM.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections, models

_M = TypeVar("_M", bound=models.Model)


def quoted_table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def with_tables(text: str, **models_by_name: type[models.Model]) -> str:
    """``text`` with each ``{name}`` replaced by the quoted table of the model given for it."""
    return text.format(**{name: quoted_table(model) for name, model in models_by_name.items()})


def insert_row(model: type[models.Model], values: dict[str, Any]) -> None:
    """Insert one row of ``model`` from field name -> value (no primary key is returned)."""
    fields = _fields(model, values)
    params = [
        field.get_db_prep_save(value, connection)
        for field, value in zip(fields, values.values(), strict=True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_statement(model, fields), params)


def insert_rows(
    model: type[models.Model],
    fields: Sequence[str],
    rows: Iterable[Sequence[Any]],
    *,
    batch_size: int = 1000,
    progress: Callable[[int], object] | None = None,
) -> None:
    """Insert ``rows`` of ``model``, each the values of ``fields`` in order, by ``executemany`` in batches.

    Every other column (but the primary key) gets what the ORM gives a new instance (its
    default, or its ``pre_save``: now, for ``auto_now``), prepared once for all the rows;
    a value of ``fields`` goes as it is if a number or None, else prepared by its field.
    A foreign key's value is the id. ``progress``, if given, is called with each batch's size.

    A legacy import's 400,000 results: building and compiling that many model instances
    for ``bulk_create`` costs tens of seconds, a plain parameterised insert a few. What it
    costs: no primary keys come back, and no signals or ``save()`` run.
    """
    given = _fields(model, fields)
    template = model()
    rest = [
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and field.name not in fields and field.attname not in fields
    ]
    fixed = tuple(field.get_db_prep_save(field.pre_save(template, add=True), connection) for field in rest)
    iterator = iter(rows)
    if connection.vendor == "postgresql":
        _insert_arrays(model, given, rest, fixed, iterator, batch_size, progress)
        return
    statement = _insert_statement(model, given + rest)
    with connection.cursor() as cursor:
        while batch := list(islice(iterator, batch_size)):
            cursor.executemany(statement, [(*_row_prepared(row, given), *fixed) for row in batch])
            if progress is not None:
                progress(len(batch))


def _insert_arrays(
    model: type[models.Model],
    given: list[models.Field[Any, Any]],
    rest: list[models.Field[Any, Any]],
    fixed: tuple[Any, ...],
    rows: Iterator[Sequence[Any]],
    batch_size: int,
    progress: Callable[[int], object] | None,
) -> None:
    """PostgreSQL: ``INSERT ... SELECT FROM unnest(...)``, one array parameter a column a batch
    (numbers as array text, ``_array_literal``), the other columns' one value each.

    A full refit's 90,000 ratings and 40,000 counted sessions took 13 s by ``executemany``
    on the loaded build machine (psycopg's pipeline: a round of Python a row, and a
    statement a row for the server), and 3.4 s by ``COPY`` (psycopg's ``write_row``, still a
    row at a time); this way a column is one string."""
    columns = ", ".join(_column(field) for field in given + rest)
    arrays = ", ".join(_array_cast(field) for field in given)
    singles = "".join(f", CAST(%s AS {field.cast_db_type(connection)})" for field in rest)
    statement = (
        f"INSERT INTO {quoted_table(model)} ({columns}) SELECT v.*{singles} FROM unnest({arrays}) AS v"
    )
    with connection.cursor() as cursor:
        while batch := list(islice(rows, batch_size)):
            params = [
                _texts_literal(_json_texts(field, column))
                if isinstance(field, models.JSONField)
                else _array_literal(column)
                for field, column in zip(given, _prepared_columns(batch, given), strict=True)
            ]
            cursor.execute(statement, [*fixed, *params])  # in the order of their places in the text
            if progress is not None:
                progress(len(batch))


def _array_cast(field: models.Field[Any, Any]) -> str:
    """A column's array parameter cast to its type (a JSON column's comes as texts: ``_json_texts``)."""
    if isinstance(field, models.JSONField):
        return f"CAST(CAST(%s AS text[]) AS {field.cast_db_type(connection)}[])"
    return f"CAST(%s AS {field.cast_db_type(connection)}[])"


def _prepared_columns(batch: list[Sequence[Any]], given: list[models.Field[Any, Any]]) -> list[list[Any]]:
    """The batch's columns, prepared as ``_row_prepared`` prepares a row; a JSON column's left as it is."""
    columns = [list(column) for column in zip(*batch, strict=True)]
    return [
        column
        if isinstance(field, models.JSONField) or _PLAIN_OR_NONE.issuperset(map(type, column))
        else [
            value if type(value) in _PLAIN_OR_NONE else field.get_db_prep_save(value, connection)
            for value in column
        ]
        for field, column in zip(given, columns, strict=True)
    ]


def _texts_literal(values: list[str | None]) -> str:
    """Texts as PostgreSQL's array text, each quoted (psycopg quotes a list's texts one by one:
    1.8 s for a full refit's 40,000 counted sessions' JSON)."""
    quoted = (
        "NULL" if value is None else '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        for value in values
    )
    return "{" + ",".join(quoted) + "}"


def _json_texts(field: models.JSONField, values: list[Any]) -> list[str | None]:
    """A JSON column's values as their JSON texts (psycopg wraps and dumps a ``Jsonb`` a value:
    1 s for a full refit's 40,000 counted sessions)."""
    return [None if value is None else json.dumps(value, cls=field.encoder) for value in values]


def _fields(model: type[models.Model], names: Iterable[str]) -> list[models.Field[Any, Any]]:
    """The fields of ``model`` with these names, each a column of its table (no reverse relation)."""
    found = []
    for name in names:
        field = model._meta.get_field(name)
        if not isinstance(field, models.Field) or field.column is None:
            raise ValueError(f"{model.__name__}.{name} is no column of {model._meta.db_table}")
        found.append(field)
    return found


def _column(field: models.Field[Any, Any]) -> str:
    """The field's column, quoted (a field of ``_fields`` or ``concrete_fields``: it has one)."""
    if field.column is None:
        raise ValueError(f"{field} is no column of its model's table")
    return connection.ops.quote_name(field.column)


def _insert_statement(model: type[models.Model], fields: list[models.Field[Any, Any]]) -> str:
    columns = ", ".join(_column(field) for field in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {quoted_table(model)} ({columns}) VALUES ({placeholders})"


def _row_prepared(row: Sequence[Any], fields: list[models.Field[Any, Any]]) -> Sequence[Any]:
    """The row's values as the database takes them: numbers and None as they are (a legacy
    import's every value), anything else prepared by its field, as the ORM would."""
    if _PLAIN_OR_NONE.issuperset(map(type, row)):  # some 0.2 s of the 400,000 rows' few seconds
        return row
    return [
        value if type(value) in _PLAIN_OR_NONE else field.get_db_prep_save(value, connection)
        for field, value in zip(fields, row, strict=True)
    ]


def update_rows(model: type[models.Model], rows: Sequence[Any], fields: list[str]) -> None:
    """Write ``fields`` of existing ``rows`` by primary key, in one statement.

    ``rows`` are instances of ``model``, or any objects with its ``pk`` and the fields' attributes.

    One statement for the rows of a rescored board or the changed standings, rather than
    Django's ``bulk_update``, which builds a ``CASE WHEN pk = ...`` per row and field (some
    70 ms of Python for the 60 standings of a 30-table session); an upsert through
    ``bulk_create``, which prepares every field of every row (about 10 ms there); or a
    batch of single-row UPDATEs, which PostgreSQL plans one by one (about 10 ms).
    """
    if not rows:
        return
    model_fields = _fields(model, fields)
    if connection.vendor == "postgresql":
        _update_from_arrays(model, rows, model_fields)
    else:
        _update_from_values(model, rows, model_fields)


def _update_from_arrays(
    model: type[models.Model], rows: Sequence[Any], fields: list[models.Field[Any, Any]]
) -> None:
    """PostgreSQL: ``UPDATE ... FROM unnest(%s::type[], ...)``, one array parameter per column.

    The statement's text is the same whatever the number of rows, so psycopg parses it
    once per process; a VALUES list of 60 rows is a new text of 480 placeholders each
    time, which psycopg took some 3 ms to parse on every entry.
    """
    table = quoted_table(model)
    arrays = ", ".join(
        ["CAST(%s AS bigint[])", *(f"CAST(%s AS {field.cast_db_type(connection)}[])" for field in fields)]
    )
    names = ", ".join(["id", *(f"c{position}" for position in range(len(fields)))])
    assignments = ", ".join(f"{_column(field)} = v.c{position}" for position, field in enumerate(fields))
    statement = (
        f"UPDATE {table} SET {assignments} FROM unnest({arrays}) AS v({names}) WHERE {table}.id = v.id"
    )
    prepared = [_prepared(row, fields) for row in rows]
    columns = [[row.pk for row in rows], *(list(column) for column in zip(*prepared, strict=True))]
    params = [_array_literal(column) for column in columns]
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def _array_literal(values: list[Any]) -> Any:
    """A column of numbers as PostgreSQL's array text (``{1,2.5,NULL,t}``); any other column as it is.

    psycopg adapts a list element by element, some 5 microseconds each: 3 ms for the 60
    standings' 480 values, on every entry. A float's ``repr`` is the shortest text that
    reads back as the same float, so nothing is lost.
    """
    if not all(value is None or type(value) in _PLAIN for value in values):
        return values
    return "{" + ",".join(_ARRAY_ITEM[type(value)](value) for value in values) + "}"


_ARRAY_ITEM: dict[type, Callable[[Any], str]] = {
    type(None): lambda value: "NULL",
    bool: lambda value: "t" if value else "f",
    int: str,
    float: repr,
}


def _update_from_values(
    model: type[models.Model], rows: Sequence[Any], fields: list[models.Field[Any, Any]]
) -> None:
    """SQLite: ``UPDATE ... FROM (VALUES ...)``, each value cast to its column's type.

    A VALUES list has no types of its own (a column of NULLs would be text); SQLite
    names its columns column1, column2, ...
    """
    table = quoted_table(model)
    casts = ", ".join(f"CAST(%s AS {field.cast_db_type(connection)})" for field in fields)
    assignments = ", ".join(
        f"{_column(field)} = v.column{position}" for position, field in enumerate(fields, start=2)
    )
    for start in range(0, len(rows), _UPDATE_BATCH):
        batch = rows[start : start + _UPDATE_BATCH]
        values = ", ".join([f"(CAST(%s AS bigint), {casts})"] * len(batch))
        statement = (
            f"UPDATE {table} SET {assignments} FROM (VALUES {values}) AS v WHERE {table}.id = v.column1"
        )
        params = [value for row in batch for value in (row.pk, *_prepared(row, fields))]
        with connection.cursor() as cursor:
            cursor.execute(statement, params)


def _prepared(row: Any, fields: list[models.Field[Any, Any]]) -> list[Any]:
    """The row's values of ``fields`` as the database takes them.

    Numbers and booleans go as they are (the figures and standings written on every
    entry are all such); other values are prepared by their field, as the ORM would.
    """
    values = []
    for field in fields:
        value = getattr(row, field.attname)
        if value is not None and not isinstance(value, _PLAIN):
            value = field.get_db_prep_save(value, connection)
        values.append(value)
    return values


_PLAIN = (int, float, bool)
_PLAIN_OR_NONE = frozenset({*_PLAIN, type(None)})

# Rows an UPDATE writes at most (SQLite allows 32,766 parameters in a statement).
_UPDATE_BATCH = 1000


def columns(model: type[models.Model], alias: str) -> str:
    """Every concrete column of ``model`` under the table alias ``alias``, in order (for ``from_row``)."""
    return ", ".join(f"{alias}.{_column(field)}" for field in model._meta.concrete_fields)


def from_row(model: type[_M], values: Sequence[Any]) -> _M:
    """An instance of ``model`` from the values of its ``columns``, converted as the ORM converts them.

    For a read on every request where building the query through the ORM costs more than
    the database spends on it (a table's link, bench/bench_table_entry.py). Each value
    goes through the backend's and the field's converters, as a queryset's would (SQLite's
    booleans, dates and JSON), so the instance is the one the ORM would have built.
    """
    wrapper = connections[DEFAULT_DB_ALIAS]  # this thread's connection (``connection`` is a proxy)
    converted = []
    for value, (expression, converters) in zip(values, _converters(model, wrapper), strict=True):
        for converter in converters:
            value = converter(value, expression, wrapper)
        converted.append(value)
    return model.from_db(wrapper.alias, _attnames(model), converted)


@functools.lru_cache(maxsize=64)
def _converters(model: type[models.Model], wrapper: Any) -> list[tuple[Any, list[Any]]]:
    """Each concrete field's column and its converters on one connection, as the compiler finds them."""
    found = []
    for field in model._meta.concrete_fields:
        expression = field.get_col(model._meta.db_table)
        found.append(
            (expression, wrapper.ops.get_db_converters(expression) + expression.get_db_converters(wrapper))
        )
    return found


@functools.cache
def _attnames(model: type[models.Model]) -> list[str]:
    return [field.attname for field in model._meta.concrete_fields]
