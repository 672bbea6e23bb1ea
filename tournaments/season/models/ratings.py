"""Players' ratings as the site stores them: the current one, and one snapshot per session played.

Both are derived from the standings (``services.ratings`` refits them when a session
finishes) and can be rebuilt at any time (``manage.py rate_players``).
"""

from __future__ import annotations

from django.db import models

from tournaments.core.models.clubs import Player
from tournaments.night.models.sessions import Session


class PlayerRating(models.Model):
    """A player's current rating (percentage scale, 50 = the average player) and its sd."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    rating = models.FloatField()
    uncertainty = models.FloatField()
    sessions = models.PositiveIntegerField(help_text="Sessions the rating rests on.")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.player}: {self.rating:.1f} ± {self.uncertainty:.1f}"


class RatingSnapshot(models.Model):
    """A player's rating just after a session he played: the points of his rating chart."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_snapshots")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="rating_snapshots")
    rating = models.FloatField()
    uncertainty = models.FloatField()

    class Meta:
        ordering = ["session__date", "session_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "session"], name="rating_snapshot_once_per_session"),
        ]

    def __str__(self) -> str:
        return f"{self.player} after {self.session}: {self.rating:.1f}"
