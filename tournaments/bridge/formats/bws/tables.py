"""The rows of a Bridgemate file's tables, checked: the columns ClubScore needs, values of the right kind.

Whoever reads the Access file hands its tables over as columns (``{"Board": [1, 2, ...]}``,
as access-parser gives them); this module turns a table into rows and refuses, naming the
table, the row and the column, what ClubScore cannot use. A row is numbered from 1 in the
table's stored order, and named by its ``ID`` where it has one.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from tournaments.bridge.formats.bws.values import BwsError

Columns = Mapping[str, Sequence[object]]
Tables = Mapping[str, Columns]

# Far more than any real night (60 tables, 27 boards, every board corrected once: 3,240),
# so a file cannot keep a worker reading for long.
MAX_ROWS = 20_000
MAX_NUMBER = 999  # tables, rounds, pairs, boards and sections of a night
MAX_TEXT = 120


@dataclass(frozen=True)
class Row:
    """One row of a table: its values by column, and how a message names it."""

    table: str
    index: int
    values: Mapping[str, object]

    @property
    def where(self) -> str:
        row_id = self.values.get("ID")
        named = f" (ID {row_id})" if isinstance(row_id, int) and not isinstance(row_id, bool) else ""
        return f"table {self.table}, row {self.index}{named}"

    def refuse(self, column: str, reason: str) -> BwsError:
        return BwsError(f"{self.where}, column {column}: {reason}")

    def number(self, column: str, minimum: int = 1, maximum: int = MAX_NUMBER) -> int:
        """A whole number from ``minimum`` to ``maximum`` (Access stores them as integers)."""
        value = self.values.get(column)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse(column, f"a whole number is needed, not {_shown(value)}")
        if not minimum <= value <= maximum:
            raise self.refuse(column, f"{value} is not from {minimum} to {maximum}")
        return value

    def text(self, column: str) -> str:
        """A text value, stripped ('' for an empty or missing one); NUL and control characters refused."""
        value = self.values.get(column)
        if value is None:
            return ""
        if not isinstance(value, str):
            raise self.refuse(column, f"text is needed, not {_shown(value)}")
        value = value.strip()
        if len(value) > MAX_TEXT or any(ord(char) < 32 for char in value):
            raise self.refuse(column, f"{_shown(value)} is not text a Bridgemate writes")
        return value

    def flag(self, column: str) -> bool:
        """A Yes/No value (a missing column or an empty value is No)."""
        value = self.values.get(column)
        if value is None:
            return False
        if isinstance(value, bool | int):
            return bool(value)
        raise self.refuse(column, f"Yes or No is needed, not {_shown(value)}")

    def date(self, column: str) -> datetime.date | None:
        """A date (access-parser writes them as ``'2026-01-19 00:00:00'``), or None when empty."""
        value = self.values.get(column)
        if value is None or value == "":
            return None
        if isinstance(value, datetime.datetime):
            return value.date()
        if isinstance(value, datetime.date):
            return value
        try:
            return datetime.date.fromisoformat(str(value)[:10])
        except ValueError:
            raise self.refuse(column, f"a date is needed, not {_shown(value)}") from None


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def table_rows(tables: Tables, name: str, columns: Sequence[str], *, required: bool = True) -> Iterator[Row]:
    """The rows of table ``name``, refusing a missing table or column and a damaged table.

    A table whose columns hold different numbers of values was not read whole (a file
    being written while it was read, or a damaged one): refused, never half-read.
    """
    table = tables.get(name)
    if table is None:
        if required:
            raise BwsError(f"the file has no table {name}: not a Bridgemate file, or not a whole one")
        return
    missing = [column for column in columns if column not in table]
    if missing:
        raise BwsError(
            f"table {name} has no column {', '.join(missing)}: not a Bridgemate file ClubScore reads"
        )
    lengths = {len(values) for values in table.values()}
    if len(lengths) > 1:
        raise BwsError(f"table {name} was not read whole (its columns hold {sorted(lengths)} values)")
    count = lengths.pop() if lengths else 0
    if count > MAX_ROWS:
        raise BwsError(f"table {name} holds {count:,} rows; a night's file holds at most {MAX_ROWS:,}")
    names = list(table)
    for index in range(count):
        yield Row(name, index + 1, {column: table[column][index] for column in names})
