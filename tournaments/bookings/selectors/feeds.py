"""The programme and a member's bookings as iCalendar feeds (RFC 5545, the ``icalendar`` library).

A calendar program polls a feed without signing in, so a member's own feed lives at an
unguessable address: his account's id and an HMAC of it under the site's secret key
(``feed_token``). Rotating the key changes every member's address, which is the way to
take them all back.
"""

from __future__ import annotations

import datetime

import icalendar
from django.conf import settings
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from tournaments.bookings.models import ProgrammeDate
from tournaments.bookings.selectors.members import my_bookings
from tournaments.bookings.selectors.programme import dates_ahead
from tournaments.core.models import Club
from tournaments.members.models import MemberAccount

SESSION_LENGTH = datetime.timedelta(hours=3)
_SALT = "tournaments.bookings.feed"


def feed_token(account: MemberAccount) -> str:
    return f"{account.pk}-{salted_hmac(_SALT, str(account.pk)).hexdigest()[:32]}"


def account_of_feed(token: str) -> MemberAccount | None:
    """The account whose feed ``token`` names, or None for a token forged or mistyped."""
    pk, _, digest = token.partition("-")
    if not pk.isdigit():
        return None
    account = MemberAccount.objects.filter(pk=int(pk)).first()
    if account is None or not constant_time_compare(feed_token(account), token):
        return None
    return account


def _event(date: ProgrammeDate, summary: str, description: str = "") -> icalendar.Event:
    event = icalendar.Event()
    event.add("uid", f"programme-date-{date.pk}@clubscore")
    event.add("dtstamp", timezone.now())
    event.add("dtstart", date.starts_at)
    event.add("dtend", date.starts_at + SESSION_LENGTH)
    event.add("summary", summary)
    event.add("location", date.planned.club.name)
    if description:
        event.add("description", description)
    if date.cancelled_at is not None:
        event.add("status", "CANCELLED")
    return event


def _calendar(name: str) -> icalendar.Calendar:
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//ClubScore//Programme//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", name)
    return calendar


def programme_calendar(club: Club) -> bytes:
    """The club's dates ahead (a cancelled one marked so, which a phone shows struck through)."""
    calendar = _calendar(club.name)
    for date in dates_ahead(club):
        calendar.add_component(
            _event(date, date.planned.name, f"{settings.SITE_URL}{club.get_absolute_url()}")
        )
    return calendar.to_ical()


def bookings_calendar(account: MemberAccount, name: str) -> bytes:
    """The member's own live bookings, as booker or partner."""
    calendar = _calendar(name)
    for booking in my_bookings(account):
        date = booking.date
        summary = f"{date.planned.name} ({date.planned.club.name})"
        calendar.add_component(_event(date, summary, str(booking.get_status_display())))
    return calendar.to_ical()
