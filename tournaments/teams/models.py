"""Teams events: the event, its teams of 4-6 players, its rounds and their matches.

A match is two tables on the same boards (the home team's pair NS at table 1, the away
team's at table 2). A round may name the ``Session`` that holds its boards and results,
so results stay ordinary results on boards; the match keeps the IMPs and the VPs worked
out from them (``bridge.teams.match_victory_points``) and the director's penalties.
A team's size (4 to 6) and "each team once a round" span rows, so the services check
them (``services.teams``); the rest are constraints here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club, Player
from tournaments.night.models.sessions import Session, SessionState

TEAM_MIN_PLAYERS = 4
TEAM_MAX_PLAYERS = 6


class TeamsForm(models.TextChoices):
    SWISS = "swiss", gettext_lazy("Swiss")
    ROUND_ROBIN = "round_robin", gettext_lazy("Round robin")
    MATCH = "match", gettext_lazy("One match")


class TeamsScoring(models.TextChoices):
    WBF_VP = "wbf_vp", gettext_lazy("IMPs to victory points (WBF 20-VP scale)")
    BOARD_A_MATCH = "bam", gettext_lazy("Board-a-match")


class TieBreak(models.TextChoices):
    HEAD_TO_HEAD = "head_to_head", gettext_lazy("Head to head, then IMP quotient")
    IMP_QUOTIENT = "imp_quotient", gettext_lazy("IMP quotient")


class TeamsEvent(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="teams_events")
    date = models.DateField()
    name = models.CharField(max_length=120)
    form = models.CharField(max_length=12, choices=TeamsForm.choices, default=TeamsForm.SWISS)
    scoring = models.CharField(max_length=8, choices=TeamsScoring.choices, default=TeamsScoring.WBF_VP)
    tie_break = models.CharField(max_length=14, choices=TieBreak.choices, default=TieBreak.HEAD_TO_HEAD)
    rounds = models.PositiveSmallIntegerField(
        help_text="Rounds the event plays (a round robin: all of them)."
    )
    boards_per_match = models.PositiveSmallIntegerField()
    bye_vp = models.FloatField(default=12.0, help_text="VPs a team gets for a bye (EBU: 12).")
    state = models.CharField(max_length=12, choices=SessionState.choices, default=SessionState.PREPARATION)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "date", "name"], name="teams_event_unique_per_club_day"),
            models.CheckConstraint(condition=Q(rounds__gte=1), name="teams_event_rounds_positive"),
            models.CheckConstraint(condition=Q(boards_per_match__gte=1), name="teams_event_boards_positive"),
            models.CheckConstraint(
                condition=Q(bye_vp__gte=0, bye_vp__lte=20), name="teams_event_bye_vp_0_to_20"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} {self.date:%Y-%m-%d} {self.name}"


class Team(models.Model):
    event = models.ForeignKey(TeamsEvent, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120)
    players = models.ManyToManyField(Player, through="TeamMember", related_name="teams")

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_number_unique_in_event"),
            models.UniqueConstraint(fields=["event", "name"], name="team_name_unique_in_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="team_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"


class TeamMember(models.Model):
    """A player of a team; a player plays for one team of an event (checked by the services)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["team", "id"]
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="team_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.team})"


class TeamsRound(models.Model):
    """A round of an event: drawn (and adjustable) until published, then played."""

    event = models.ForeignKey(TeamsEvent, on_delete=models.CASCADE, related_name="rounds_drawn")
    number = models.PositiveSmallIntegerField()
    published = models.BooleanField(default=False)
    session = models.OneToOneField(
        Session,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="teams_round",
        help_text="The session holding this round's boards and results at both tables of each match.",
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="teams_round_unique_in_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="teams_round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class TeamMatch(models.Model):
    """One match of a round, or a team's bye (no away team)."""

    round = models.ForeignKey(TeamsRound, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(help_text="The match's number in the round (its two tables).")
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="home_matches")
    away = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="away_matches", null=True, blank=True
    )
    home_imps = models.FloatField(null=True, blank=True)
    away_imps = models.FloatField(null=True, blank=True)
    home_imp_penalty = models.FloatField(default=0)
    away_imp_penalty = models.FloatField(default=0)
    home_vp_penalty = models.FloatField(default=0)
    away_vp_penalty = models.FloatField(default=0)
    home_vp = models.FloatField(null=True, blank=True)
    away_vp = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="team_match_table_unique_in_round"),
            models.UniqueConstraint(fields=["round", "home"], name="team_match_home_once_a_round"),
            models.UniqueConstraint(fields=["round", "away"], name="team_match_away_once_a_round"),
            models.CheckConstraint(condition=~Q(home=F("away")), name="team_match_not_against_itself"),
            models.CheckConstraint(condition=Q(table__gte=1), name="team_match_table_positive"),
            models.CheckConstraint(
                condition=Q(home_imp_penalty__gte=0, away_imp_penalty__gte=0)
                & Q(home_vp_penalty__gte=0, away_vp_penalty__gte=0),
                name="team_match_penalties_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.home} v {self.away or 'bye'}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None

    @property
    def is_scored(self) -> bool:
        return self.home_vp is not None

    @property
    def away_team(self) -> Team:
        """The away team, for code that reads played matches only (``away__isnull=False``): a bye has none."""
        if self.away is None:
            raise ValueError(f"{self} is a bye: it has no away team.")
        return self.away


class TeamMatchPenalty(models.Model):
    """The director's IMP and VP penalties on a match (Laws 90, 91), who set them and why: the audit."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="penalties")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    home_imp_penalty = models.FloatField(default=0)
    away_imp_penalty = models.FloatField(default=0)
    home_vp_penalty = models.FloatField(default=0)
    away_vp_penalty = models.FloatField(default=0)
    reason = models.CharField(max_length=200)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.match}: penalties set by {self.user} at {self.at:%Y-%m-%d %H:%M}"


class TeamsEventAction(models.TextChoices):
    FINISH = "finish", gettext_lazy("Finished")
    REOPEN = "reopen", gettext_lazy("Reopened")


class TeamsEventChange(models.Model):
    """Who finished or reopened a teams event, when, and what stood then: the event's audit (issue 28).

    A finish with matches still unplayed says so in ``note``, so a reopen later has its why.
    """

    event = models.ForeignKey(TeamsEvent, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=8, choices=TeamsEventAction.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    note = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.event}: {self.get_action_display().lower()} by {self.user} at {self.at:%Y-%m-%d %H:%M}"
