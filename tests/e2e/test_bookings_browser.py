"""A member books a place on the booking page in a browser, on a phone's screen (issue 51)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from tests.bookings.conftest import first_date, member_client, members, tuesday_pairs  # noqa: F401 (fixture)
from tests.e2e.test_browser import PHONE, browser  # noqa: F401 (fixtures)
from tournaments.bookings.models import Booking, BookingStatus

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _signed_in_page(browser, live_server, client: Client, path: str):  # noqa: F811
    """A browser page carrying the member's session (signed in as his link would sign him in)."""
    context = browser.new_context(viewport=PHONE)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}{path}")
    return page


def test_a_member_books_with_a_visitor_and_sees_himself_booked(browser, live_server, club, members):  # noqa: F811
    date = first_date(tuesday_pairs(club))
    page = _signed_in_page(
        browser, live_server, member_client("Ann"), reverse("booking_date", args=[date.pk])
    )
    page.get_by_label("Or a visitor's name").fill("Vera Visitor")
    page.locator(".booking-form button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("You are booked.")
    expect(page.locator(".my-booking")).to_contain_text("Vera Visitor")
    booking = Booking.objects.get(date=date)
    assert (booking.player, booking.visitor, booking.status) == (
        members["Ann"],
        "Vera Visitor",
        BookingStatus.BOOKED,
    )
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
