"""Preview a Bridgemate import: what confirming would store, without storing anything.

As the USEBIO preview (``services.usebio_preview``): the very import a confirm runs
(``services.bws.bws_store``) inside a transaction that is rolled back, so the standings,
the counts (new, corrected, removed) and the notes a director sees are the ones the
import gives, and a file the import refuses is refused here.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.bridge.formats.bws import BwsFile
from tournaments.core.models import Club
from tournaments.core.services.writes import write
from tournaments.exchange.services.bws import BwsImport, bws_store
from tournaments.exchange.services.bws_results import ResultCounts


@dataclass(frozen=True)
class BwsPreviewRow:
    """One pair's standing as the import would leave it."""

    label: str
    names: str
    place: str  # '2', '2='
    percentage: float
    boards: int


@dataclass(frozen=True)
class BwsPreview:
    """What confirming would do: the session (new or fed again), its standings, the counts and the notes."""

    name: str
    created: bool
    counts: ResultCounts
    rows: list[BwsPreviewRow]
    board_count: int
    notes: list[str]


class _DryRun(Exception):
    """Raised to roll the preview's import back."""


def bws_preview(*, club: Club, file: BwsFile, section: str | None = None, name: str = "") -> BwsPreview:
    """Import the section in a transaction that is rolled back, and return what it gave.

    A file the import refuses raises the import's ``ValidationError``.
    """
    found: list[BwsPreview] = []
    try:
        with write():
            found.append(_preview(bws_store(club=club, file=file, section=section, name=name)))
            raise _DryRun
    except _DryRun:
        pass
    return found[0]


def _preview(imported: BwsImport) -> BwsPreview:
    session = imported.session
    rows = []
    for pair in session.pairs.select_related("player1", "player2", "standing").order_by(
        "-direction", "number"
    ):
        standing = getattr(pair, "standing", None)
        if standing is None:
            continue
        rows.append(
            BwsPreviewRow(
                label=pair.label,
                names=pair.names,
                place=standing.rank_text,
                percentage=standing.percentage,
                boards=standing.boards_played,
            )
        )
    return BwsPreview(
        name=session.name,
        created=imported.created,
        counts=imported.counts,
        rows=rows,
        board_count=session.boards.count(),
        notes=imported.notes,
    )
