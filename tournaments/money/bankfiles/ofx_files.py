"""OFX statements (1.x SGML and 2.x XML), read by ofxtools.

ofxtools (pure Python, maintained, no dependencies) reads the header, the SGML's unclosed
elements and the XML alike and checks each element against the specification; it gives
the amounts as ``Decimal``. Each ``STMTTRN`` becomes a line: ``FITID`` its id (unique per
account by the specification, so a file imported twice finds its lines again), ``NAME`` or
``PAYEE`` the payer, ``MEMO`` the description, ``REFNUM`` or ``CHECKNUM`` the reference.
A line's number is its place among the file's transactions (an SGML file may be one line).
"""

from __future__ import annotations

import io
import warnings
from typing import Any

from ofxtools.Parser import OFXTree

from tournaments.bridge.text import gettext_noop
from tournaments.money.bankfiles.lines import MAX_AMOUNT, BankFileError, BankLine, Statement, clipped


def read_ofx(data: bytes) -> Statement:
    """Return the statement in an OFX file, or raise ``BankFileError`` saying what is wrong."""
    tree = OFXTree()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter(
                "ignore"
            )  # a bank's private tags (<INTU.BID>) are skipped, as they should be
            tree.parse(io.BytesIO(data))
            ofx = tree.convert()
    # ofxtools refuses with SyntaxError (header, markup), ValueError (a value, an element
    # out of place), ArithmeticError (decimal's, for an amount that is none) and, for markup cut
    # short, IndexError or KeyError from its tree walk:
    # each is a file we cannot read, said so, never a server error.
    except (SyntaxError, ValueError, LookupError, AttributeError, TypeError, ArithmeticError) as error:
        raise BankFileError(
            gettext_noop("The OFX file cannot be read (cut short or malformed): %(error)s"),
            error=clipped(str(error) or type(error).__name__)[:200],
        ) from None
    lines: list[BankLine] = []
    statements = list(getattr(ofx, "statements", []) or [])
    if not statements:
        raise BankFileError(gettext_noop("The OFX file holds no bank statement."))
    for statement in statements:
        currency = str(getattr(statement, "curdef", "") or "").upper()
        account = clipped(getattr(getattr(statement, "account", None), "acctid", "") or "")
        for transaction in getattr(statement, "banktranlist", None) or []:
            lines.append(_line(transaction, len(lines) + 1, currency, account))
    return Statement("ofx", tuple(lines))


def _line(transaction: Any, number: int, currency: str, account: str) -> BankLine:
    amount = transaction.trnamt
    if amount is None or transaction.dtposted is None:
        raise BankFileError(gettext_noop("Transaction %(line)d has no date or no amount."), line=number)
    if abs(amount) > MAX_AMOUNT or amount != amount.quantize(amount.__class__("0.01")):
        raise BankFileError(
            gettext_noop("Transaction %(line)d: the amount %(value)s is not one a club's account holds."),
            line=number,
            value=str(amount),
        )
    own_currency = getattr(transaction, "currency", None)
    if own_currency is not None and getattr(own_currency, "cursym", None):
        currency = str(own_currency.cursym).upper()
    payee = getattr(transaction, "payee", None)
    name = transaction.name or (getattr(payee, "name", "") if payee is not None else "")
    return BankLine(
        line=number,
        date=transaction.dtposted.date(),
        amount=amount.quantize(amount.__class__("0.01")),
        currency=currency,
        reference=clipped(transaction.refnum or transaction.checknum or ""),
        name=clipped(name),
        description=clipped(transaction.memo or ""),
        bank_id=clipped(transaction.fitid or ""),
        account=account,
    )
