"""Bad input through the pages: a message, nothing written, never a 500 (issue 51, bad input and races)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.bookings.conftest import first_date, member_client, tuesday_pairs
from tournaments.bookings.models import Booking, ClosedDate, PartnerAsk, PlannedSession

pytestmark = pytest.mark.django_db


def _rows() -> tuple[int, int, int, int]:
    return (Booking.objects.count(), PartnerAsk.objects.count(), PlannedSession.objects.count(),
            ClosedDate.objects.count())  # fmt: skip


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"partner": "999999"}, "Choose a partner"),
        ({"partner": "not a number"}, "Choose a partner"),
        ({"visitor": "x" * 500}, "Choose a partner"),
        ({"visitor": "Vеra"}, "mixes"),  # a Cyrillic е
        ({"visitor": "<script>alert(1)</script>"}, ""),  # a name like any other, shown escaped
    ],
    ids=["unknown partner", "partner not a number", "visitor too long", "visitor mixing alphabets", "markup"],
)
def test_a_bad_booking_form_answers_with_a_message(club, members, data, words):
    date = first_date(tuesday_pairs(club))
    ann = member_client("Ann")
    before = _rows()
    response = ann.post(reverse("booking_new", args=[date.pk]), data)
    assert response.status_code == 302
    shown = " ".join(str(message) for message in get_messages(response.wsgi_request))
    assert words in shown
    if words:
        assert _rows() == before
    page = ann.get(reverse("booking_date", args=[date.pk])).content.decode()
    assert "<script>alert" not in page


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("director:planned_new", {"name": "Past", "kind": "pairs", "first_date": "2000-01-04",
                                  "starts_at": "19:30"}),
        ("director:planned_new", {"name": "", "kind": "poker", "first_date": "soon", "starts_at": "late"}),
        ("director:planned_new", {"name": "Limit", "kind": "pairs", "first_date": "2099-01-06",
                                  "starts_at": "19:30", "table_limit": "0"}),
        ("director:closed_new", {"date": "never"}),
        ("director:booking_rules", {"cut_off_hours": "-1", "reminder_hours": "x"}),
    ],
    ids=["past date", "nonsense", "no tables", "closed nonsense", "rules nonsense"],
)  # fmt: skip
def test_a_bad_programme_form_answers_with_a_message(club, director_client, url, data):
    before = _rows()
    response = director_client.post(reverse(url, args=[club.slug]), data)
    assert response.status_code == 302
    assert list(get_messages(response.wsgi_request))
    assert _rows() == before


def test_a_day_closed_twice_answers_with_a_message(club, director_client):
    url = reverse("director:closed_new", args=[club.slug])
    assert director_client.post(url, {"date": "2099-12-25"}).status_code == 302
    response = director_client.post(url, {"date": "2099-12-25"})
    assert "already closed" in " ".join(str(m) for m in get_messages(response.wsgi_request))
    assert ClosedDate.objects.count() == 1


def test_seating_a_cancelled_date_or_twice_seats_nobody_twice(club, members, director_client):
    date = first_date(tuesday_pairs(club, table_limit=None))
    for name in ("Ann", "Cat", "Eve", "Gus"):
        member_client(name).post(reverse("booking_new", args=[date.pk]), {"visitor": f"{name} Guest"})
    seat = reverse("director:programme_seat", args=[club.slug, date.pk])
    assert director_client.post(seat).status_code == 302
    assert director_client.post(seat).status_code == 302  # a double click
    date.refresh_from_db()
    assert date.session is not None and date.session.pairs.count() == 4
    walk_in = reverse("director:programme_walk_in", args=[club.slug, date.pk])
    assert director_client.post(walk_in, {"player1": "Walt In", "player2": "Wanda In"}).status_code == 302
    assert director_client.post(seat).status_code == 302
    assert date.session.pairs.count() == 5
    later = date.planned.dates.order_by("date")[1]
    cancel = reverse("director:programme_date_cancel", args=[club.slug, later.pk])
    assert director_client.post(cancel).status_code == 302
    response = director_client.post(reverse("director:programme_seat", args=[club.slug, later.pk]))
    assert "cancelled" in " ".join(str(m) for m in get_messages(response.wsgi_request))
    later.refresh_from_db()
    assert later.session is None
