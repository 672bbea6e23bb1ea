"""A club's programme: the sessions it plans (one-off or weekly), the dates it closes, its booking rules.

A ``PlannedSession`` is a line of the programme ("Tuesday pairs, every Tuesday at 19:30");
each of its days is a ``ProgrammeDate``, written ahead by the daily job (``services.programme``)
so members can book it, and on its day given the night's ``Session`` without anyone creating it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club
from tournaments.money.models.fees import FeeSchedule
from tournaments.night.models.sessions import Session


class SessionKind(models.TextChoices):
    PAIRS = "pairs", gettext_lazy("Pairs")
    TEAMS = "teams", gettext_lazy("Teams")
    INDIVIDUAL = "individual", gettext_lazy("Individual")


class PlannedSession(models.Model):
    """One line of the programme: a one-off session on ``first_date``, or one every week from it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="planned_sessions")
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=12, choices=SessionKind.choices, default=SessionKind.PAIRS)
    first_date = models.DateField()
    weekly = models.BooleanField(
        default=False, help_text=gettext_lazy("Every week on the first date's weekday.")
    )
    last_date = models.DateField(
        null=True, blank=True, help_text=gettext_lazy("The last week (weekly only).")
    )
    starts_at = models.TimeField()
    table_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("At most this many tables (blank: no limit).")
    )
    # The fees its nights follow (the money capability's schedules; blank: the club's default):
    # given to each night made from the programme, and what a late cancellation pays.
    fee_schedule = models.ForeignKey(
        FeeSchedule,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=gettext_lazy("The fees its nights follow (blank: the club's default schedule)."),
    )
    # A player's fee set here by the admin overrides the schedule's member rate for a late cancellation.
    fee = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "first_date", "starts_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(last_date__isnull=True) | Q(last_date__gte=models.F("first_date")),
                name="planned_session_last_after_first",
            ),
            models.CheckConstraint(condition=~Q(name=""), name="planned_session_name_not_blank"),
            models.CheckConstraint(
                condition=Q(table_limit__isnull=True) | Q(table_limit__gte=1),
                name="planned_session_limit_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.club})"

    @property
    def is_individual(self) -> bool:
        """An individual is booked player by player: a booking is one player, four a table."""
        return self.kind == SessionKind.INDIVIDUAL

    @property
    def booking_places(self) -> int | None:
        """Bookings the limit admits: two pairs a table, or four players a table for an individual."""
        if self.table_limit is None:
            return None
        return (4 if self.is_individual else 2) * self.table_limit


class ClosedDate(models.Model):
    """A day the club is closed: no weekly session falls on it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="closed_dates")
    date = models.DateField()
    reason = models.CharField(max_length=120, blank=True, default="")

    class Meta:
        ordering = ["club", "date"]
        constraints = [models.UniqueConstraint(fields=["club", "date"], name="closed_date_once")]

    def __str__(self) -> str:
        return f"{self.club} closed {self.date}"


class ProgrammeDate(models.Model):
    """One day of a planned session: what members book, and on the day the night's ``Session``."""

    planned = models.ForeignKey(PlannedSession, on_delete=models.CASCADE, related_name="dates")
    date = models.DateField()
    starts_at = models.DateTimeField()
    cancelled_at = models.DateTimeField(null=True, blank=True)
    session = models.OneToOneField(
        Session, on_delete=models.SET_NULL, null=True, blank=True, related_name="programme_date"
    )
    reminded_at = models.DateTimeField(null=True, blank=True, help_text=gettext_lazy("Reminders sent."))
    seated_at = models.DateTimeField(
        null=True, blank=True, help_text=gettext_lazy("Seated from the bookings.")
    )

    class Meta:
        ordering = ["starts_at", "id"]
        constraints = [models.UniqueConstraint(fields=["planned", "date"], name="programme_date_once")]

    def __str__(self) -> str:
        return f"{self.planned.name} {self.date}"


class BookingRules(models.Model):
    """A club's rules for bookings; a club without a row has the defaults."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="booking_rules")
    cut_off_hours = models.PositiveSmallIntegerField(
        default=24, help_text=gettext_lazy("Cancelling is free until this many hours before the start.")
    )
    reminder_hours = models.PositiveSmallIntegerField(
        default=24, help_text=gettext_lazy("Reminders go this many hours before the start (0: none).")
    )
    late_cancellation_pays = models.BooleanField(
        default=False, help_text=gettext_lazy("A cancellation after the cut-off pays the session's fee.")
    )

    def __str__(self) -> str:
        return f"{self.club} booking rules"
