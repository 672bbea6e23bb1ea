"""The bookings' jobs on the queue: the daily round, and a date's reminders.

``programme_daily`` is enqueued once a day by the workers (``core.services.job_worker.schedules``).
Each part is idempotent: a date written or a session made is found the next time, and a
date's reminders are sent once (``ProgrammeDate.reminded_at``, set under the date's lock).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.bookings.models import Booking, BookingStatus, PlannedSession, ProgrammeDate, SessionKind
from tournaments.bookings.selectors.programme import booking_rules
from tournaments.bookings.selectors.summary import date_summary
from tournaments.bookings.services.mails import mail_send
from tournaments.bookings.services.night import night_session
from tournaments.bookings.services.programme import programme_dates_ensure
from tournaments.core.models import ClubRole, Role
from tournaments.core.services.jobs import enqueue_unless_waiting, job
from tournaments.core.services.writes import locked, write

REMINDERS_AHEAD = datetime.timedelta(hours=48)


def _now() -> datetime.datetime:
    return timezone.now()


@job(retry_after=(300.0, 1800.0))
def programme_daily() -> dict[str, int]:
    """Write every planned session's dates ahead, give today's dates their night session, and
    enqueue the reminders that fall due in the next ``REMINDERS_AHEAD``."""
    now = _now()
    today = timezone.localdate(now)
    written = sum(
        programme_dates_ensure(planned=planned, today=today)
        for planned in PlannedSession.objects.filter(withdrawn_at__isnull=True).select_related("club")
    )
    opened = nights_open(today)
    reminders = 0
    for date in ProgrammeDate.objects.filter(
        reminded_at__isnull=True,
        cancelled_at__isnull=True,
        starts_at__gt=now,
    ).select_related("planned__club"):
        hours = booking_rules(date.planned.club).reminder_hours
        if not hours:
            continue
        due = date.starts_at - datetime.timedelta(hours=hours)
        if due <= now + REMINDERS_AHEAD:
            after = max(0.0, (due - now).total_seconds())
            reminders += enqueue_unless_waiting(date_remind, date.pk, after=after)
    return {"dates": written, "sessions": opened, "reminders": reminders}


def nights_open(today: datetime.date) -> int:
    """Give each of today's dates (pairs and individuals: a teams night is its event's) its night session."""
    opened = 0
    for date in ProgrammeDate.objects.filter(
        date=today, session__isnull=True, cancelled_at__isnull=True, planned__withdrawn_at__isnull=True
    ).exclude(planned__kind=SessionKind.TEAMS):
        try:
            with write():
                locked_date = locked(
                    ProgrammeDate.objects.filter(pk=date.pk).select_related("planned__club"), of=("self",)
                ).get()
                if locked_date.session_id is None:
                    booked = locked_date.bookings.filter(status=BookingStatus.BOOKED).count()
                    night_session(locked_date, booked)
                    opened += 1
        except ValidationError:  # a session of that name made meanwhile by hand: the next run links it
            continue
    return opened


@job(after_commit=True, retry_after=(60.0, 600.0))
def date_remind(date_id: int) -> int:
    """Remind the date's booked players (those who did not opt out), and send the directors the
    summary; once (``reminded_at``). Return how many mails went."""
    with write():
        date = locked(
            ProgrammeDate.objects.filter(pk=date_id).select_related("planned__club"), of=("self",)
        ).first()
        if date is None or date.reminded_at is not None or date.cancelled_at is not None:
            return 0
        date.reminded_at = _now()
        date.save(update_fields=["reminded_at"])
    club = date.planned.club
    sent = 0
    with translation.override(club.language or settings.LANGUAGE_CODE):
        words = {
            "session": date.planned.name,
            "club": club.name,
            "date": timezone.localtime(date.starts_at).strftime("%Y-%m-%d %H:%M"),
        }
        for booking in Booking.objects.filter(date=date, status=BookingStatus.BOOKED).select_related(
            "player", "partner"
        ):
            body = _("A reminder: you are booked for %(session)s at %(club)s on %(date)s.") % words
            if booking.awaits_partner:
                body += "\n\n" + _("Your partner has not confirmed yet.")
            for player in (booking.player, booking.partner):
                sent += mail_send(club, player, _("Your booking: a reminder"), body)
        sent += _summary_send(date, words)
    return sent


def _summary_send(date: ProgrammeDate, words: dict[str, str]) -> int:
    summary = date_summary(date)
    roles = ClubRole.objects.filter(club=date.planned.club, role__in=[Role.ADMINISTRATOR, Role.DIRECTOR])
    users = get_user_model().objects.filter(pk__in=roles.values("user_id")).exclude(email="")
    lines = [
        _("%(session)s at %(club)s on %(date)s") % words,
        (
            _("Players expected: %(players)s (%(tables)s tables)")
            % {"players": summary.players, "tables": summary.tables}
            if summary.is_individual
            else _("Pairs expected: %(pairs)s (%(tables)s tables)")
            % {"pairs": summary.pairs, "tables": summary.tables}
        ),
        _("Singles looking for a partner: %(count)s") % {"count": len(summary.singles)},
        _("Waiting list: %(count)s") % {"count": len(summary.waiting)},
        summary.advice_text,
    ]
    if summary.odd_pair_text:
        lines.append(summary.odd_pair_text)
    sent = 0
    for user in users:
        try:
            send_mail(_("Tonight's bookings"), "\n\n".join(lines), None, [user.email])
            sent += 1
        except OSError:
            continue
    return sent
