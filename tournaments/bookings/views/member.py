"""A signed-in member's bookings: book a date, cancel, confirm as partner, ask and answer singles, his feed.

Every page reads the member from the signed-in user (``members.views.my_club.member_required``);
a booking, an ask or a date of another member's club is a 404. A refusal is a message on
the page, never a 500, and nothing written.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.bookings.forms import BookingForm
from tournaments.bookings.models import BookingStatus
from tournaments.bookings.selectors import members as selected
from tournaments.bookings.selectors.feeds import account_of_feed, bookings_calendar, feed_token
from tournaments.bookings.selectors.programme import dates_ahead, member_date, member_player_at, places
from tournaments.bookings.services.bookings import (
    booking_cancel,
    booking_make,
    live_booking_of,
    partner_confirm,
    partner_decline,
)
from tournaments.bookings.services.partners import partner_ask, partner_ask_answer
from tournaments.bookings.views.public import ICAL
from tournaments.members.models import MemberAccount
from tournaments.members.selectors.accounts import member_clubs
from tournaments.members.views.my_club import member_required

TEMPLATES = "tournaments/bookings/member/"


def _refused(request: HttpRequest, error: ValidationError) -> None:
    messages.error(request, " ".join(error.messages))


@member_required
def my_bookings(request: HttpRequest, account: MemberAccount) -> HttpResponse:
    clubs = list({membership.club.pk: membership.club for membership in member_clubs(account)}.values())
    context = {
        "bookings": list(selected.my_bookings(account)),
        "players": selected.member_players(account),
        "asks": list(selected.asks_to_answer(account)),
        "programmes": [(club, list(dates_ahead(club)[:20])) for club in clubs],
        "feed_url": request.build_absolute_uri(reverse("my_bookings_ical", args=[feed_token(account)])),
    }
    return render(request, TEMPLATES + "my_bookings.html", context)


@member_required
def booking_date(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    date = member_date(account, pk)
    player = member_player_at(account, date.planned.club)
    if player is None:
        raise Http404
    context = {
        "date": date,
        "places": places(date),
        "booking": live_booking_of(date, player),
        "player": player,
        "singles": selected.date_singles(date, player),
        "form": BookingForm(choices=selected.partner_choices(date, player)),
    }
    return render(request, TEMPLATES + "booking_date.html", context)


@require_POST
@member_required
def booking_new(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    date = member_date(account, pk)
    player = member_player_at(account, date.planned.club)
    if player is None:
        raise Http404
    form = BookingForm(request.POST, choices=selected.partner_choices(date, player))
    if not form.is_valid():
        messages.error(request, _("Choose a partner from the list, or type a visitor's name."))
        return redirect("booking_date", pk=date.pk)
    try:
        booking = booking_make(
            account=account,
            date=date,
            partner_id=form.cleaned_data["partner"],
            visitor=form.cleaned_data["visitor"],
        )
    except ValidationError as error:
        _refused(request, error)
        return redirect("booking_date", pk=date.pk)
    if booking.status == BookingStatus.WAITING:
        messages.warning(request, _("The session is full: you are on the waiting list."))
    elif booking.status == BookingStatus.SINGLE:
        messages.success(request, _("You are listed as looking for a partner."))
    else:
        messages.success(request, _("You are booked."))
    return redirect("booking_date", pk=date.pk)


@require_POST
@member_required
def booking_cancel_view(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    booking = selected.member_booking(account, pk)
    try:
        booking = booking_cancel(account=account, booking=booking)
    except ValidationError as error:
        _refused(request, error)
    else:
        if booking.cancelled_late:
            messages.warning(
                request, _("Cancelled after the club's cut-off: recorded as a late cancellation.")
            )
        else:
            messages.success(request, _("Your booking is cancelled."))
    return redirect("my_bookings")


@require_POST
@member_required
def booking_answer(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    """The partner confirms (``confirm=1``) or declines from his own page."""
    booking = selected.member_booking(account, pk)
    player = member_player_at(account, booking.date.planned.club)
    if player is None:
        raise Http404
    try:
        if request.POST.get("confirm") == "1":
            partner_confirm(booking=booking, player=player)
            messages.success(request, _("You have confirmed the booking."))
        else:
            partner_decline(booking=booking, player=player)
            messages.success(request, _("You have declined the booking."))
    except ValidationError as error:
        _refused(request, error)
    return redirect("my_bookings")


def booking_partner_link(request: HttpRequest, token: str) -> HttpResponse:
    """The email's link: a page with one button (a mail scanner's GET confirms nothing), which confirms."""
    booking = selected.booking_by_token(token)
    if booking is None:
        return render(request, TEMPLATES + "partner_link.html", {"booking": None}, status=404)
    if request.method == "POST":
        try:
            partner_confirm(booking=booking, player=booking.partner)  # type: ignore[arg-type]
        except ValidationError as error:
            _refused(request, error)
        else:
            messages.success(request, _("You have confirmed the booking."))
    booking.refresh_from_db()
    return render(request, TEMPLATES + "partner_link.html", {"booking": booking})


@require_POST
@member_required
def single_ask(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    booking = selected.single_of_member_club(account, pk)
    try:
        partner_ask(account=account, single=booking)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("Asked: you will hear by email when they answer."))
    return redirect("booking_date", pk=booking.date_id)


@require_POST
@member_required
def ask_answer(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    ask = selected.member_ask(account, pk)
    accept = request.POST.get("accept") == "1"
    try:
        partner_ask_answer(account=account, ask=ask, accept=accept)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(
            request, _("You have a partner: you are booked together.") if accept else _("Declined.")
        )
    return redirect("my_bookings")


def my_bookings_ical(request: HttpRequest, token: str) -> HttpResponse:
    account = account_of_feed(token)
    if account is None:
        raise Http404
    return HttpResponse(bookings_calendar(account, _("My bookings")), content_type=ICAL)
