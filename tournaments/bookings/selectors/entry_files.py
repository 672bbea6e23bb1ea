"""The entry list as a file: the same rows as the page (``entries.entry_list``), as CSV or XLSX."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.bookings.models import EntryEvent
from tournaments.bookings.selectors.entries import EntryRow
from tournaments.bookings.selectors.entry_states import entry_state, payment_state
from tournaments.bridge.formats.spreadsheet_cells import Cell
from tournaments.exchange.spreadsheets import Table


def entry_list_table(event: EntryEvent, rows: list[EntryRow]) -> Table:
    """One line an entry: number, team, players, their categories, state, fee, payment."""
    header = [
        _("Entry"),
        _("Team"),
        _("Players"),
        _("Categories"),
        _("State"),
        _("Fee"),
        _("Early bird"),
        _("Payment"),
    ]
    lines: list[list[Cell]] = [
        [
            row.number,
            row.team_name,
            row.names,
            ", ".join(str(player.get_category_display()) for player in row.players),
            entry_state(row),
            float(row.entry.fee),
            _("yes") if row.entry.early_bird else "",
            payment_state(row),
        ]
        for row in rows
    ]
    return Table(title=event.name[:31] or _("Entries"), header=header, rows=lines)
