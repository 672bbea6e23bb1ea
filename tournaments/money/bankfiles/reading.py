"""Tell a bank file's format from its bytes and read it: OFX, MT940, else CSV.

The name a browser sends proves nothing (a bank's ``.txt`` may be MT940, its ``.csv`` a
workbook), so the bytes decide: an OFX header or ``<OFX>``, MT940's ``:20:`` and ``:61:``
tags, a workbook's signature (refused: save it as CSV), else a CSV with a header naming a
date and an amount column. Anything else is refused naming what was expected.
"""

from __future__ import annotations

import re

from tournaments.bridge.text import gettext_noop
from tournaments.money.bankfiles.csv_files import read_csv
from tournaments.money.bankfiles.lines import MAX_LINES, BankFileError, Statement
from tournaments.money.bankfiles.mt940_files import read_mt940
from tournaments.money.bankfiles.ofx_files import read_ofx

_WORKBOOKS = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0")  # .xlsx (a zip), .xls (an OLE file)
_MT940_TAGS = re.compile(rb"^:(20|25|28C?|60[FM]|61):", re.MULTILINE)
_PDF = b"%PDF"


def read_bank_file(data: bytes) -> Statement:
    """Return the statement in ``data``, or raise ``BankFileError`` saying which line is wrong."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not data.strip():
        raise BankFileError(gettext_noop("The file is empty."))
    if head.startswith(_WORKBOOKS):
        raise BankFileError(
            gettext_noop(
                "This is a spreadsheet workbook, not a bank statement: save it as CSV, or export OFX or MT940"
                " from the bank."
            )
        )
    if head.startswith(_PDF):
        raise BankFileError(
            gettext_noop("This is a PDF: export the statement from the bank as CSV, OFX or MT940.")
        )
    upper = head.upper()
    if upper.startswith(b"OFXHEADER") or b"<OFX>" in upper or b"<?OFX" in upper:
        statement = read_ofx(data)
    elif head.startswith(b"{1:") or len(set(_MT940_TAGS.findall(data[:65536]))) >= 3:
        statement = read_mt940(data)
    else:
        statement = read_csv(data)
    if len(statement.lines) > MAX_LINES:
        raise BankFileError(
            gettext_noop("The file has %(count)d lines; a statement imported at once has at most %(limit)d."),
            count=len(statement.lines),
            limit=MAX_LINES,
        )
    return statement
