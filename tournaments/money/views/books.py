"""The treasurer's pages for the club: the books (currency, balances, trial balance) and the fees."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.money.forms import CurrencyForm, RateForm, ScheduleForm
from tournaments.money.models import Account
from tournaments.money.selectors.fees import fee_schedules
from tournaments.money.selectors.ledger import balances, currency_of, trial_balance
from tournaments.money.services.fees import rate_add, schedule_save
from tournaments.money.services.ledger import books_currency_set

TEMPLATES = "tournaments/money/"


@login_required
@require_http_methods(["GET", "POST"])
def books(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's books: its currency, every account's balance and the trial balance."""
    club = club_for_director(request.user, slug)
    form = CurrencyForm(request.POST or None, initial={"currency": currency_of(club)})
    done = form_write(
        request,
        form,
        lambda: books_currency_set(club=club, currency=form.cleaned_data["currency"]),
        message=lambda books: _("The books are kept in %(currency)s.") % {"currency": books.currency},
        to=lambda _books: reverse("director:money_books", args=[club.slug]),
    )
    if done is not None:
        return done
    by_id = balances(club)
    accounts = (
        Account.objects.filter(club=club).select_related("player").order_by("kind", "player__name", "id")
    )
    rows = trial_balance(club)
    context = {
        "club": club,
        "form": form,
        "currency": currency_of(club),
        "accounts": [(account, by_id.get(account.pk, 0)) for account in accounts],
        "trial": rows,
        "debits": sum(row.debit for row in rows),
        "credits": sum(row.credit for row in rows),
    }
    return render(request, TEMPLATES + "books.html", context, status=400 if form.is_bound else 200)


@login_required
@require_http_methods(["GET", "POST"])
def fees(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's table money: a schedule per kind of session, with its rates."""
    club = club_for_director(request.user, slug)
    posted = request.POST.get("action") if request.method == "POST" else None
    schedule_form = ScheduleForm(request.POST if posted == "schedule" else None)
    rate_form = RateForm(request.POST if posted == "rate" else None, club_id=club.pk)
    here = reverse("director:money_fees", args=[club.slug])
    done = form_write(
        request,
        schedule_form,
        lambda: schedule_save(
            club=club,
            name=schedule_form.cleaned_data["name"],
            default=schedule_form.cleaned_data["default"],
            member=schedule_form.cleaned_data["member"],
            visitor=schedule_form.cleaned_data["visitor"],
            junior=schedule_form.cleaned_data["junior"],
        ),
        message=lambda schedule: _("The fees of %(name)s are saved.") % {"name": schedule.name},
        to=lambda _schedule: here,
    ) or form_write(
        request,
        rate_form,
        lambda: rate_add(
            schedule=rate_form.cleaned_data["schedule"],
            name=rate_form.cleaned_data["name"],
            amount=rate_form.cleaned_data["amount"],
        ),
        message=lambda rate: _("The rate %(name)s is saved.") % {"name": rate.name},
        to=lambda _rate: here,
    )
    if done is not None:
        return done
    context = {
        "club": club,
        "schedules": fee_schedules(club),
        "schedule_form": schedule_form,
        "rate_form": rate_form,
        "currency": currency_of(club),
    }
    return render(request, TEMPLATES + "fees.html", context, status=400 if request.method == "POST" else 200)
