"""What a table's own page and the director's live grid read while a session is played.

A table reaches its page through its secret link (``TableAccess``); everything here is
scoped to that one table of that one session. The table sees its rounds, its boards, the
traveller of a board *it has played* (the results entered so far), where its pairs go
next, and the standings so far if the club allows it; never a board it has still to play.

The round a table is in is worked out, not stored: it is the first round of the table
whose boards are not all in (a round where one side is the phantom has nothing to enter).
So a table that the director helps by entering a result from the desk moves on just the
same, and nothing has to be kept in step.

One module per part: ``links`` (the link and its QR code), ``rounds``, ``state`` (the
page's JSON), ``traveller``, ``score_table``, ``grid`` (the director's live grid). The
names the views use are imported here.
"""

import sys
from typing import cast

from tournaments.night.live.phones import TableReads
from tournaments.night.selectors.table_entry.grid import session_table_grid
from tournaments.night.selectors.table_entry.links import TableLinkError, qr_svg, table_access_get
from tournaments.night.selectors.table_entry.rounds import entered_at_table
from tournaments.night.selectors.table_entry.score_table import score_table_json
from tournaments.night.selectors.table_entry.state import (
    TableSeen,
    table_state,
    table_state_seen,
    table_state_stamped,
)
from tournaments.night.selectors.table_entry.traveller import BoardNotPlayedError, table_traveller


def table_entry_reads() -> TableReads:
    """This package's reads of a table's page, for a phone's answer (``night.live.phones.table_reads``)."""
    return cast("TableReads", sys.modules[__name__])


__all__ = [
    "BoardNotPlayedError",
    "TableLinkError",
    "TableSeen",
    "entered_at_table",
    "qr_svg",
    "score_table_json",
    "session_table_grid",
    "table_access_get",
    "table_state",
    "table_entry_reads",
    "table_state_seen",
    "table_state_stamped",
    "table_traveller",
]
