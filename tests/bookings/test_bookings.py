"""The rules of a booking, its refusals, and the programme's daily round (issue 51)."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.bookings.conftest import first_date, mailed, member_client, next_weekday, tuesday_pairs
from tournaments.bookings.models import Booking, BookingStatus, ClosedDate, ProgrammeDate
from tournaments.bookings.selectors.programme import member_player_at
from tournaments.bookings.services import bookings as booking_services
from tournaments.bookings.services.bookings import booking_cancel, booking_make
from tournaments.bookings.services.programme import booking_rules_set, closed_date_add, programme_date_cancel
from tournaments.bookings.services.scheduled import date_remind, programme_daily
from tournaments.core.models import Club
from tournaments.mail.models import MailOptOut
from tournaments.members.models import MemberAccount

pytestmark = pytest.mark.django_db


def _account(name: str) -> MemberAccount:
    member_client(name)
    return MemberAccount.objects.get(email=f"{name.lower()}@example.org")


def _refusal(call, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    before = Booking.objects.count()
    with pytest.raises(ValidationError) as refused:
        call(*args, **kwargs)
    assert Booking.objects.count() == before  # nothing half-written
    return " ".join(refused.value.messages)


def test_a_weekly_session_skips_the_club_closed_dates(club, members):
    closed = next_weekday(1) + datetime.timedelta(weeks=2)
    ClosedDate.objects.create(club=club, date=closed)
    planned = tuesday_pairs(club)
    days = list(planned.dates.values_list("date", flat=True))
    assert (
        closed not in days and days[0] == next_weekday(1) and days[2] == closed + datetime.timedelta(weeks=1)
    )


def test_closing_a_day_cancels_its_date_and_its_bookings(club, members):
    planned = tuesday_pairs(club)
    date = first_date(planned)
    booking = booking_make(account=_account("Ann"), date=date, visitor="Vera Visitor")
    closed_date_add(club=club, date=date.date, reason="Christmas")
    booking.refresh_from_db()
    assert booking.status == BookingStatus.CANCELLED and not booking.cancelled_late
    assert "cancelled" in _refusal(booking_make, account=_account("Bob"), date=date).lower()


@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("twice", "already booked"),
        ("himself", "your own partner"),
        ("partner booked", "already booked"),
        ("script visitor", "mixes"),
        ("both partners", "not both"),
        ("not a member", "member list"),
    ],
)
def test_a_bad_booking_is_refused_with_a_message_and_nothing_written(club, members, case, words):
    date = first_date(tuesday_pairs(club))
    ann = _account("Ann")
    if case == "twice":
        booking_make(account=ann, date=date, visitor="Vera Visitor")
        message = _refusal(booking_make, account=ann, date=date)
    elif case == "himself":
        message = _refusal(booking_make, account=ann, date=date, partner_id=members["Ann"].pk)
    elif case == "partner booked":
        booking_make(account=_account("Cat"), date=date, partner_id=members["Bob"].pk)
        message = _refusal(booking_make, account=ann, date=date, partner_id=members["Bob"].pk)
    elif case == "script visitor":
        message = _refusal(booking_make, account=ann, date=date, visitor="Vеra Visitor")  # a Cyrillic е
    elif case == "both partners":
        message = _refusal(booking_make, account=ann, date=date, partner_id=members["Bob"].pk, visitor="Vera")
    else:
        other = Club.objects.create(name="Hilltop", slug="hilltop")
        outsider = other.members.create(player=members["Lee"].__class__.objects.create(name="Zed"))
        message = _refusal(booking_make, account=ann, date=date, partner_id=outsider.player_id)
    assert words in message


def test_a_past_or_cancelled_date_takes_no_booking(club, members):
    date = first_date(tuesday_pairs(club))
    programme_date_cancel(date=date)
    assert "cancelled" in _refusal(booking_make, account=_account("Ann"), date=date)
    date.cancelled_at = None
    date.starts_at = timezone.now() - datetime.timedelta(hours=1)
    date.save()
    assert "begun" in _refusal(booking_make, account=_account("Ann"), date=date)


def test_a_script_asking_thousands_of_bookings_is_throttled(club, members, monkeypatch):
    planned = tuesday_pairs(club, table_limit=None)
    ann = _account("Ann")
    dates = list(planned.dates.order_by("date"))
    monkeypatch.setattr(booking_services, "BOOKINGS_AN_HOUR", 3)
    for date in dates[:3]:
        booking_cancel(account=ann, booking=booking_make(account=ann, date=date, visitor="Vera Visitor"))
    assert "Too many" in _refusal(booking_make, account=ann, date=dates[3], visitor="Vera Visitor")


def test_a_cancellation_after_the_cut_off_is_recorded_late_and_the_club_says_whether_it_pays(club, members):
    booking_rules_set(club=club, cut_off_hours=48, reminder_hours=24, late_cancellation_pays=True)
    date = first_date(tuesday_pairs(club))
    date.starts_at = timezone.now() + datetime.timedelta(hours=30)
    date.save()
    booking = booking_make(account=_account("Ann"), date=date, visitor="Vera Visitor")
    booking = booking_cancel(account=_account("Ann"), booking=booking)
    assert booking.cancelled_late
    assert club.booking_rules.late_cancellation_pays


def test_a_partner_who_declines_leaves_the_booker_a_single_and_frees_the_place(club, members):
    date = first_date(tuesday_pairs(club, table_limit=1))  # two pairs
    booking = booking_make(account=_account("Ann"), date=date, partner_id=members["Bob"].pk)
    booking_make(account=_account("Cat"), date=date, visitor="Vera Visitor")
    waiting = booking_make(account=_account("Dan"), date=date, visitor="Walt Visitor")
    assert waiting.status == BookingStatus.WAITING
    with mailed():
        response = member_client("Bob").post(reverse("booking_answer", args=[booking.pk]), {"confirm": "0"})
    assert response.status_code == 302
    booking.refresh_from_db()
    waiting.refresh_from_db()
    assert (booking.status, booking.partner) == (BookingStatus.SINGLE, None)
    assert waiting.status == BookingStatus.BOOKED
    assert {m.to[0] for m in mail.outbox} >= {"ann@example.org", "dan@example.org"}


def test_another_members_booking_or_date_is_a_404(club, members):
    date = first_date(tuesday_pairs(club))
    booking = booking_make(account=_account("Ann"), date=date, visitor="Vera Visitor")
    bob = member_client("Bob")
    assert bob.post(reverse("booking_cancel", args=[booking.pk])).status_code == 404
    assert bob.post(reverse("booking_answer", args=[booking.pk]), {"confirm": "1"}).status_code == 404
    other = Club.objects.create(name="Hilltop", slug="hilltop")
    planned = tuesday_pairs(other)
    assert bob.get(reverse("booking_date", args=[first_date(planned).pk])).status_code == 404
    assert Booking.objects.get(pk=booking.pk).status == BookingStatus.BOOKED


def test_a_forged_feed_or_partner_link_is_refused(client):
    assert client.get(reverse("my_bookings_ical", args=["1-0000"])).status_code == 404
    assert client.get(reverse("booking_partner_link", args=["forged"])).status_code == 404


def test_a_members_feed_lists_his_bookings_and_no_one_elses(club, members):
    import icalendar

    date = first_date(tuesday_pairs(club))
    booking_make(account=_account("Ann"), date=date, partner_id=members["Bob"].pk)
    page = member_client("Bob").get(reverse("my_bookings"))
    feed_url = page.context["feed_url"]
    calendar = icalendar.Calendar.from_ical(member_client("Bob").get(feed_url).content)
    assert [event.decoded("dtstart") for event in calendar.walk("VEVENT")] == [date.starts_at]
    cat_feed = member_client("Cat").get(reverse("my_bookings")).context["feed_url"]
    assert cat_feed != feed_url
    assert icalendar.Calendar.from_ical(member_client("Cat").get(cat_feed).content).walk("VEVENT") == []


def test_the_daily_round_writes_dates_opens_tonights_session_once_and_reminds_once(
    club, members, monkeypatch
):
    planned = tuesday_pairs(club)
    date = first_date(planned)
    booking_make(account=_account("Ann"), date=date, partner_id=members["Bob"].pk)
    MailOptOut.objects.create(club=club, player=members["Bob"])
    director = club.roles.first().user  # type: ignore[union-attr]
    director.email = "director@example.org"
    director.save()
    today = date.date
    now = date.starts_at - datetime.timedelta(hours=20)
    monkeypatch.setattr("tournaments.bookings.services.scheduled._now", lambda: now)
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *a, **k: today)
    with mailed():
        first = programme_daily.call()
    with mailed():
        again = programme_daily.call()
    assert first["sessions"] == 1 and again["sessions"] == 0
    date.refresh_from_db()
    assert date.session is not None and date.session.date == today and date.reminded_at is not None
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ann@example.org",
        "director@example.org",
    ]  # Bob opted out
    summary = next(m for m in mail.outbox if m.to == ["director@example.org"])
    assert "Pairs expected: 1" in summary.body and "Fewer than four pairs" in summary.body
    assert date_remind.call(date.pk) == 0  # once


def test_the_daily_job_is_where_the_worker_schedules_it():
    from django.utils.module_loading import import_string

    from tournaments.core.services.job_worker import schedules

    paths = {scheduled.name: scheduled.task_path for scheduled in schedules()}
    assert import_string(paths["programme"]) is programme_daily


def test_a_single_member_sees_the_singles_by_the_name_they_chose(club, members):
    date = first_date(tuesday_pairs(club))
    members["Jon"].shown_by_initials = True
    members["Jon"].save()
    booking_make(account=_account("Jon"), date=date)
    page = member_client("Ivy").get(reverse("booking_date", args=[date.pk]))
    assert [single.name for single in page.context["singles"]] == ["J."]
    assert member_player_at(_account("Ivy"), club) == members["Ivy"]
    assert ProgrammeDate.objects.count() >= 1


def test_a_partner_who_never_confirms_leaves_the_booking_standing_and_flagged(club, members, director_client):
    date = first_date(tuesday_pairs(club))
    booking = booking_make(account=_account("Ann"), date=date, partner_id=members["Bob"].pk)
    assert booking.status == BookingStatus.BOOKED and booking.awaits_partner  # the place is held
    with mailed():
        sent = date_remind.call(date.pk)
    assert sent >= 1
    reminder = next(m for m in mail.outbox if m.to == ["ann@example.org"] and "reminder" in m.subject)
    assert "Your partner has not confirmed yet." in reminder.body
    page = director_client.get(reverse("director:programme_date", args=[club.slug, date.pk]))
    assert "partner not confirmed" in page.content.decode()
