"""The walk's programme step (issue 51): the director plans a weekly session; the public and a
signed-in member of the club read the programme, its iCalendar feed and the booking page, in
the walk's language. Cheap: one plan, one sign-in, a few pages."""

from __future__ import annotations

import datetime
import re

import icalendar
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from tests.walk.walk import Walk, WalkStopped

SIGN_IN_LINK = re.compile(r"https?://\S+/members/sign-in/(\S+)/")
MEMBER = "walker1@example.org"  # the second player of the member list (the first signs in at the end)


def _sign_in(walk: Walk, email: str) -> None:
    sent = len(mail.outbox)
    walk.post("member sign-in", reverse("member_sign_in"), {"email": email}, who="member", status=200)
    letters = [m for m in mail.outbox[sent:] if m.to == [email]]
    token = SIGN_IN_LINK.search(letters[0].body) if len(letters) == 1 else None
    if token is None:
        raise WalkStopped(f"programme: {len(letters)} sign-in letters to {email}, not one with a link")
    walk.get("member sign-in link", reverse("member_sign_in_link", args=[token[1]]), who="member", status=302)
    del mail.outbox[sent:]  # the evening's letters are counted at its finish: this one is not one of them


def programme(walk: Walk) -> None:
    club = walk.facts["club"]
    day = timezone.localdate() + datetime.timedelta(days=1)
    action = reverse("director:planned_new", args=[club.slug])
    form = walk.form("programme", reverse("director:programme", args=[club.slug]), action)
    typed = {"name": "Walk programme", "kind": "pairs", "first_date": day.isoformat(), "starts_at": "19:30"}
    walk.post("programme", form.action, form.data(**typed, weekly="on", table_limit="4"))
    walk.get("public programme", reverse("programme", args=[club.slug]), who="public")
    feed = walk.get("programme feed", reverse("programme_ical", args=[club.slug]), who="public", page=False)
    starts = [event.decoded("dtstart") for event in icalendar.Calendar.from_ical(feed.content).walk("VEVENT")]
    wanted = timezone.make_aware(datetime.datetime.combine(day, datetime.time(19, 30)))
    if wanted not in starts or wanted + datetime.timedelta(weeks=1) not in starts:
        raise WalkStopped(f"programme feed: {len(starts)} events, not the weekly session from {day}")
    _sign_in(walk, MEMBER)
    page = walk.get("my bookings", reverse("my_bookings"), who="member").content.decode()
    dates = re.findall(r'href="/me/bookings/dates/(\d+)/"', page)
    if not dates:
        raise WalkStopped("my bookings: the club's programme offers no date to book")
    walk.get("booking page", reverse("booking_date", args=[int(dates[0])]), who="member")
