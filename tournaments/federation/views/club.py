"""The director's page of a club's master points: its players' totals by season, and the
federations' files of a month (the ABF's award file, the ACBL's report by player number).

Director-only, the club's own (``club_for_director``: another club's director gets 403);
GET pages that only read. A month is asked as ``YYYY-MM``; anything else is refused with
a 400 that names the field, never a 500.
"""

from __future__ import annotations

import datetime
import re

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.bridge.federations import FEDERATION_NAMES, scale_of
from tournaments.core.models import Club
from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.federation.selectors.files import abf_month_file, acbl_month_csv
from tournaments.federation.selectors.pages import club_seasons, club_totals

TEMPLATE = "tournaments/federation/club_master_points.html"
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


class MonthError(ValueError):
    """A month that is not ``YYYY-MM``."""


def _month(text: str) -> tuple[int, int]:
    match = _MONTH.match(text.strip())
    if match is None or not 1 <= int(match[2]) <= 12 or int(match[1]) < 1900:
        raise MonthError(_("Month: give it as YYYY-MM (2026-03), not %(text)r.") % {"text": text[:20]})
    return int(match[1]), int(match[2])


def _year(text: str, seasons: list[int]) -> int:
    if text.isascii() and text.isdigit() and len(text) == 4:
        return int(text)
    return seasons[0] if seasons else datetime.date.today().year


def _page(
    request: SignedInRequest, club: Club, *, error: str = "", missing: list | None = None
) -> HttpResponse:
    seasons = club_seasons(club)
    year = _year(request.GET.get("year", ""), seasons)
    today = datetime.date.today()
    context = {
        "club": club,
        "scale": scale_of(club.federation),
        "federation_name": FEDERATION_NAMES.get(club.federation, ""),
        "seasons": seasons,
        "year": year,
        "totals": club_totals(club, year),
        "month": request.GET.get("month", "") or f"{today:%Y-%m}",
        "error": error,
        "missing": missing,
    }
    return render(request, TEMPLATE, context, status=400 if error else 200)


@login_required
@require_GET
def club_master_points(request: SignedInRequest, slug: str) -> HttpResponse:
    return _page(request, club_for_director(request.user, slug))


def _download(data: bytes, name: str, content_type: str) -> HttpResponse:
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _month_asked(request: SignedInRequest, slug: str) -> tuple[Club, int, int] | HttpResponse:
    """The director's club and the month asked; the page with its 400 when the month is not YYYY-MM."""
    club = club_for_director(request.user, slug)
    try:
        return (club, *_month(request.GET.get("month", "")))
    except MonthError as error:
        return _page(request, club, error=str(error))


@login_required
@require_GET
def club_abf_file(request: SignedInRequest, slug: str) -> HttpResponse:
    """The month's ABF award file; without a player missing a number, else the page listing them."""
    asked = _month_asked(request, slug)
    if isinstance(asked, HttpResponse):
        return asked
    club, year, month = asked
    found = abf_month_file(club, year, month)
    if found.missing and request.GET.get("anyway") != "1":
        return _page(request, club, missing=found.missing)
    return _download(found.data, found.name, "text/plain; charset=us-ascii")


@login_required
@require_GET
def club_acbl_report(request: SignedInRequest, slug: str) -> HttpResponse:
    asked = _month_asked(request, slug)
    if isinstance(asked, HttpResponse):
        return asked
    name, data = acbl_month_csv(*asked)
    return _download(data, name, "text/csv; charset=utf-8")
