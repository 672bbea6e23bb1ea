"""A table written as a CSV or an XLSX file, with no cell a spreadsheet would run.

CSV: UTF-8 with a byte-order mark (Excel otherwise reads "José" as Windows-1252), text
cells escaped by ``bridge.formats.spreadsheet_cells``, numbers written as numbers.
An amount (a ``Decimal``: the club's books) is written to the cent in both.
XLSX (openpyxl): every text cell is stored as a string (``data_type`` "s", with Excel's
quote prefix, so it stays text even when edited), never as a formula, whatever it begins
with; numbers are numbers. openpyxl would otherwise take any string starting with ``=``
for a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font

from tournaments.bridge.formats.spreadsheet_cells import Cell, csv_cell

CSV_TYPE = "text/csv; charset=utf-8"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@dataclass(frozen=True)
class Table:
    """What a download holds: a sheet's title, its header and its rows of cells."""

    title: str
    header: Sequence[str]
    rows: Sequence[Sequence[Cell]]


def csv_bytes(table: Table) -> bytes:
    """The table as a CSV file: the header, then the rows."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([csv_cell(name) for name in table.header])
    writer.writerows([csv_cell(value) for value in row] for row in table.rows)
    return out.getvalue().encode("utf-8-sig")


def xlsx_bytes(table: Table) -> bytes:
    """The table as an XLSX workbook of one sheet, the header in bold."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    # Excel's longest sheet name, without the characters it refuses in one
    sheet.title = ILLEGAL_CHARACTERS_RE.sub("", table.title)[:31].translate(str.maketrans("", "", "[]:*?/\\"))
    for column, name in enumerate(table.header, start=1):
        _write(sheet.cell(row=1, column=column), name).font = Font(bold=True)
    for row_number, row in enumerate(table.rows, start=2):
        for column, value in enumerate(row, start=1):
            _write(sheet.cell(row=row_number, column=column), value)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _write(cell, value: Cell):
    """Put the value in the cell: text as a string that cannot run, numbers as numbers, an amount
    as a number shown to the cent."""
    if isinstance(value, Decimal):
        cell.value, cell.number_format = float(value), "0.00"
    elif isinstance(value, str):
        # XML has no place for most control characters; openpyxl refuses them with an error.
        cell.value = ILLEGAL_CHARACTERS_RE.sub("", value)
        cell.data_type = "s"
        cell.quotePrefix = True
    else:
        cell.value = value
    return cell
