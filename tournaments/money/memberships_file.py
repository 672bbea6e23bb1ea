"""A club's memberships as a file, CSV or XLSX: ``member, type, paid until, left`` a line.

The member is named by his federation number or by his name as the club's list has it;
the type by its name (blank: none); the day as 2026-03-31, 31/03/2026 or 31.03.2026
(blank: none); left as blank, resigned or deceased. The memberships page's own download
(name, federation number, email, type, paid until, state, and whose account pays his table
money) is read back as well, so a treasurer may edit the list he downloaded: there the
member is his number (else his name), his ending stays as it is, and the payer is a
member's number or name (blank: his own account). A first line whose day is no day is a header. Read whole
or refused whole, every bad line named.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date, datetime

from django.utils.translation import gettext as _
from openpyxl import load_workbook

from tournaments.bridge.season.members import MemberListError, decode_member_list
from tournaments.bridge.text import quoted

MAX_LINES = 5_000
ENDINGS = ("", "resigned", "deceased")
DOWNLOAD_COLUMNS = 6


@dataclass(frozen=True)
class MembershipLine:
    line: int
    member: str  # a federation number or a name
    type: str
    paid_until: date | None
    ending: str | None  # None: as it is
    payer: str | None = None  # who pays his table money, by number or name ("": himself; None: as it is)


def _rows(data: bytes) -> list[list[str]]:
    if data.startswith(b"PK\x03\x04"):
        try:
            sheet = load_workbook(io.BytesIO(data), read_only=True, data_only=True).active
            rows = list(sheet.iter_rows(values_only=True)) if sheet is not None else []  # type: ignore[union-attr]
        except Exception:  # openpyxl raises many kinds on a broken workbook
            raise MemberListError([(1, _("the workbook cannot be read"))]) from None
        return [
            [value.date().isoformat() if isinstance(value, datetime) else str(value or "") for value in row]
            for row in rows
        ]
    text = decode_member_list(data)
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


def _day(text: str) -> date | None:
    if not text:
        return None
    for shape in ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y"):
        try:
            return datetime.strptime(text, shape).date()
        except ValueError:
            continue
    raise ValueError(_("%(text)s is not a day (write 2026-03-31)") % {"text": quoted(text)})


def _line(number: int, cells: list[str]) -> MembershipLine:
    if len(cells) >= DOWNLOAD_COLUMNS:
        payer = cells[DOWNLOAD_COLUMNS] if len(cells) > DOWNLOAD_COLUMNS else None
        return MembershipLine(number, cells[1] or cells[0], cells[3], _day(cells[4]), None, payer)
    cells = cells + [""] * 4
    if cells[3].casefold() not in ENDINGS:
        raise ValueError(_("%(text)s is not blank, resigned or deceased") % {"text": quoted(cells[3])})
    return MembershipLine(number, cells[0], cells[1], _day(cells[2]), cells[3].casefold())


def parse_memberships(data: bytes) -> list[MembershipLine]:
    """The file's lines, or ``MemberListError`` naming every bad one."""
    rows = _rows(data)
    if len(rows) > MAX_LINES:
        raise MemberListError([(MAX_LINES + 1, _("a list has at most %(max)d lines") % {"max": MAX_LINES})])
    lines, errors = [], []
    for number, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        try:
            lines.append(_line(number, cells))
        except ValueError as error:
            if number == 1:
                continue  # a header
            errors.append((number, str(error)))
        else:
            if not lines[-1].member:
                errors.append((number, _("the member is blank")))
    if errors:
        raise MemberListError(errors)
    return lines
