"""The lead solves of finished sessions, and each player's choice to show his analysis."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from tournaments.core.models import Player
from tournaments.night.models import Board, Session


class LeadSolve(models.Model):
    """What each card of one leader's hand gives the defence against one strain, double-dummy.

    One row per board, leader and strain (``services.leads``); ``deal`` is the four hands
    it was solved for, so a board dealt again since has no solve until the job runs again.
    ``tricks`` maps each card, suit first as the results keep leads (``H10``), to the
    defence's tricks when it is led.
    """

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="+")
    leader = models.CharField(max_length=1)
    strain = models.CharField(max_length=2)
    deal = models.CharField(max_length=80)
    tricks = models.JSONField()
    solved_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board", "leader", "strain"]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "leader", "strain"], name="lead_solve_one_per_leader_strain"
            ),
            models.CheckConstraint(
                condition=Q(leader__in=["N", "E", "S", "W"]), name="lead_solve_leader_seat"
            ),
            models.CheckConstraint(
                condition=Q(strain__in=["C", "D", "H", "S", "NT"]), name="lead_solve_strain_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board} {self.leader} leads against {self.strain}"


class AnalysisSharing(models.Model):
    """A player's choice: the public may read his analysis (he alone, signed in, otherwise)."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="+")
    public = models.BooleanField(
        default=False, help_text=gettext_lazy("The public may read the player's analysis of his evenings.")
    )
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["player"]

    def __str__(self) -> str:
        return f"{self.player}: {'public' if self.public else 'private'}"


class EveningTally(models.Model):
    """A finished session's figures for the season page: one player's, or the field's (``player`` None).

    Worked out by the lead solves' job once the leads are solved (``services.tallies``), so a
    season of 200 sessions is read in one query, not analysed at each request. ``tallies``
    maps each figure to ``[count, total]`` (an average is total / count) or a count:
    ``declarer``, ``leads``, ``auctions``, ``auction_verdicts``, ``gifts``, ``fixes``.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", null=True, blank=True)
    tallies = models.JSONField()

    class Meta:
        ordering = ["session", "player"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="evening_tally_one_per_player"),
            models.UniqueConstraint(
                fields=["session"], condition=Q(player__isnull=True), name="evening_tally_one_field"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session}: {self.player or 'the field'}"
