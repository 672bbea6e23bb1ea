"""Memberships: a club's membership types (fee, year, grace, flags), and each member's.

A member's state follows from the dates (``states.membership_state``): nothing is stored
that the calendar changes, so no nightly job is needed to move members from Current to
Due to Lapsed. Resigned and Deceased are set by hand.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club
from tournaments.money.models.ledger import AMOUNT_DIGITS, AMOUNT_PLACES
from tournaments.season.models.members import ClubMember

MAX_GRACE_DAYS = 366


class MembershipType(models.Model):
    """A kind of membership a club sells: its annual fee, when its year starts, its grace."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="membership_types")
    name = models.CharField(max_length=80)
    annual_fee = models.DecimalField(max_digits=AMOUNT_DIGITS, decimal_places=AMOUNT_PLACES, default=0)
    year_start_month = models.PositiveSmallIntegerField(default=1)
    year_start_day = models.PositiveSmallIntegerField(default=1)
    grace_days = models.PositiveSmallIntegerField(
        default=31,
        help_text=gettext_lazy("Days after the paid-until date while the member is Due, not Lapsed."),
    )
    plays_free = models.BooleanField(
        default=False, help_text=gettext_lazy("Members of this type pay no table money.")
    )
    junior = models.BooleanField(
        default=False, help_text=gettext_lazy("Members of this type pay the junior rate.")
    )

    class Meta:
        ordering = ["club", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="membership_type_name_once"),
            models.CheckConstraint(
                condition=Q(annual_fee__gte=0, annual_fee__lte=100000), name="membership_type_fee_sensible"
            ),
            models.CheckConstraint(
                condition=Q(year_start_month__gte=1, year_start_month__lte=12, year_start_day__gte=1)
                & Q(year_start_day__lte=28),
                name="membership_type_year_start_a_day",
            ),
            models.CheckConstraint(
                condition=Q(grace_days__lte=MAX_GRACE_DAYS), name="membership_type_grace_sensible"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Ending(models.TextChoices):
    NONE = "", gettext_lazy("No")
    RESIGNED = "resigned", gettext_lazy("Resigned")
    DECEASED = "deceased", gettext_lazy("Deceased")


class Membership(models.Model):
    """A member's membership: his type, the day his subscription is paid until, how it ended, and
    whose account pays his table money when not his own (``payer``: a couple's one account)."""

    member = models.OneToOneField(ClubMember, on_delete=models.CASCADE, related_name="membership")
    type = models.ForeignKey(
        MembershipType, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    paid_until = models.DateField(null=True, blank=True)
    ending = models.CharField(max_length=10, choices=Ending.choices, blank=True, default="")
    payer = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text=gettext_lazy("Whose account pays his table money (one account for a couple)."),
    )
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["member"]

    def __str__(self) -> str:
        return f"{self.member} ({self.type or '-'}, {self.paid_until or '-'})"
