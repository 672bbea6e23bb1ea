"""Long public lists a page at a time: a congress's standings and a board's traveller.

A congress of 500 tables has 500 pairs a field and 500 results on each board. Their page
grows with its rows: at 100 rows a field the standings page was 85 kB and 60 ms of
Django's CPU, at 50 rows 45 kB and 36 ms (bench/bench_congress.py), so all 500 at once
would be some 400 kB. A page shows at most ``STANDINGS_PAGE_ROWS`` pairs of each field,
or ``TRAVELLER_PAGE_ROWS`` results, sliced in SQL, so its size and time do not grow with
the field; a club's evening (up to 50 pairs a field) fits on one page and has no pager.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, F, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext

from tournaments.night.models import Board, Direction, Result, Session, Standing
from tournaments.night.selectors.public import StandingsTable, traveller_query

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _FieldRows(TypedDict):
    field_rows: int  # the rows of the standing's field, counted by a window


class _BoardRows(TypedDict):
    board_rows: int  # the results of the board, counted by a window


STANDINGS_PAGE_ROWS = 50
TRAVELLER_PAGE_ROWS = 50


@dataclass(frozen=True)
class Page:
    """Which page of a list is shown: ``number`` of ``count`` (1-based)."""

    number: int
    count: int
    size: int

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.size

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.count else None

    @property
    def numbers(self) -> range:
        return range(1, self.count + 1)


def page_asked(value: str | None) -> int:
    """The page a query string asks for; anything but a positive whole number is page 1."""
    return int(value) if value and value.isdigit() and int(value) > 0 else 1


def page_of(asked: int, rows: int, size: int) -> Page:
    """The page ``asked`` of ``rows`` rows, moved to the last page when past it."""
    count = max(1, math.ceil(rows / size))
    return Page(min(asked, count), count, size)


def _page_found(asked: int, size: int, rows: list, total: int | None, count_rows) -> tuple[Page, bool]:
    """The page shown, and whether the rows fetched for ``asked`` are it (else fetch again).

    The rows carry their list's length (a window count), so a page is one query; only a
    page past the end, which finds no row, costs a count and a second query.
    """
    if rows or asked == 1:
        return page_of(asked, total or 0, size), True
    page = page_of(asked, count_rows(), size)
    return page, page.number == asked


def session_standings_page(session: Session, asked: int = 1) -> tuple[list[StandingsTable], Page]:
    """One page of the standings, best first: the same places of each field (NS and EW) side by side."""
    one_field = session.ranks_one_field
    partition = [] if one_field else [F("pair__direction")]
    order = ["rank", "pair__direction", "pair__number"] if one_field else ["rank", "pair__number"]

    def fetch(number: int) -> list[WithAnnotations[Standing, _FieldRows]]:
        offset = (number - 1) * STANDINGS_PAGE_ROWS
        ranked = (
            Standing.objects.filter(session=session)
            .select_related("pair__player1", "pair__player2", "pair__section")
            .annotate(
                place=Window(RowNumber(), partition_by=partition, order_by=[F(name).asc() for name in order]),
                field_rows=Window(Count("pk"), partition_by=partition),
            )
            .filter(place__gt=offset, place__lte=offset + STANDINGS_PAGE_ROWS)
        )
        return list(
            ranked.order_by("pair__direction", "place") if not one_field else ranked.order_by("place")
        )

    def largest_field() -> int:
        counts = Standing.objects.filter(session=session).order_by().values_list("pair__direction")
        return (
            max((n for _, n in counts.annotate(n=Count("pk"))), default=0)
            if not one_field
            else counts.count()
        )

    rows = fetch(asked)
    page, found = _page_found(
        asked, STANDINGS_PAGE_ROWS, rows, max((r.field_rows for r in rows), default=0), largest_field
    )
    if not found:
        rows = fetch(page.number)
    if one_field:
        return [StandingsTable(gettext("Standings"), rows)], page
    return [
        StandingsTable(str(direction.label), [row for row in rows if row.pair.direction == direction])
        for direction in (Direction.NS, Direction.EW)
    ], page


def board_traveller_page(board: Board, asked: int = 1) -> tuple[Sequence[Result], Page]:
    """One page of the board's traveller, best North-South score first."""

    def fetch(number: int) -> list[WithAnnotations[Result, _BoardRows]]:
        offset = (number - 1) * TRAVELLER_PAGE_ROWS
        counted = traveller_query(board).annotate(board_rows=Window(Count("pk")))
        return list(counted[offset : offset + TRAVELLER_PAGE_ROWS])

    rows = fetch(asked)
    page, found = _page_found(
        asked, TRAVELLER_PAGE_ROWS, rows, rows[0].board_rows if rows else 0, board.results.count
    )
    return (rows if found else fetch(page.number)), page
