"""Clubs and the players who sit at their tables."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournaments.bridge.federations import SCALES, federation_choices
from tournaments.bridge.names import clean_name


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    # Everyone holding a role here, through ``ClubRole`` (core/models/roles.py): ``add`` grants
    # the administrator's role; what a user may do is read from the roles (selectors/access.py).
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        through="tournaments.ClubRole",
        through_fields=("club", "user"),
        related_name="directed_clubs",
        help_text=gettext_lazy("Users who hold a role at this club."),
    )
    average_plus = models.FloatField(
        default=60.0, help_text=gettext_lazy("Percentage an Average-plus adjusted score gives (Law 12C2).")
    )
    average_minus = models.FloatField(
        default=40.0, help_text=gettext_lazy("Percentage an Average-minus adjusted score gives (Law 12C2).")
    )
    table_entry_lead = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Tables entering their own results also enter the opening lead."),
    )
    table_standings = models.BooleanField(
        default=True,
        help_text=gettext_lazy("Tables see the standings so far when a round's boards are all in."),
    )
    # The club's national federation: its master point scale (bridge.federations) awards
    # the club's sessions, and its files (USEBIO's awards, the ABF's, the ACBL's) follow it.
    federation = models.CharField(
        max_length=8,
        blank=True,
        default="",
        choices=federation_choices(),
        help_text=gettext_lazy(
            "The national federation the club belongs to: its scale awards master points."
        ),
    )
    federation_club_number = models.CharField(
        max_length=20,
        blank=True,
        default="",
        help_text=gettext_lazy("The club's number at its federation (USEBIO's CLUB_ID_NUMBER)."),
    )
    p2p_charge_rate = models.DecimalField(
        max_digits=6,
        decimal_places=2,
        null=True,
        blank=True,
        verbose_name=gettext_lazy("P2P charge rate"),
        help_text=gettext_lazy(
            "EBU clubs: the pay-to-play charge rate the EBU's upload asks (USEBIO's P2P_CHARGE_RATE)."
        ),
    )

    # The club's default language: its pages' when the browser names none ClubScore speaks
    # (tournaments.core.language), its printed cards' and its emails'.
    language = models.CharField(
        max_length=8,
        default="en",
        choices=settings.LANGUAGES,
        help_text=gettext_lazy(
            "The language of the club's pages when a player's browser names none ClubScore speaks."
        ),
    )

    # How the club prints matchpoints: 1 a pair beaten (a tie ½) or 2 (a tie 1), the EBU's and
    # ABF's clubs' tops. Only the printed figures change (bridge.matchpoints.on_scale).
    matchpoint_scale = models.PositiveSmallIntegerField(
        default=1,
        choices=[
            (1, gettext_lazy("1 a pair beaten, ½ a tie")),
            (2, gettext_lazy("2 a pair beaten, 1 a tie")),
        ],
        help_text=gettext_lazy(
            "How the pages print matchpoints and tops; percentages are the same on either."
        ),
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=Q(federation__in=["", *SCALES]), name="club_federation_known"),
            models.CheckConstraint(
                condition=Q(language__in=[code for code, _name in settings.LANGUAGES]),
                name="club_language_known",
            ),
            models.CheckConstraint(
                condition=Q(p2p_charge_rate__isnull=True) | Q(p2p_charge_rate__gte=0),
                name="club_p2p_charge_rate_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(
                    average_plus__gte=50, average_plus__lte=100, average_minus__gte=0, average_minus__lte=50
                ),
                name="club_adjustment_percentages_around_average",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.slug])


class Player(models.Model):
    name = models.CharField(max_length=120, db_index=True)
    federation_number = models.CharField(
        max_length=20, blank=True, default="", help_text=gettext_lazy("National federation number, if known.")
    )
    shown_by_initials = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Public pages show the player's initials only (at the player's request)."),
    )
    erased_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text=gettext_lazy("When the player's name and numbers were erased."),
    )

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation_number"],
                condition=~Q(federation_number=""),
                name="player_federation_number_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Store the name as every name is kept (``bridge.names.clean_name``: NFKC, no bidi or
        other format characters), whichever way it came: a look-alike is not a new spelling."""
        self.name = clean_name(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.pk])

    @property
    def public_name(self) -> str:
        """The name the public pages show: the initials alone for a player who asked for it."""
        return initials(self.name) if self.shown_by_initials else self.name


def initials(name: str) -> str:
    """Return ``A. N.`` for ``Ann North`` (hyphenated names keep their parts: ``J.-P. S.``)."""
    words = []
    for word in name.split():
        parts = [part for part in word.split("-") if part]
        if parts:
            words.append("-".join(f"{part[0].upper()}." for part in parts))
    return " ".join(words) or "–"
