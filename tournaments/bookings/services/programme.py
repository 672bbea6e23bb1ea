"""The programme's writes: planned sessions, their dates written ahead, closed dates, the club's rules.

A weekly session's dates are written ``DATES_AHEAD`` ahead (the daily job extends them), so
a member books a date row that exists, and the date's row is what bookings lock. Writing
them is idempotent: a date already written is kept (its bookings with it).
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bookings.models import BookingRules, ClosedDate, PlannedSession, ProgrammeDate
from tournaments.bookings.models.bookings import LIVE, Booking, BookingStatus
from tournaments.core.models import Club
from tournaments.core.services.writes import locked, write
from tournaments.money.models import FeeSchedule

DATES_AHEAD = datetime.timedelta(weeks=8)


def _now() -> datetime.datetime:
    return timezone.now()


def planned_session_create(
    *,
    club: Club,
    name: str,
    kind: str,
    first_date: datetime.date,
    starts_at: datetime.time,
    weekly: bool = False,
    last_date: datetime.date | None = None,
    table_limit: int | None = None,
    fee_schedule: FeeSchedule | None = None,
    fee: Decimal | None = None,
) -> PlannedSession:
    """Add a line to the programme and write its dates ahead; refuse a first date in the past,
    or another club's fee schedule."""
    if fee_schedule is not None and fee_schedule.club_id != club.pk:
        raise ValidationError({"fee_schedule": _("That schedule is another club's.")})
    if first_date < timezone.localdate(_now()):
        raise ValidationError({"first_date": _("The first date is in the past: the programme plans ahead.")})
    planned = PlannedSession(
        club=club,
        name=name.strip(),
        kind=kind,
        first_date=first_date,
        starts_at=starts_at,
        weekly=weekly,
        last_date=last_date if weekly else None,
        table_limit=table_limit,
        fee_schedule=fee_schedule,
        fee=fee,
    )
    planned.full_clean()
    with write():
        planned.save()
        programme_dates_ensure(planned=planned)
    return planned


def _days(planned: PlannedSession, until: datetime.date) -> list[datetime.date]:
    if not planned.weekly:
        return [planned.first_date] if planned.first_date <= until else []
    last = min(until, planned.last_date) if planned.last_date else until
    days, day = [], planned.first_date
    while day <= last:
        days.append(day)
        day += datetime.timedelta(weeks=1)
    return days


def starts_at(planned: PlannedSession, day: datetime.date) -> datetime.datetime:
    """The date's start, in the site's time zone (the club's clock)."""
    return timezone.make_aware(datetime.datetime.combine(day, planned.starts_at))


@write()
def programme_dates_ensure(*, planned: PlannedSession, today: datetime.date | None = None) -> int:
    """Write the planned session's dates from today to ``DATES_AHEAD`` (its one date if one-off),
    leaving out the club's closed dates; return how many were new. Idempotent."""
    if planned.withdrawn_at is not None:
        return 0
    today = today or timezone.localdate(_now())
    closed = set(ClosedDate.objects.filter(club_id=planned.club_id).values_list("date", flat=True))
    known = set(planned.dates.values_list("date", flat=True))
    new = [
        ProgrammeDate(planned=planned, date=day, starts_at=starts_at(planned, day))
        for day in _days(planned, today + DATES_AHEAD)
        if day >= today and day not in known and (day not in closed or not planned.weekly)
    ]
    ProgrammeDate.objects.bulk_create(new, ignore_conflicts=True)
    return len(new)


@write()
def planned_session_withdraw(*, planned: PlannedSession) -> PlannedSession:
    """Take a line off the programme: its dates ahead are cancelled, their bookings with them."""
    planned = locked(PlannedSession.objects.filter(pk=planned.pk)).get()
    planned.withdrawn_at = _now()
    planned.save(update_fields=["withdrawn_at"])
    for date in planned.dates.filter(starts_at__gt=_now(), cancelled_at__isnull=True):
        programme_date_cancel(date=date)
    return planned


@write()
def programme_date_cancel(*, date: ProgrammeDate) -> ProgrammeDate:
    """Cancel one date: its live bookings end (not late: the club cancelled, nobody pays)."""
    date = locked(ProgrammeDate.objects.filter(pk=date.pk)).get()
    if date.session_id is not None:
        raise ValidationError({"date": _("This date's session has begun: it can no longer be cancelled.")})
    if date.cancelled_at is None:
        date.cancelled_at = _now()
        date.save(update_fields=["cancelled_at"])
        Booking.objects.filter(date=date, status__in=LIVE).update(
            status=BookingStatus.CANCELLED, cancelled_at=date.cancelled_at
        )
    return date


def closed_date_add(*, club: Club, date: datetime.date, reason: str = "") -> ClosedDate:
    """Close the club on ``date``: the weekly sessions' dates that day are cancelled."""
    closed = ClosedDate(club=club, date=date, reason=reason.strip())
    closed.full_clean(validate_constraints=False)
    try:
        with write():
            closed.save()
            for planned_date in ProgrammeDate.objects.filter(
                planned__club=club, planned__weekly=True, date=date, cancelled_at__isnull=True
            ):
                programme_date_cancel(date=planned_date)
    except IntegrityError:
        raise ValidationError({"date": _("The club is already closed on that date.")}) from None
    return closed


@write()
def booking_rules_set(
    *, club: Club, cut_off_hours: int, reminder_hours: int, late_cancellation_pays: bool
) -> BookingRules:
    rules, _created = BookingRules.objects.get_or_create(club=club)
    rules.cut_off_hours = cut_off_hours
    rules.reminder_hours = reminder_hours
    rules.late_cancellation_pays = late_cancellation_pays
    rules.full_clean()
    rules.save()
    return rules
