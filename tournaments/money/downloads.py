"""The books' tables as CSV and XLSX for the club's accountant: amounts to the cent, text that runs nothing.

Amounts are written as numbers with two places (``7.00`` in the CSV, a number cell shown
``0.00`` in the workbook), so a column sums in any spreadsheet; text is escaped as every
download of the site escapes it (``bridge.formats.spreadsheet_cells``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.http import HttpResponse
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font

from tournaments.bridge.formats.spreadsheet_cells import text_escaped

CSV_TYPE = "text/csv; charset=utf-8"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MoneyCell = str | int | Decimal | None


@dataclass(frozen=True)
class MoneyTable:
    title: str
    header: Sequence[str]
    rows: Sequence[Sequence[MoneyCell]]


def _csv_cell(value: MoneyCell) -> str | int:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, int):
        return value
    return text_escaped(value)


def csv_bytes(table: MoneyTable) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([_csv_cell(name) for name in table.header])
    writer.writerows([_csv_cell(value) for value in row] for row in table.rows)
    return out.getvalue().encode("utf-8-sig")


def xlsx_bytes(table: MoneyTable) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has its one sheet
    sheet.title = ILLEGAL_CHARACTERS_RE.sub("", table.title)[:31].translate(str.maketrans("", "", "[]:*?/\\"))
    for column, name in enumerate(table.header, start=1):
        heading = sheet.cell(row=1, column=column, value=name)
        heading.data_type, heading.font = "s", Font(bold=True)
    for row_number, row in enumerate(table.rows, start=2):
        for column, value in enumerate(row, start=1):
            cell = sheet.cell(row=row_number, column=column)  # a new sheet's cell, never a merged one
            if isinstance(value, Decimal):
                cell.value, cell.number_format = float(value), "0.00"
            elif isinstance(value, str):
                cell.value = ILLEGAL_CHARACTERS_RE.sub("", value)
                cell.data_type, cell.quotePrefix = "s", True
            else:
                cell.value = value
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def download(table: MoneyTable, filename: str, fmt: str) -> HttpResponse:
    """The table as ``filename.csv`` or ``filename.xlsx`` (``fmt``), an attachment."""
    data, content_type = (csv_bytes(table), CSV_TYPE) if fmt == "csv" else (xlsx_bytes(table), XLSX_TYPE)
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    return response
