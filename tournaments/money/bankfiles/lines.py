"""One bank line as every format gives it, the refusal of a file, amounts as banks write them.

A line's ``key`` is what makes a statement imported twice book nothing twice: the file's
own id for the line where it has one (OFX's ``FITID``, unique per account by the standard),
else the account, the date, the amount, the reference and the line's place among the
lines of the file equal in all four (two payments of 5.00 on one day by one member are
two lines, and the same two again in a later file are the same two keys).
"""

from __future__ import annotations

import datetime
import hashlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from tournaments.bridge.text import WordedError, gettext_noop, quoted

# A club's payment is never a billion: more digits than this is a column read wrong.
MAX_AMOUNT = Decimal("99999999.99")
MAX_LINES = 20_000
MAX_TEXT = 500


class BankFileError(WordedError):
    """A bank file refused whole; the message names the line (or the transaction) and why."""


@dataclass(frozen=True)
class BankLine:
    """One movement on the club's bank account, as the statement gives it.

    ``line`` is where it is in the file (a CSV's or MT940's line number, an OFX
    transaction's place), for the treasurer to find it; ``amount`` is positive for money
    in. ``currency`` is empty when the file does not say (a CSV without the column).
    """

    line: int
    date: datetime.date
    amount: Decimal
    currency: str = ""
    reference: str = ""
    name: str = ""
    description: str = ""
    bank_id: str = ""
    account: str = ""

    @property
    def text(self) -> str:
        """Everything the line says about who paid, for matching and for the page."""
        return " ".join(part for part in (self.name, self.reference, self.description) if part)


@dataclass(frozen=True)
class Statement:
    """A bank file read whole: its format (``csv``, ``ofx``, ``mt940``) and its lines in order."""

    format: str
    lines: tuple[BankLine, ...]

    @property
    def currencies(self) -> frozenset[str]:
        return frozenset(line.currency for line in self.lines if line.currency)


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def line_keys(lines: tuple[BankLine, ...] | list[BankLine]) -> list[str]:
    """Return each line's unique key (a SHA-256), in the lines' order."""
    keys = []
    seen: Counter[tuple[str, ...]] = Counter()
    for line in lines:
        if line.bank_id:
            parts: tuple[str, ...] = ("id", line.account, line.bank_id)
        else:
            parts = ("line", line.account, line.date.isoformat(), str(line.amount), _folded(line.text))
        seen[parts] += 1
        keys.append(hashlib.sha256("\x1f".join((*parts, str(seen[parts]))).encode()).hexdigest())
    return keys


_SPACES = re.compile(r"[\s\u00a0\u202f']")
_CURRENCY_SIGNS = re.compile(r"^[A-Z]{3}|[A-Z]{3}$|[€£$zł]|zl|CHF", re.IGNORECASE)
_PLAIN = re.compile(r"\d+(?:\.\d+)?")


def parse_amount(text: str, *, line: int) -> Decimal:
    """Return ``text`` as an amount: ``12,50``, ``1.234,50``, ``1,234.50``, ``-12.50``, ``(12.50)``.

    Where both marks appear, the last is the decimal mark. A lone mark followed by exactly
    three digits (``1,234``, ``1.234``) separates thousands, as a bank writes no amount to
    the tenth of a cent; followed by one or two, it is the decimal mark.
    """
    raw = text.strip()
    cleaned = _CURRENCY_SIGNS.sub("", _SPACES.sub("", raw))
    negative = False
    if cleaned.startswith("(") and cleaned.endswith(")"):
        negative, cleaned = True, cleaned[1:-1]
    if cleaned.endswith("-"):
        negative, cleaned = True, cleaned[:-1]
    if cleaned.startswith(("-", "−")):
        negative, cleaned = not negative, cleaned[1:]
    elif cleaned.startswith("+"):
        cleaned = cleaned[1:]
    comma, dot = cleaned.rfind(","), cleaned.rfind(".")
    if comma >= 0 and dot >= 0:
        decimal_mark = "," if comma > dot else "."
        thousands = "." if decimal_mark == "," else ","
        cleaned = cleaned.replace(thousands, "").replace(decimal_mark, ".")
    elif comma >= 0 or dot >= 0:
        mark = "," if comma >= 0 else "."
        if cleaned.count(mark) > 1:  # 1.234.567: thousands only, in groups of three
            grouped = re.fullmatch(rf"\d{{1,3}}(?:{re.escape(mark)}\d{{3}})+", cleaned)
            cleaned = cleaned.replace(mark, "") if grouped else "x"
        elif len(cleaned.rpartition(mark)[2]) == 3:
            cleaned = cleaned.replace(mark, "")
        else:
            cleaned = cleaned.replace(mark, ".")
    if not _PLAIN.fullmatch(cleaned):
        raise BankFileError(
            gettext_noop("Line %(line)d: %(value)s is not an amount (write 12.50 or 12,50)."),
            line=line,
            value=quoted(raw),
        )
    amount = Decimal(cleaned)  # the pattern above admits only plain numbers
    if amount.as_tuple().exponent < -2:  # type: ignore[operator]
        raise BankFileError(
            gettext_noop("Line %(line)d: the amount %(value)s has more than two decimals."),
            line=line,
            value=quoted(raw),
        )
    if amount > MAX_AMOUNT:
        raise BankFileError(
            gettext_noop("Line %(line)d: the amount %(value)s is too large for a club's account."),
            line=line,
            value=quoted(raw),
        )
    return (-amount if negative else amount).quantize(Decimal("0.01"))


def clipped(text: object) -> str:
    """Return a file's text field on one line, at most ``MAX_TEXT`` characters, NULs dropped."""
    return " ".join(str(text or "").replace("\x00", "").split())[:MAX_TEXT]
