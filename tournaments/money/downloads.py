"""The books' tables as CSV and XLSX for the club's accountant: amounts to the cent, text that runs nothing.

Amounts are written as numbers with two places (``7.00`` in the CSV, a number cell shown
``0.00`` in the workbook), so a column sums in any spreadsheet; text is escaped as every
download of the site escapes it (``bridge.formats.spreadsheet_cells``).
"""

from __future__ import annotations

from django.http import HttpResponse

from tournaments.exchange.spreadsheets import CSV_TYPE, XLSX_TYPE, Table, csv_bytes, xlsx_bytes

# The books' tables are the site's own downloads' (exchange.spreadsheets), amounts as Decimals.
MoneyTable = Table


def download(table: MoneyTable, filename: str, fmt: str) -> HttpResponse:
    """The table as ``filename.csv`` or ``filename.xlsx`` (``fmt``), an attachment."""
    data, content_type = (csv_bytes(table), CSV_TYPE) if fmt == "csv" else (xlsx_bytes(table), XLSX_TYPE)
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}.{fmt}"'
    return response
