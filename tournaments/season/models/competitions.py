"""Competitions across sessions: a season's Tuesdays, a ladder, a club championship.

The table is not stored: it is computed on read from the stored standings of the
competition's finished sessions (``selectors.competitions``), so it updates when a
session finishes and stays true after a correction, with nothing to keep in step.
"""

from __future__ import annotations

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse

from tournaments.bridge.season.competition import MASTER_POINTS, MATCHPOINTS, PERCENTAGES, POINTS
from tournaments.core.models.clubs import Club
from tournaments.night.models.sessions import Session


class CompetitionMethod(models.TextChoices):
    PERCENTAGES = PERCENTAGES, "Best percentages (mean of the best sessions)"
    MATCHPOINTS = MATCHPOINTS, "Cumulative matchpoints"
    POINTS = POINTS, "Position points by a scale"
    MASTER_POINTS = MASTER_POINTS, "Master points won (the club's federation's scale)"


class Competition(models.Model):
    """A competition over sessions the director chooses, ranked per player."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(max_length=120)
    method = models.CharField(max_length=12, choices=CompetitionMethod.choices, default=PERCENTAGES)
    best_of = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="Count each player's best N sessions; blank counts them all.",
    )
    minimum_sessions = models.PositiveSmallIntegerField(
        default=1, help_text="Sessions a player must play to be ranked."
    )
    scale = models.JSONField(
        default=list, blank=True, help_text="Position points for 1st, 2nd, 3rd, ... (position points only)."
    )
    sessions = models.ManyToManyField(Session, blank=True, related_name="competitions")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="competition_name_unique_in_club"),
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1), name="competition_best_of_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("competition", args=[self.pk])
