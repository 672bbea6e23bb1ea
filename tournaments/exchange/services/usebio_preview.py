"""Preview a USEBIO import: what confirming would store and find, without storing anything.

The preview runs the very import a confirm runs (``services.usebio.usebio_store``) in a
transaction that is then rolled back, so the standings and differences a director sees
are the ones the import gives, and a file the import refuses is refused here. It holds
the SQLite write gate for the time of an import (about 3 ms a result).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.db.models import Max

from tournaments.bridge.formats.usebio import MATCHPOINTS, UsebioEvent
from tournaments.bridge.formats.usebio.awards import UsebioAwards
from tournaments.bridge.formats.usebio.individual import UsebioIndividualEvent
from tournaments.bridge.imps import scaled_imp_total
from tournaments.core.models import Club
from tournaments.core.services.writes import write
from tournaments.exchange.services.usebio import UsebioImport, usebio_store
from tournaments.exchange.services.usebio_individual import usebio_individual_store
from tournaments.exchange.services.usebio_sections import session_numbers
from tournaments.night.selectors.individual import individual_places

Found = TypeVar("Found")


@dataclass(frozen=True)
class PreviewRow:
    """One pair of a previewed import: ClubScore's standing beside the one the file states."""

    label: str
    names: str
    place: str  # ClubScore's: '2', '2='
    figure: float  # ClubScore's percentage, or total IMPs
    file_place: int | None
    file_figure: float | None


@dataclass(frozen=True)
class UsebioPreview:
    """What confirming an import would store and find, worked out without storing anything."""

    name: str
    rows: list[PreviewRow]
    board_count: int
    line_count: int
    differences: list[str]


class _DryRun(Exception):
    """Raised to roll the preview's import back."""


def rolled_back(run: Callable[[], Found]) -> Found:
    """What ``run`` returns, worked out in a transaction that is then rolled back (a preview's import)."""
    found: list[Found] = []
    try:
        with write():
            found.append(run())
            raise _DryRun
    except _DryRun:
        pass
    return found[0]


def usebio_preview(
    *,
    club: Club,
    event: UsebioEvent,
    name: str = "",
    awards: UsebioAwards | None = None,
    scale_imps: bool = False,
) -> UsebioPreview:
    """Import the event in a transaction that is rolled back, and return what it gave.

    The preview runs the very import a confirm runs, so its standings and differences are
    the ones the director will get, and a file the import refuses is refused here
    (``ValidationError``, as from the import).
    """
    return rolled_back(
        lambda: _preview(
            usebio_store(club=club, event=event, name=name, awards=awards, scale_imps=scale_imps), event
        )
    )


def usebio_individual_preview(*, club: Club, event: UsebioIndividualEvent, name: str = "") -> UsebioPreview:
    """Import the individual in a transaction that is rolled back, and return its players' standings.

    The very import a confirm runs (``services.usebio_individual``), so a file it refuses is
    refused here (``ValidationError``).
    """
    return rolled_back(
        lambda: _individual_preview(usebio_individual_store(club=club, event=event, name=name), event)
    )


def _individual_preview(imported: UsebioImport, event: UsebioIndividualEvent) -> UsebioPreview:
    stated = {player.number: player for player in event.players}
    rows = [
        PreviewRow(
            label=str(place.number),
            names=place.player.name,
            place=place.place_text,
            figure=place.percentage or 0.0,
            file_place=stated[place.number].place if place.number in stated else None,
            file_figure=stated[place.number].percentage if place.number in stated else None,
        )
        for place in individual_places(imported.session)
    ]
    session = imported.session
    return UsebioPreview(session.name, rows, session.boards.count(), event.line_count, imported.differences)


def _preview(imported: UsebioImport, event: UsebioEvent) -> UsebioPreview:
    session = imported.session
    numbers = session_numbers(event)
    stated = {(pair.direction, numbers[pair.key]): pair for pair in event.pairs}
    rows = []
    field = (
        (session.standings.aggregate(most=Max("boards_played"))["most"] or 0) if session.imps_scaled else 0
    )
    for pair in session.pairs.select_related("player1", "player2", "standing").order_by(
        "-direction", "number"
    ):
        standing = getattr(pair, "standing", None)
        if standing is None:
            continue
        file_pair = stated.get((pair.direction, pair.number))
        imps = event.event_type != MATCHPOINTS
        rows.append(
            PreviewRow(
                label=file_pair.label if file_pair else pair.label,
                names=pair.names,
                place=f"{standing.rank}{'=' if standing.tied else ''}",
                figure=scaled_imp_total(standing.imps or 0.0, standing.boards_played, field)
                if imps
                else standing.percentage,
                file_place=file_pair.place if file_pair else None,
                file_figure=(file_pair.total_score if imps else file_pair.percentage) if file_pair else None,
            )
        )
    return UsebioPreview(
        name=session.name,
        rows=rows,
        board_count=session.boards.count(),
        line_count=sum(len(board.lines) for board in event.boards),
        differences=imported.differences,
    )
