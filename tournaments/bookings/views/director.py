"""The director's programme: plan sessions, close dates, set the rules; a date's bookings, seated in one step.

Every page resolves the club for a user who holds a role the route needs there
(``core.route_roles``, ``club_for_director``) and a date or booking only within that club:
another club's is a 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.bookings.forms import BookingRulesForm, ClosedDateForm, PlannedSessionForm, WalkInForm
from tournaments.bookings.models import Booking, ClosedDate
from tournaments.bookings.selectors.programme import booking_rules, club_date, dates_ahead, planned_sessions
from tournaments.bookings.selectors.summary import date_summary
from tournaments.bookings.services.night import night_seat, no_show_set, walk_in_add
from tournaments.bookings.services.programme import (
    booking_rules_set,
    closed_date_add,
    planned_session_create,
    planned_session_withdraw,
    programme_date_cancel,
)
from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest

TEMPLATES = "tournaments/bookings/director/"


def _refused(request: SignedInRequest, error: ValidationError) -> None:
    messages.error(request, " ".join(error.messages))


@login_required
def programme(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    rules = booking_rules(club)
    context = {
        "club": club,
        "planned": list(planned_sessions(club)),
        "dates": list(dates_ahead(club)[:30]),
        "closed": list(ClosedDate.objects.filter(club=club).order_by("date")),
        "form": PlannedSessionForm(club=club),
        "closed_form": ClosedDateForm(),
        "rules_form": BookingRulesForm(
            initial={
                "cut_off_hours": rules.cut_off_hours,
                "reminder_hours": rules.reminder_hours,
                "late_cancellation_pays": rules.late_cancellation_pays,
            }
        ),
    }
    return render(request, TEMPLATES + "programme.html", context)


@login_required
@require_POST
def planned_new(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    form = PlannedSessionForm(request.POST, club=club)
    if form.is_valid():
        try:
            planned_session_create(club=club, **form.cleaned_data)
        except ValidationError as error:
            _refused(request, error)
        else:
            messages.success(request, _("Added to the programme."))
    else:
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
    return redirect("director:programme", slug=club.slug)


@login_required
@require_POST
def planned_withdraw(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    club = club_for_director(request.user, slug)
    planned = planned_sessions(club).filter(pk=pk).first()
    if planned is None:
        raise Http404
    planned_session_withdraw(planned=planned)
    messages.success(request, _("Taken off the programme; its bookings are cancelled."))
    return redirect("director:programme", slug=club.slug)


@login_required
@require_POST
def closed_new(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    form = ClosedDateForm(request.POST)
    if form.is_valid():
        try:
            closed_date_add(club=club, **form.cleaned_data)
        except ValidationError as error:
            _refused(request, error)
        else:
            messages.success(request, _("The club is closed that day."))
    else:
        messages.error(request, _("Give the date the club closes."))
    return redirect("director:programme", slug=club.slug)


@login_required
@require_POST
def rules(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    form = BookingRulesForm(request.POST)
    if form.is_valid():
        booking_rules_set(club=club, **form.cleaned_data)
        messages.success(request, _("The booking rules are saved."))
    else:
        messages.error(request, _("The hours are whole numbers from 0 to 720."))
    return redirect("director:programme", slug=club.slug)


@login_required
def programme_date(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    club = club_for_director(request.user, slug)
    date = club_date(club, pk)
    context = {"club": club, "date": date, "summary": date_summary(date), "walk_in": WalkInForm()}
    return render(request, TEMPLATES + "programme_date.html", context)


@login_required
@require_POST
def seat(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    club = club_for_director(request.user, slug)
    date = club_date(club, pk)
    try:
        seated = night_seat(date=date, user=request.user)
    except ValidationError as error:
        _refused(request, error)
        return redirect("director:programme_date", slug=club.slug, pk=date.pk)
    if date.planned.is_individual:
        messages.success(
            request, _("%(count)s players seated from the bookings.") % {"count": seated.players}
        )
    else:
        messages.success(
            request, _("%(count)s pairs seated from the bookings.") % {"count": len(seated.pairs)}
        )
    return redirect("director:session", session_id=seated.session.pk)


@login_required
@require_POST
def walk_in(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    club = club_for_director(request.user, slug)
    date = club_date(club, pk)
    form = WalkInForm(request.POST)
    if form.is_valid():
        try:
            walk_in_add(date=date, names=[form.cleaned_data["player1"], form.cleaned_data["player2"]])
        except ValidationError as error:
            _refused(request, error)
        else:
            if date.planned.is_individual:
                messages.success(request, _("The walk-ins are booked: seat them with the others."))
            else:
                messages.success(request, _("The walk-in pair is booked: seat it with the others."))
    else:
        messages.error(request, _("Give the walk-in pair's names."))
    return redirect("director:programme_date", slug=club.slug, pk=date.pk)


@login_required
@require_POST
def date_cancel(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    club = club_for_director(request.user, slug)
    date = club_date(club, pk)
    try:
        programme_date_cancel(date=date)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("This date is cancelled, and its bookings with it."))
    return redirect("director:programme_date", slug=club.slug, pk=date.pk)


@login_required
@require_POST
def no_show(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    club = club_for_director(request.user, slug)
    booking = Booking.objects.filter(pk=pk, date__planned__club=club).first()
    if booking is None:
        raise Http404
    try:
        no_show_set(booking=booking, no_show=request.POST.get("no_show") == "1")
    except ValidationError as error:
        _refused(request, error)
    return redirect("director:programme_date", slug=club.slug, pk=booking.date_id)
