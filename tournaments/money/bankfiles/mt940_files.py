"""SWIFT MT940 statements, read by mt-940.

mt-940 (pure Python, maintained, no dependencies) knows the banks' dialects: ABN AMRO's,
ING's, Rabobank's, the German banks' structured ``:86:`` with its ``?20``-``?33`` fields
(the payer's name, IBAN and purpose), and the SWIFT envelope around them. We take each
``:61:`` as a line, with its statement's account (``:25:``) copied onto it, and check what
the library leaves to its caller: that the file is MT940 at all, and that every statement
ends with its closing balance (``:62F:`` or ``:62M:``), which a file cut short has not.
A line's number is the file's line holding its ``:61:``.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Any

import mt940
from mt940 import processors

from tournaments.bridge.text import gettext_noop
from tournaments.money.bankfiles.lines import MAX_AMOUNT, BankFileError, BankLine, Statement, clipped

_STATEMENT_LINE = re.compile(r"^:61:", re.MULTILINE)
_OPENING = re.compile(r"^:60[FM]:", re.MULTILINE)
_CLOSING = re.compile(r"^:62[FM]:", re.MULTILINE)
_NO_REFERENCE = {"", "NONREF", "NOTPROVIDED"}


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # SWIFT's character set is ASCII; banks add Latin-1's accents


def read_mt940(data: bytes) -> Statement:
    """Return the lines of an MT940 file, or raise ``BankFileError`` naming the line."""
    text = _decode(data).replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        raise BankFileError(gettext_noop("This is not a bank statement: the file holds binary data."))
    opening = [text.count("\n", 0, match.start()) + 1 for match in _OPENING.finditer(text)]
    closing = [text.count("\n", 0, match.start()) + 1 for match in _CLOSING.finditer(text)]
    if not opening:
        raise BankFileError(
            gettext_noop("The MT940 file has no opening balance (:60F:): it is not a statement.")
        )
    if len(closing) < len(opening) or closing[-1] < opening[-1]:
        raise BankFileError(
            gettext_noop(
                "The MT940 file is cut short: the statement from line %(line)d has no closing balance."
            ),
            line=opening[-1],
        )
    numbers = [text.count("\n", 0, match.start()) + 1 for match in _STATEMENT_LINE.finditer(text)]
    post = [
        processors.date_cleanup_post_processor,
        processors.transactions_to_transaction("transaction_reference", "account_identification"),
    ]
    # Every fix the library offers (a reversal signed as the debit it is, the IBAN apart from
    # the name, details of any length); its next major release makes them the default.
    transactions = mt940.models.Transactions(processors={"post_statement": post}, options=mt940.Options.all())
    try:
        transactions.parse(text)
    except (ValueError, LookupError, AttributeError, TypeError, ArithmeticError, RuntimeError) as error:
        # mt-940 raises these for a tag it cannot read; its message names the tag
        line = numbers[len(transactions.transactions)] if len(transactions.transactions) < len(numbers) else 0
        raise BankFileError(
            gettext_noop("Line %(line)d: the MT940 file cannot be read: %(error)s"),
            line=line,
            error=clipped(str(error))[:200],
        ) from None
    if len(transactions.transactions) != len(numbers):
        raise BankFileError(
            gettext_noop("The MT940 file is malformed: %(found)d statement lines read of %(written)d."),
            found=len(transactions.transactions),
            written=len(numbers),
        )
    lines = [_line(t.data, number) for t, number in zip(transactions.transactions, numbers, strict=True)]
    return Statement("mt940", tuple(lines))


def _line(data: dict[str, Any], number: int) -> BankLine:
    amount_value = data.get("amount")
    date = data.get("date")
    if amount_value is None or date is None:
        raise BankFileError(gettext_noop("Line %(line)d has no date or no amount."), line=number)
    amount = Decimal(amount_value.amount).quantize(Decimal("0.01"))
    if abs(amount) > MAX_AMOUNT:
        raise BankFileError(
            gettext_noop("Line %(line)d: the amount %(value)s is too large for a club's account."),
            line=number,
            value=str(amount),
        )
    references = [
        str(data.get(key) or "").strip()
        for key in ("end_to_end_reference", "customer_reference", "bank_reference")
    ]
    reference = next((r for r in references if r.upper() not in _NO_REFERENCE), "")
    description = data.get("purpose") or data.get("transaction_details") or ""
    return BankLine(
        line=number,
        date=datetime.date(date.year, date.month, date.day),  # mt-940's own Date, made plain
        amount=amount,
        currency=str(getattr(amount_value, "currency", "") or data.get("currency") or "").upper(),
        reference=clipped(reference),
        name=clipped(data.get("applicant_name") or ""),
        description=clipped(description),
        account=clipped(data.get("account_identification") or ""),
    )
