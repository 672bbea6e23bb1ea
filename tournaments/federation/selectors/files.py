"""The files federations take from a club: its month's awards, by the federation's layout.

- **The ABF's** (``bridge.formats.abf_awards``): the Masterpoint Centre's fixed-width
  ``.grn`` file, one line a player (ABF number, his green points of the month in
  hundredths). A player without an ABF number cannot be in it: he is listed beside the
  download, with his points, for the club's masterpoint secretary to add by hand.
- **The ACBL's**: a CSV report of the month's awards by ACBL player number, one row an
  award (number, name, date, event, strat, direction, place, points), for the club's
  monthly report;
  text cells escaped so that a spreadsheet runs nothing (``spreadsheet_cells``).

The EBU takes each session's USEBIO file (``exchange``), its awards in it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet

from tournaments.bridge.formats.abf_awards import GREEN_EXTENSION, abf_award_file, abf_number
from tournaments.bridge.formats.spreadsheet_cells import csv_cell
from tournaments.core.models import Club, Player
from tournaments.federation.models import MasterPointAward
from tournaments.federation.selectors.exported import award_event_name


def month_awards(club: Club, year: int, month: int, federation: str) -> QuerySet[MasterPointAward]:
    """The club's awards of a month on a federation's scale, by player number and date."""
    return (
        MasterPointAward.objects.filter(club=club, federation=federation, date__year=year, date__month=month)
        .select_related("player", "session", "teams_event")
        .order_by("player__federation_number", "player__name", "date", "id")
    )


@dataclass(frozen=True)
class AbfFile:
    """A month's ABF award file, and the players it cannot hold (no ABF number)."""

    name: str
    data: bytes
    lines: int
    missing: list[tuple[Player, Decimal]]


def abf_month_file(club: Club, year: int, month: int) -> AbfFile:
    """The month's green points as the Masterpoint Centre's file, one line a numbered player."""
    numbered: list[tuple[str, int]] = []
    missing: dict[int, tuple[Player, Decimal]] = {}
    for award in month_awards(club, year, month, "abf"):
        hundredths = int(award.points * 100)
        if abf_number(award.player.federation_number) is None:
            player, points = missing.get(award.player_id, (award.player, Decimal(0)))
            missing[award.player_id] = (player, points + award.points)
        else:
            numbered.append((award.player.federation_number, hundredths))
    data = abf_award_file(numbered)
    name = f"{club.slug}-{year:04d}-{month:02d}.{GREEN_EXTENSION}"
    return AbfFile(name, data, data.count(b"\n"), sorted(missing.values(), key=lambda row: row[0].name))


ACBL_COLUMNS = (
    "ACBL player number",
    "Player",
    "Date",
    "Event",
    "Strat",
    "Direction",
    "Place",
    "Masterpoints",
)
# The ACBL's directions as its reports write a Mitchell's fields; a Howell's award has none.
ACBL_DIRECTIONS = {"NS": "N-S", "EW": "E-W"}


def _acbl_rows(awards: Iterable[MasterPointAward]) -> Iterable[tuple[object, ...]]:
    """One row an award, its place given as ACBLscore reports it: the rank within the strat that
    gave the award (A, the open field, or B or C) and the direction's field, so that a pair's
    "2" in strat B beside another's "2" in A is two places, not one written twice."""
    for award in awards:
        yield (
            award.player.federation_number,
            award.player.name,
            award.date.isoformat(),
            award_event_name(award),
            award.stratum or "A",
            ACBL_DIRECTIONS.get(award.field, ""),
            f"{award.place}{'=' if award.tied else ''}",
            float(award.points),
        )


def acbl_month_csv(club: Club, year: int, month: int) -> tuple[str, bytes]:
    """The month's ACBL awards as a CSV report by player number (UTF-8 with a BOM, for Excel)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(ACBL_COLUMNS)
    for row in _acbl_rows(month_awards(club, year, month, "acbl")):
        writer.writerow([csv_cell(value) for value in row])  # type: ignore[arg-type]
    name = f"{club.slug}-{year:04d}-{month:02d}-acbl-masterpoints.csv"
    return name, "\ufeff".encode() + out.getvalue().encode("utf-8")
