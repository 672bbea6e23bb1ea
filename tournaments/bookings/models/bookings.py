"""Bookings: a member's place for himself and a partner (a member or a named visitor), or as a single.

A pair's booking holds a place (``BOOKED``) or waits (``WAITING``, in ``queued_at`` order);
a single holds none until the partner finder matches him (``PartnerAsk``). A member has one
live booking a date, as booker or as partner (constraints, and the services under the
date's row lock).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournaments.bookings.models.programme import ProgrammeDate
from tournaments.core.models.clubs import Player
from tournaments.members.models import MemberAccount
from tournaments.night.models.sessions import Pair


class BookingStatus(models.TextChoices):
    SINGLE = "single", gettext_lazy("Looking for a partner")
    BOOKED = "booked", gettext_lazy("Booked")
    WAITING = "waiting", gettext_lazy("Waiting list")
    CANCELLED = "cancelled", gettext_lazy("Cancelled")
    MATCHED = "matched", gettext_lazy("Matched")  # a single who joined another's booking


LIVE = (BookingStatus.SINGLE, BookingStatus.BOOKED, BookingStatus.WAITING)


class Booking(models.Model):
    date = models.ForeignKey(ProgrammeDate, on_delete=models.CASCADE, related_name="bookings")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    account = models.ForeignKey(
        MemberAccount, on_delete=models.SET_NULL, null=True, blank=True, related_name="bookings"
    )
    partner = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    visitor = models.CharField(
        max_length=120, blank=True, default="", help_text=gettext_lazy("A visitor partner.")
    )
    status = models.CharField(max_length=10, choices=BookingStatus.choices)
    partner_confirmed_at = models.DateTimeField(null=True, blank=True)
    partner_token = models.CharField(max_length=64, blank=True, default="", db_index=True)
    queued_at = models.DateTimeField(help_text=gettext_lazy("Places and the waiting list go in this order."))
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancelled_late = models.BooleanField(default=False)
    promoted_at = models.DateTimeField(null=True, blank=True)
    walk_in = models.BooleanField(default=False)
    no_show = models.BooleanField(default=False)
    pair = models.ForeignKey(Pair, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["date", "queued_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["date", "player"], condition=Q(status__in=LIVE), name="booking_player_once_a_date"
            ),
            models.UniqueConstraint(
                fields=["date", "partner"], condition=Q(status__in=LIVE), name="booking_partner_once_a_date"
            ),
            models.CheckConstraint(condition=~Q(partner=models.F("player")), name="booking_partner_not_self"),
            models.CheckConstraint(
                condition=Q(partner__isnull=True) | Q(visitor=""), name="booking_one_partner"
            ),
            models.CheckConstraint(
                condition=~Q(status=BookingStatus.SINGLE) | (Q(partner__isnull=True) & Q(visitor="")),
                name="booking_single_alone",
            ),
        ]
        indexes = [models.Index(fields=["date", "status", "queued_at"], name="booking_queue")]

    def __str__(self) -> str:
        return f"{self.player} {self.date} ({self.status})"

    @property
    def is_live(self) -> bool:
        return self.status in LIVE

    @property
    def partner_name(self) -> str:
        return self.partner.name if self.partner is not None else self.visitor

    @property
    def awaits_partner(self) -> bool:
        """A member partner who has not yet confirmed (a visitor has nothing to confirm)."""
        return self.partner_id is not None and self.partner_confirmed_at is None


class PartnerAskStatus(models.TextChoices):
    ASKED = "asked", gettext_lazy("Asked")
    ACCEPTED = "accepted", gettext_lazy("Accepted")
    DECLINED = "declined", gettext_lazy("Declined")
    WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")


class PartnerAsk(models.Model):
    """A member asking a single of the partner finder to partner him on that date."""

    single = models.ForeignKey(Booking, on_delete=models.CASCADE, related_name="asks")
    asker = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    account = models.ForeignKey(MemberAccount, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=PartnerAskStatus.choices, default=PartnerAskStatus.ASKED)
    created_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["single", "asker"], condition=Q(status="asked"), name="partner_ask_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.asker} asks {self.single.player}"
