"""The treasurer's reports: a page each, and its CSV and XLSX for the club's accountant."""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render

from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.money.downloads import MoneyTable, download
from tournaments.money.forms_bank import PeriodForm
from tournaments.money.selectors.ledger import currency_of
from tournaments.money.selectors.reports import REPORTS

FORMATS = ("csv", "xlsx")


@login_required
def reports(request: SignedInRequest, slug: str) -> HttpResponse:
    """The list of the reports."""
    club = club_for_director(request.user, slug)
    names = [(name, builder(club).title) for name, builder in REPORTS.items()]
    return render(request, "money/reports.html", {"club": club, "reports": names})


@login_required
def report(request: SignedInRequest, slug: str, name: str, fmt: str | None = None) -> HttpResponse:
    club = club_for_director(request.user, slug)
    if name not in REPORTS or (fmt is not None and fmt not in FORMATS):
        raise Http404
    period = PeriodForm(request.GET or None)
    dates = period.cleaned_data if period.is_bound and period.is_valid() else {}
    built = REPORTS[name](club, since=dates.get("since"), until=dates.get("until"))
    if fmt is not None:
        rows = [*built.rows, *([built.totals] if built.totals else [])]
        return download(MoneyTable(built.title, built.header, rows), f"{name}-{club.slug}", fmt)
    context = {
        "club": club,
        "name": name,
        "report": built,
        "rows": [[(cell, isinstance(cell, Decimal)) for cell in row] for row in built.rows],
        "totals": [(cell, isinstance(cell, Decimal)) for cell in built.totals],
        "period": period,
        "currency": currency_of(club),
        "query": request.GET.urlencode(),
    }
    status = 400 if period.is_bound and not period.is_valid() else 200
    return render(request, "money/report.html", context, status=status)
