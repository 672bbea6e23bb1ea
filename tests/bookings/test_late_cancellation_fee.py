"""A late cancellation pays where the club says so: each member of the pair charged the night's fee once."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from tests.bookings.conftest import first_date, member_client, tuesday_pairs
from tournaments.bookings.services.bookings import booking_cancel, booking_make, partner_confirm
from tournaments.bookings.services.programme import booking_rules_set
from tournaments.members.models import MemberAccount
from tournaments.money.models import Cause, Posting
from tournaments.money.selectors.ledger import player_balance
from tournaments.money.services.fees import schedule_save

pytestmark = pytest.mark.django_db


def _account(name: str) -> MemberAccount:
    member_client(name)
    return MemberAccount.objects.get(email=f"{name.lower()}@example.org")


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
