"""A programme line's fees, followed by its nights; a late cancellation pays them where the club says so,
each member of the pair charged once."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.bookings.conftest import first_date, member_client, next_weekday, tuesday_pairs
from tournaments.bookings.models import PlannedSession
from tournaments.bookings.services.bookings import booking_cancel, booking_make, partner_confirm
from tournaments.bookings.services.night import night_session
from tournaments.bookings.services.programme import booking_rules_set, planned_session_create
from tournaments.core.models import Club
from tournaments.members.models import MemberAccount
from tournaments.money.models import Cause, Posting
from tournaments.money.selectors.fees import schedule_of
from tournaments.money.selectors.ledger import player_balance
from tournaments.money.services.fees import schedule_save

pytestmark = pytest.mark.django_db


def _account(name: str) -> MemberAccount:
    member_client(name)
    return MemberAccount.objects.get(email=f"{name.lower()}@example.org")


def _plan_thursday(director_client, club: Club, schedule, **kwargs):
    """The director plans "Thursday pairs" from the programme's form, on ``schedule``'s fees."""
    return director_client.post(
        reverse("director:planned_new", args=[club.slug]),
        {
            "name": "Thursday pairs",
            "kind": "pairs",
            "first_date": next_weekday(3).isoformat(),
            "starts_at": "19:30",
            "fee_schedule": str(schedule.pk),
        },
        **kwargs,
    )


def _date_in(club, hours: int):
    date = first_date(tuesday_pairs(club))
    date.starts_at = timezone.now() + datetime.timedelta(hours=hours)
    date.save()
    return date


@pytest.mark.parametrize(
    ("pays", "hours", "charged"),
    [
        (True, 30, Decimal("-4.50")),  # after the 48 hours' cut-off, and the club says it pays
        (False, 30, Decimal("0.00")),  # late, but the club does not charge
        (True, 72, Decimal("0.00")),  # before the cut-off: free
    ],
)
def test_a_late_cancellation_charges_each_member_the_members_rate_where_the_club_says_so(
    club, members, pays, hours, charged
):
    schedule_save(club=club, name="Club night", default=True, member="4.50", visitor="6.00")
    booking_rules_set(club=club, cut_off_hours=48, reminder_hours=24, late_cancellation_pays=pays)
    date = _date_in(club, hours)
    booking = booking_make(account=_account("Ann"), date=date, partner_id=members["Bob"].pk)
    partner_confirm(booking=booking, player=members["Bob"])
    booking_cancel(account=_account("Bob"), booking=booking)  # the partner cancels the pair's booking
    booking_cancel(account=_account("Ann"), booking=booking)  # a second click changes nothing
    assert player_balance(club, members["Ann"]) == charged
    assert player_balance(club, members["Bob"]) == charged
    postings = Posting.objects.filter(club=club, cause=Cause.LATE_CANCELLATION)
    assert postings.count() == (2 if charged else 0)


def test_the_planned_sessions_own_fee_is_charged_and_a_visitor_nothing(club, members):
    booking_rules_set(club=club, cut_off_hours=48, reminder_hours=24, late_cancellation_pays=True)
    date = _date_in(club, 30)
    date.planned.fee = Decimal("7.00")
    date.planned.save()
    booking = booking_make(account=_account("Ann"), date=date, visitor="Vera Visitor")
    booking_cancel(account=_account("Ann"), booking=booking)
    assert player_balance(club, members["Ann"]) == Decimal("-7.00")
    assert Posting.objects.filter(club=club, cause=Cause.LATE_CANCELLATION).count() == 1


def test_a_club_without_a_fee_charges_nothing(club, members):
    booking_rules_set(club=club, cut_off_hours=48, reminder_hours=24, late_cancellation_pays=True)
    date = _date_in(club, 30)
    booking = booking_make(account=_account("Ann"), date=date, visitor="Vera Visitor")
    assert booking_cancel(account=_account("Ann"), booking=booking).cancelled_late
    assert not Posting.objects.filter(club=club).exists()


def test_a_programme_line_names_its_fees_its_night_follows_them_and_a_late_cancellation_pays_them(
    club, members, director_client
):
    schedule_save(club=club, name="Club night", default=True, member="4.50", visitor="6.00")
    teams = schedule_save(club=club, name="Teams night", default=False, member="8.00", visitor="10.00")
    booking_rules_set(club=club, cut_off_hours=48, reminder_hours=24, late_cancellation_pays=True)
    page = director_client.get(reverse("director:programme", args=[club.slug])).content.decode()
    assert "Teams night" in page  # the club's schedules to choose from
    response = _plan_thursday(director_client, club, teams)
    assert response.status_code == 302
    planned = PlannedSession.objects.get(name="Thursday pairs")
    assert planned.fee_schedule == teams
    date = first_date(planned)
    session = night_session(date)
    assert schedule_of(session) == teams  # the night's table money follows the programme's fees

    date.starts_at = timezone.now() + datetime.timedelta(hours=30)
    date.save()
    booking = booking_make(account=_account("Ann"), date=date, visitor="Vera Visitor")
    booking_cancel(account=_account("Ann"), booking=booking)
    assert player_balance(club, members["Ann"]) == Decimal("-8.00")


def test_another_clubs_fee_schedule_is_refused(club, members, director_client):
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    theirs = schedule_save(club=other, name="Their night", default=True, member="1.00", visitor="2.00")
    before = PlannedSession.objects.count()
    response = _plan_thursday(director_client, club, theirs, follow=True)
    assert response.status_code == 200 and PlannedSession.objects.count() == before
    with pytest.raises(ValidationError):
        planned_session_create(
            club=club,
            name="Thursday pairs",
            kind="pairs",
            first_date=next_weekday(3),
            starts_at=datetime.time(19, 30),
            fee_schedule=theirs,
        )
