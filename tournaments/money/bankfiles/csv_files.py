"""A bank's CSV export, as Excel and the banks write it.

Bytes: UTF-8 with or without a byte order mark, UTF-16 with one (Excel's "Unicode Text"),
else Windows-1252 (Excel's CSV on a Western Windows). Cells separated by ``;`` (where the
decimal mark is a comma), ``,`` or a tab, whichever the header line holds most of. A bank
puts lines of its own above the header (the account, the period): the header is the first
of the first 30 lines that names a date column and an amount (or paid in and paid out)
column, in English, French, Dutch, German or Polish, as the banks of our clubs head them.
Dates are day first (``31/03/2026``, ``31.03.2026``) or ISO (``2026-03-31``); amounts as
``lines.parse_amount`` reads them. Read whole or refused whole, naming the line.
"""

from __future__ import annotations

import codecs
import csv
import datetime
import io
import re
import unicodedata
from decimal import Decimal

from tournaments.bridge.text import gettext_noop, quoted
from tournaments.money.bankfiles.lines import BankFileError, BankLine, Statement, clipped, parse_amount

HEADER_SEARCH = 30
DELIMITERS = (";", ",", "\t")


def _words(*names: str) -> tuple[str, ...]:
    return names


# Each column's names, most preferred first (a booking date before a value date).
COLUMNS: dict[str, tuple[str, ...]] = {
    "date": _words(
        "date", "booking date", "transaction date", "posting date", "posted date", "completed date",
        "datum", "boekdatum", "transactiedatum", "buchungstag", "buchungsdatum", "date operation",
        "date de l'operation", "date comptable", "data", "data operacji", "data ksiegowania",
        "value date", "valutadatum", "valuta", "wertstellung", "date de valeur", "data waluty",
    ),
    "amount": _words(
        "amount", "transaction amount", "value", "bedrag", "bedrag (eur)", "betrag", "umsatz", "montant",
        "kwota", "kwota operacji",
    ),
    "credit": _words(
        "credit", "credit amount", "paid in", "money in", "in", "bij", "gutschrift", "haben", "credit (eur)",
        "montant credit", "uznania", "wplywy",
    ),
    "debit": _words(
        "debit", "debit amount", "paid out", "money out", "out", "af", "lastschrift", "soll", "debit (eur)",
        "montant debit", "obciazenia", "wydatki",
    ),
    "direction": _words(
        "af bij", "debit/credit", "credit/debit", "credit debit indicator", "soll/haben", "d/c", "c/d",
    ),
    "currency": _words("currency", "munt", "valuta code", "wahrung", "waehrung", "devise", "waluta"),
    "reference": _words(
        "reference", "payment reference", "your reference", "ref", "ref.", "betalingskenmerk", "kenmerk",
        "referenz", "mandatsreferenz", "end-to-end reference", "end to end id", "reference de l'operation",
        "communication structuree", "referencja",
    ),
    "description": _words(
        "description", "details", "memo", "narrative", "transaction details", "mededelingen", "omschrijving",
        "verwendungszweck", "buchungstext", "libelle", "communication", "opis", "tytul", "tytul operacji",
        "opis operacji",
    ),
    "name": _words(
        "name", "payer", "payee", "counterparty", "counter party", "from", "naam", "naam / omschrijving",
        "naam tegenpartij", "tegenpartij", "auftraggeber", "auftraggeber/empfanger",
        "beguenstigter/zahlungspflichtiger", "begunstigter/zahlungspflichtiger", "name zahlungsbeteiligter",
        "zahlungspflichtiger", "nom", "contrepartie", "nom de la contrepartie", "nadawca",
        "nadawca / odbiorca", "kontrahent", "dane kontrahenta",
    ),
    "id": _words("transaction id", "transaction reference", "id", "fitid", "transaktions-id", "identifiant"),
}  # fmt: skip
_CREDIT_SIGNS = {"bij", "c", "cr", "crdt", "credit", "h", "haben", "in", "credito", "uznanie"}
_DEBIT_SIGNS = {"af", "d", "dr", "dbit", "debit", "s", "soll", "out", "debito", "obciazenie"}
_DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y", "%Y%m%d", "%d/%m/%y", "%d.%m.%y", "%d-%m-%y",
                 "%Y/%m/%d", "%d %b %Y", "%d %B %Y", "%d-%b-%Y", "%Y.%m.%d")  # fmt: skip
_TIME = re.compile(r"[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?$")


def _plain(text: str) -> str:
    """Return a header cell folded as ``COLUMNS`` spells names: no accents, lower case, one space."""
    decomposed = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(letters.casefold().strip().strip('"').split())


def decode(data: bytes) -> str:
    """Return the file's text in the encodings Excel and the banks write."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise BankFileError(
                gettext_noop("The file says it is UTF-16 but is not: save it again as CSV.")
            ) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Windows-1252 leaves five bytes undefined; Latin-1 reads them, so no file is refused here.
        return data.decode("cp1252", errors="strict") if _cp1252_ok(data) else data.decode("latin-1")


def _cp1252_ok(data: bytes) -> bool:
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return False
    return True


def _columns(header: list[str]) -> dict[str, int]:
    """Return the index of each known column in ``header``: the most preferred name wins."""
    cells = [_plain(cell) for cell in header]
    found: dict[str, int] = {}
    for column, names in COLUMNS.items():
        for name in names:
            if name in cells and cells.index(name) not in found.values():
                found[column] = cells.index(name)
                break
    return found


def _is_header(columns: dict[str, int]) -> bool:
    return "date" in columns and ("amount" in columns or "credit" in columns)


def parse_date(text: str, *, line: int) -> datetime.date:
    """Return a bank's date, day first or ISO, with any time of day dropped."""
    cleaned = _TIME.sub("", text.strip())
    for pattern in _DATE_FORMATS:
        try:
            return datetime.datetime.strptime(cleaned, pattern).date()
        except ValueError:
            continue
    raise BankFileError(
        gettext_noop("Line %(line)d: %(value)s is not a date (write 31/03/2026, 31.03.2026 or 2026-03-31)."),
        line=line,
        value=quoted(text),
    )


def read_csv(data: bytes) -> Statement:
    """Return the statement in a bank's CSV, or raise ``BankFileError`` naming the line."""
    if b"\x00" in data and not data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise BankFileError(gettext_noop("This is not a bank statement: the file holds binary data."))
    text = decode(data)
    first_lines = text.splitlines()[:HEADER_SEARCH]
    delimiter = max(DELIMITERS, key=lambda mark: sum(line.count(mark) for line in first_lines[:5]))
    csv.field_size_limit(1_000_000)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    columns: dict[str, int] = {}
    width = 0
    try:
        for row in reader:
            if reader.line_num > HEADER_SEARCH:
                break
            columns = _columns(row)
            if _is_header(columns):
                width = len(row)
                break
        if not _is_header(columns):
            raise BankFileError(
                gettext_noop(
                    "This is not a bank statement we can read: a CSV needs a header line naming a date "
                    "and an amount column (or OFX or MT940 from the bank)."
                )
            )
        lines = [
            line for row in reader if (line := _row_line(row, reader.line_num, columns, width)) is not None
        ]
    except csv.Error as error:
        raise BankFileError(
            gettext_noop("Line %(line)d: the file is cut short or malformed (%(error)s)."),
            line=reader.line_num,
            error=str(error),
        ) from None
    if not lines:
        raise BankFileError(gettext_noop("The file has a header but no lines under it."))
    return Statement("csv", tuple(lines))


def _cell(row: list[str], columns: dict[str, int], column: str) -> str:
    index = columns.get(column)
    return row[index].strip() if index is not None and index < len(row) else ""


def _row_line(row: list[str], line: int, columns: dict[str, int], width: int) -> BankLine | None:
    """Return the row's bank line; None for a blank row; refuse a row cut short or wrong."""
    if not any(cell.strip() for cell in row):
        return None
    needed = max(columns.values()) + 1
    if len(row) < needed:
        raise BankFileError(
            gettext_noop("Line %(line)d is cut short: it has %(cells)d of the header's %(width)d columns."),
            line=line,
            cells=len(row),
            width=width,
        )
    date_text = _cell(row, columns, "date")
    if not date_text:
        raise BankFileError(gettext_noop("Line %(line)d has no date."), line=line)
    date = parse_date(date_text, line=line)
    amount = _amount(row, line, columns)
    return BankLine(
        line=line,
        date=date,
        amount=amount,
        currency=clipped(_cell(row, columns, "currency")).upper()[:3],
        reference=clipped(_cell(row, columns, "reference")),
        name=clipped(_cell(row, columns, "name")),
        description=clipped(_cell(row, columns, "description")),
        bank_id=clipped(_cell(row, columns, "id")),
    )


def _amount(row: list[str], line: int, columns: dict[str, int]) -> Decimal:
    if "amount" in columns:
        text = _cell(row, columns, "amount")
        if not text:
            raise BankFileError(gettext_noop("Line %(line)d has no amount."), line=line)
        amount = parse_amount(text, line=line)
        direction = _plain(_cell(row, columns, "direction"))
        if direction in _DEBIT_SIGNS:
            amount = -abs(amount)
        elif direction in _CREDIT_SIGNS:
            amount = abs(amount)
        elif direction:
            raise BankFileError(
                gettext_noop("Line %(line)d: %(value)s says neither money in nor money out."),
                line=line,
                value=quoted(direction),
            )
        return amount
    credit = _cell(row, columns, "credit")
    debit = _cell(row, columns, "debit")
    if bool(credit) == bool(debit):
        raise BankFileError(
            gettext_noop("Line %(line)d needs an amount in exactly one of paid in and paid out."), line=line
        )
    if credit:
        return abs(parse_amount(credit, line=line))
    return -abs(parse_amount(debit, line=line))
