"""Players' ratings as the site stores them: the current one, and one snapshot per session played.

Both are derived from the standings (``services.rating_refit`` refits them after a session
finishes, in the background) and can be rebuilt at any time (``manage.py rate_players``).
``RatedSession`` says which sessions the current ratings count, ``RatingDue`` which
changes they still owe, ``RatingState`` the refits' turn (docs/decisions.md, "A finish
that does not grow with history").
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
    residual = models.FloatField(
        default=0.0, help_text="What the player's equation is still out by (kept within bridge's RESIDUAL)."
    )
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


class RatedSession(models.Model):
    """A session the current ratings count, with the players counted for it.

    A plain id, not a foreign key: a session deleted or reopened must still be found here,
    with its players, so the refit that takes it out knows whose ratings it moves.
    """

    session_id = models.PositiveBigIntegerField(unique=True)
    players = models.JSONField(default=list, help_text="The players' ids counted for the session.")
    counted_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"session {self.session_id} ({len(self.players)} players)"


class RatingDue(models.Model):
    """A refit owed: a session whose results changed (finished, corrected, reopened), or all of them.

    Written in the transaction of the change, so a refit lost with its process is still
    owed, and found by the next refit (any finish) or at the process's first request.
    """

    session_id = models.PositiveBigIntegerField(null=True, blank=True, help_text="Empty: refit everything.")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return "everything" if self.session_id is None else f"session {self.session_id}"


class RatingState(models.Model):
    """The one row whose lock and version put the refits in turn (two processes never both store)."""

    version = models.PositiveBigIntegerField(default=0)
    refitted_at = models.DateTimeField(null=True, blank=True, help_text="The last full refit.")

    def __str__(self) -> str:
        return f"ratings version {self.version}"
