"""The master points ledger: each player's award, with its session or teams event and scale.

A row is one player's award of one session (a pair's place, or an individual's player's
own place: no pair) or one teams event (a team's place): who, how many points (the
federation's points: 0.21 ABF green, 24 EBU master points), the scale that gave them
(``bridge.federations``), the place (shared when ``tied``) and the field it was ranked in.
Rows are derived: written when a session or event finishes, and again on a correction
after it, dropped when it is reopened (``services.awards``). Only awards are kept: a pair
placed below the awards has no row. A player's season is the calendar year of ``date``,
the night's or the event's.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tournaments.core.models.clubs import Club, Player
from tournaments.night.models.sessions import Pair, Session
from tournaments.teams.models import Team, TeamsEvent


class MasterPointAward(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="master_point_awards")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    teams_event = models.ForeignKey(
        TeamsEvent, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    team = models.ForeignKey(Team, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    date = models.DateField(help_text="The session's or event's date: its calendar year is the season.")
    federation = models.CharField(max_length=8)
    scale = models.CharField(max_length=40, help_text="The scale that gave the award (bridge.federations).")
    place = models.PositiveIntegerField()
    tied = models.BooleanField(default=False)
    field = models.CharField(max_length=2, blank=True, default="", help_text="NS or EW of a Mitchell.")
    stratum = models.CharField(
        max_length=1, blank=True, default="", help_text="B or C: the stratum whose place gave the award."
    )
    points = models.DecimalField(max_digits=9, decimal_places=2)
    awarded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "club", "place", "player"]
        constraints = [
            models.CheckConstraint(
                # A session's award names its pair, but an individual's (pair null): the player's
                # partnerships each played one round, and his place is his own.
                condition=(Q(session__isnull=False, teams_event__isnull=True, team__isnull=True))
                | (Q(session__isnull=True, pair__isnull=True, teams_event__isnull=False, team__isnull=False)),
                name="master_point_award_of_a_session_or_a_team",
            ),
            models.CheckConstraint(condition=Q(points__gt=0), name="master_point_award_positive"),
            models.UniqueConstraint(
                fields=["session", "player"],
                condition=Q(session__isnull=False),
                name="master_point_award_once_a_session",
            ),
            models.UniqueConstraint(
                fields=["teams_event", "player"],
                condition=Q(teams_event__isnull=False),
                name="master_point_award_once_an_event",
            ),
        ]
        indexes = [
            models.Index(fields=["club", "date"], name="master_point_award_club_date"),
            models.Index(fields=["player", "date"], name="master_point_award_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.points} ({self.scale}, {self.date:%Y-%m-%d})"


class PlayerHandicap(models.Model):
    """A player's handicap at a club, in percentage points added in its handicap events.

    The club's, not the player's (players are shared by clubs, and each club handicaps
    its own field), set by the director on a session's handicaps page; a player without
    one is given what his rating says (``bridge.handicaps.handicap_from_rating``).
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="handicaps")
    handicap = models.DecimalField(max_digits=5, decimal_places=2)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["club", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="player_handicap_once_a_club"),
            models.CheckConstraint(
                condition=Q(handicap__gte=-50) & Q(handicap__lte=50), name="player_handicap_within_50"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.club}: {self.handicap:+}"
