"""Issue 51's done-when, through the pages: a Tuesday programme, bookings, the partner finder, the
waiting list and its promotion by email, and the night seated from the bookings in one step."""

from __future__ import annotations

import datetime
import re

import icalendar
import pytest
from django.core import mail
from django.urls import reverse

from tests.bookings.conftest import mailed, member_client, next_weekday
from tournaments.bookings.models import Booking, BookingStatus, PartnerAsk, ProgrammeDate
from tournaments.night.models import Session

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://\S+/bookings/partner/(\S+)/")


def _book(name: str, date: ProgrammeDate, **data: object) -> None:
    with mailed():
        response = member_client(name).post(reverse("booking_new", args=[date.pk]), data)
    assert response.status_code == 302, response.content


def test_a_tuesday_is_booked_matched_waitlisted_promoted_and_seated_through_the_pages(
    club, members, director_client
):
    tuesday = next_weekday(1)
    response = director_client.post(
        reverse("director:planned_new", args=[club.slug]),
        {
            "name": "Tuesday pairs",
            "kind": "pairs",
            "first_date": tuesday.isoformat(),
            "starts_at": "19:30",
            "weekly": "on",
            "table_limit": "2",
        },
    )
    assert response.status_code == 302

    page = director_client.get(reverse("programme", args=[club.slug]))  # the public calendar
    assert page.status_code == 200 and b"Tuesday pairs" in page.content
    feed = icalendar.Calendar.from_ical(
        director_client.get(reverse("programme_ical", args=[club.slug])).content
    )
    events = [event for event in feed.walk("VEVENT")]
    starts = sorted(event.decoded("dtstart") for event in events)
    assert starts[0].date() == tuesday and starts[0].hour == 19 and starts[0].minute == 30
    assert all(start.weekday() == 1 for start in starts) and len(starts) >= 8
    assert starts[1] - starts[0] == datetime.timedelta(weeks=1)
    assert {str(event["summary"]) for event in events} == {"Tuesday pairs"}
    date = ProgrammeDate.objects.get(date=tuesday)

    for booker, partner in (("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")):
        _book(booker, date, partner=members[partner].pk)
    # Each partner is asked by email, and confirms from its link.
    links = [LINK.search(message.body) for message in mail.outbox]
    assert len([link for link in links if link]) == 4
    for link in links:
        assert link is not None
        assert (
            member_client("Bob").post(reverse("booking_partner_link", args=[link.group(1)])).status_code
            == 200
        )
    assert Booking.objects.filter(date=date, partner_confirmed_at__isnull=False).count() == 4

    _book("Ivy", date)  # two singles
    _book("Jon", date)
    ivy_page = member_client("Ivy").get(reverse("booking_date", args=[date.pk]))
    assert b"Jon" in ivy_page.content
    jon_single = Booking.objects.get(date=date, player=members["Jon"])
    with mailed():
        assert member_client("Ivy").post(reverse("single_ask", args=[jon_single.pk])).status_code == 302
    assert mail.outbox[-1].to == ["jon@example.org"]
    ask = PartnerAsk.objects.get(single=jon_single)
    mail.outbox.clear()
    with mailed():
        assert (
            member_client("Jon").post(reverse("ask_answer", args=[ask.pk]), {"accept": "1"}).status_code
            == 302
        )

    fifth = Booking.objects.get(date=date, player=members["Jon"])  # the matched pair: the limit is 4 pairs
    assert (fifth.partner, fifth.status) == (members["Ivy"], BookingStatus.WAITING)
    assert Booking.objects.get(date=date, player=members["Ivy"]).status == BookingStatus.MATCHED
    assert sorted(m.to[0] for m in mail.outbox) == ["ivy@example.org", "jon@example.org"]  # both told

    mail.outbox.clear()
    cat = Booking.objects.get(date=date, player=members["Cat"])
    with mailed():
        assert member_client("Dan").post(reverse("booking_cancel", args=[cat.pk])).status_code == 302
    fifth.refresh_from_db()
    assert fifth.status == BookingStatus.BOOKED and fifth.promoted_at is not None
    assert sorted(m.to[0] for m in mail.outbox) == ["ivy@example.org", "jon@example.org"]
    assert "place" in mail.outbox[0].subject.lower()

    response = director_client.post(reverse("director:programme_seat", args=[club.slug, date.pk]))
    assert response.status_code == 302
    session = Session.objects.get(programme_date=date)
    assert sorted(pair.names for pair in session.pairs.all()) == sorted(
        ["Ann - Bob", "Eve - Fay", "Gus - Hal", "Jon - Ivy"]
    )
    assert session.has_movement and session.movement == "howell" and session.movement_tables == 2
