"""Read the tables of a Microsoft Access file (a Bridgemate ``.bws``) with access-parser.

access-parser (PyPI, pure Python; docs/decisions.md says why it and not mdbtools) reads
Jet 3 (Access 97, what BCS writes) to Jet 4/ACE files from a path, so the bytes go to a
temporary file first: an upload is in memory, and a file the tables are still writing is
read once, into memory, and parsed from that copy (``exchange.services.bws_follow``).

The library logs, rather than raises, on a row it cannot parse and then leaves the row
out, and reads a file cut short (a copy taken while it grew) without a word, its missing
pages' rows simply absent. A table read with a complaint, or with fewer rows than its
definition states (Access keeps the count in the table's definition page), is refused
here, naming it: a file caught half written must be read again, never imported with
rows missing. Its complaints about
Access's own system tables (``MSysObjects``), which ClubScore does not read, are
silenced, as every real file has some.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from access_parser import AccessParser
from django.utils.translation import gettext as _

from tournaments.bridge.formats.bws import BwsError

# The tables ClubScore reads; the others (PlayerNames: a federation's whole member list,
# thousands of rows) are never parsed.
BWS_TABLES = ("Session", "Section", "RoundData", "PlayerNumbers", "ReceivedData", "HandRecord")
# What an Access file says in its first page: Jet (Access 97-2003) or ACE (2007 on).
_SIGNATURES = (b"Standard Jet DB", b"Standard ACE DB")
_LOGGERS = ("access_parser", "access_parser.utils")


class _Complaints(logging.Handler):
    """Keeps what access-parser says at WARNING and above while a table is read."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _quiet_library() -> Iterator[_Complaints]:
    """Collect access-parser's complaints instead of letting them reach the site's log."""
    complaints = _Complaints()
    loggers = [logging.getLogger(name) for name in _LOGGERS]
    saved = [(logger.propagate, logger.handlers[:], logger.level) for logger in loggers]
    for logger in loggers:
        logger.handlers = [complaints]
        logger.propagate = False
        logger.setLevel(logging.WARNING)
    try:
        yield complaints
    finally:
        for logger, (propagate, handlers, level) in zip(loggers, saved, strict=True):
            logger.handlers, logger.propagate = handlers, propagate
            logger.setLevel(level)


def is_access_file(data: bytes) -> bool:
    """Whether the bytes start as a Microsoft Access database does."""
    return any(signature in data[:32] for signature in _SIGNATURES)


def access_tables(data: bytes, names: Iterable[str] = BWS_TABLES) -> dict[str, dict[str, list[object]]]:
    """The named tables the file holds, as columns; raise ``BwsError`` for a file that is not one.

    A table the file does not hold is left out (the reader says which it needs).
    """
    if not is_access_file(data):
        raise BwsError(_("not a Microsoft Access database (a Bridgemate .bws file is one)"))
    with tempfile.NamedTemporaryFile(suffix=".bws") as copy:
        copy.write(data)
        copy.flush()
        with _quiet_library() as complaints:
            parser = _opened(copy.name)
            complaints.messages.clear()  # the system tables' complaints, read while opening
            return {name: _table(parser, name, complaints) for name in names if name in parser.catalog}


def _opened(path: str) -> AccessParser:
    try:
        return AccessParser(path)
    except Exception as error:  # the library raises whatever its parsing meets in a damaged file
        raise BwsError(
            _("the Access database cannot be read (%(kind)s: %(error)s)")
            % {"kind": type(error).__name__, "error": error}
        ) from None


def _table(parser: AccessParser, name: str, complaints: _Complaints) -> dict[str, list[object]]:
    try:
        parsed = parser.parse_table(name)
    except Exception as error:  # as in _opened: a damaged page raises anything
        raise BwsError(
            _("table %(table)s cannot be read (%(kind)s: %(error)s)")
            % {"table": name, "kind": type(error).__name__, "error": error}
        ) from None
    if complaints.messages:
        raise BwsError(
            _("table %(table)s was not read whole: %(complaint)s")
            % {"table": name, "complaint": complaints.messages[0]}
        )
    # An empty table comes back as {column: ""}: no rows.
    columns = {
        column: list(values) if isinstance(values, list) else [] for column, values in (parsed or {}).items()
    }
    read = max((len(values) for values in columns.values()), default=0)
    stated = _rows_stated(parser, name)
    if stated is not None and read != stated:
        # A copy taken while Access was writing, or cut short: pages missing or not yet written.
        raise BwsError(
            _("table %(table)s was not read whole (%(read)d of its %(stated)d rows)")
            % {"table": name, "read": read, "stated": stated}
        )
    return columns


def _rows_stated(parser: AccessParser, name: str) -> int | None:
    """The number of rows the table's definition says it holds (Access keeps it up to date)."""
    try:
        count = parser.get_table(name).table_header.number_of_rows
    except Exception:  # as in _opened
        return None
    return count if isinstance(count, int) else None
