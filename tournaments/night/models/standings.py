"""Each pair's place in its session: derived from the results, rewritten by the services."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.night.models.sessions import Pair, Session


class Standing(models.Model):
    """A pair's place in its session, rewritten whenever a result of the session changes."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="standings")
    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="standing")
    rank = models.PositiveIntegerField()
    tied = models.BooleanField(default=False)
    matchpoints = models.FloatField()
    percentage = models.FloatField()
    boards_played = models.PositiveIntegerField()
    total_score = models.IntegerField(default=0)
    imps = models.FloatField(
        null=True, blank=True, help_text=gettext_lazy("Total IMPs in an IMP-pairs session.")
    )

    class Meta:
        ordering = ["session", "pair__direction", "rank", "pair__number"]

    def __str__(self) -> str:
        return f"{self.rank_text} {self.pair}: {self.percentage:.2f}%"

    @property
    def is_ranked(self) -> bool:
        """Whether the pair has a place: only once it has played a board (issue 24, point 13)."""
        return self.boards_played > 0

    @property
    def rank_text(self) -> str:
        """The place as printed, ``3=`` when shared; blank for a pair that has played no board."""
        if not self.is_ranked:
            return ""
        return f"{self.rank}=" if self.tied else str(self.rank)

    @property
    def imps_per_board(self) -> float | None:
        """IMPs a board in an IMP-pairs session (None in a matchpoint session or before any board)."""
        if self.imps is None or not self.boards_played:
            return None
        return self.imps / self.boards_played
