"""Two members booking the last place at the same moment (PostgreSQL row locks): one gets it, one waits.

Each thread has its own connection; a barrier releases them together. The booking locks
its date's row first, so the second counts the places as the first left them.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from tests.bookings.conftest import NAMES, email, first_date, tuesday_pairs
from tournaments.bookings.models import Booking, BookingStatus, ProgrammeDate
from tournaments.bookings.services.bookings import booking_make
from tournaments.members.models import MemberAccount

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]


def _account(name: str, django_user_model) -> MemberAccount:  # type: ignore[no-untyped-def]
    user = django_user_model.objects.create_user(username=f"member-{name.lower()}", email=email(name))
    return MemberAccount.objects.create(user=user, email=email(name))


def test_two_members_booking_the_last_place_at_once_get_one_place_and_one_waiting(
    club, members, django_user_model
):
    date = first_date(tuesday_pairs(club, table_limit=1))
    booking_make(account=_account("Ann", django_user_model), date=date, visitor="Vera Visitor")
    racers = [_account(name, django_user_model) for name in NAMES[1:3]]
    barrier = threading.Barrier(len(racers))
    outcomes: list[object] = [None] * len(racers)

    def book(index: int, account: MemberAccount) -> None:
        try:
            fresh = ProgrammeDate.objects.select_related("planned__club").get(pk=date.pk)
            barrier.wait(timeout=10)
            outcomes[index] = booking_make(account=account, date=fresh, visitor=f"Visitor {index}")
        except Exception as error:  # the outcome is what the test inspects
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=book, args=(i, account)) for i, account in enumerate(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert all(isinstance(outcome, Booking) for outcome in outcomes), outcomes
    assert sorted(outcome.status for outcome in outcomes) == [BookingStatus.BOOKED, BookingStatus.WAITING]  # type: ignore[attr-defined]
    assert Booking.objects.filter(date=date, status=BookingStatus.BOOKED).count() == 2
