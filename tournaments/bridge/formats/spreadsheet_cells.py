"""What a spreadsheet cell may hold, so that opening a downloaded file runs nothing.

A spreadsheet reads a CSV cell that begins with ``=``, ``+``, ``-`` or ``@`` as a formula
(``=HYPERLINK(...)`` in a player's name would run on the reader's machine), and a cell that
begins with a tab or a carriage return can hide one (OWASP, "CSV Injection"). Such a text
cell is written with a leading apostrophe, which the spreadsheet reads as "this is text".
The full-width forms of the four signs are treated alike: some spreadsheets take them too.

Numbers are never escaped: a score of -120 is a number and stays one, so a column of
scores still sorts and sums. Only text is escaped, whatever it looks like: a name written
``-120`` is text and gets the apostrophe.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

FORMULA_STARTS = frozenset("=+-@\t\r\uff1d\uff0b\uff0d\uff20")
TEXT_MARK = "'"

# An amount of money is a Decimal, written to the cent (``7.00``) so a column sums exactly.
Cell = str | int | float | Decimal | None


def text_escaped(text: str) -> str:
    """The text as a CSV cell: with a leading apostrophe when a spreadsheet would run it."""
    return TEXT_MARK + text if text[:1] in FORMULA_STARTS else text


def csv_cell(value: Cell) -> str | int | float:
    """A cell for ``csv.writer``: numbers as they are, amounts to the cent, text escaped, nothing as ''."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, bool):  # a bool is an int to Python, but not a figure
        return str(value)
    if isinstance(value, int | float):
        return value
    return text_escaped(value)


def figure(value: float | None, places: int) -> float | None:
    """The figure as the pages print it (Django's ``floatformat``: half away from zero).

    A download carries the page's figures, so a sum in the spreadsheet matches the
    printed table; ``round`` would round 52.125 to 52.12 where the page shows 52.13.
    """
    if value is None:
        return None
    return float(Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))
