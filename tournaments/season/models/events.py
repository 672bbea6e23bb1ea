"""Events over several sessions: a two-session championship, its pairs' scores carried over.

Each session stays its own night (its standings, pages and phones as ever); the event
only names its sessions and how their scores are carried. The ranking is not stored: it
is computed on read from the sessions' stored standings (``selectors.events``), as a
competition's table is, so a correction in session 1 moves the event at once.
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.bridge.season.events import MEAN_PERCENTAGE, TOTAL_MATCHPOINTS
from tournaments.core.models.clubs import Club
from tournaments.night.models.sessions import Movement, Session

# The sessions an event carries: pairs nights. A teams round, and any kind added later
# (individuals), is refused until the event knows how to carry it.
PAIRS_MOVEMENTS = (Movement.MITCHELL, Movement.HOWELL)


class EventMethod(models.TextChoices):
    TOTAL_MATCHPOINTS = TOTAL_MATCHPOINTS, _("Total matchpoints")
    MEAN_PERCENTAGE = MEAN_PERCENTAGE, _("Mean percentage")


class Event(models.Model):
    """A pairs event over sessions of one club, its pairs matched from session to session by their players."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=120)
    method = models.CharField(max_length=12, choices=EventMethod.choices, default=MEAN_PERCENTAGE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="event_name_unique_in_club")]

    def __str__(self) -> str:
        return f"{self.club} {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.pk])


class EventSession(models.Model):
    """A session of an event; a session belongs to one event at most (a second is a mistake)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="event_entry")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session__date", "session_id"]

    def __str__(self) -> str:
        return f"{self.event.name}: {self.session}"
