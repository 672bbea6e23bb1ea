"""The audit trail: every change to a result or to a session's pairs and state, and every session deleted."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, gettext_lazy

from tournaments.core.models import ApiToken
from tournaments.core.models.clubs import Club
from tournaments.night.models.boards import Result
from tournaments.night.models.sessions import Session


class AuditAction(models.TextChoices):
    CREATE = "create", gettext_lazy("Entered")
    UPDATE = "update", gettext_lazy("Corrected")
    DELETE = "delete", gettext_lazy("Deleted")
    REDEAL = "redeal", gettext_lazy("Re-dealt")


class ResultChange(models.Model):
    """Who changed a result, when, and what it was before and after."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="result_changes")
    board_number = models.PositiveIntegerField()
    result = models.ForeignKey(
        Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    action = models.CharField(max_length=10, choices=AuditAction.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=gettext_lazy("The table that entered the result from its own page.")
    )
    api_token = models.ForeignKey(
        ApiToken,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=gettext_lazy(
            "The club's API token the change came through: a program's write, not a person's."
        ),
    )

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [
            # A poll's stamp reads the session's newest entry (live.sql.stamps): one index step,
            # however many entries the session and the site hold.
            models.Index(fields=["session", "id"], name="result_change_session_newest"),
        ]

    def __str__(self) -> str:
        when = f"{self.at:%Y-%m-%d %H:%M}"
        return f"{self.get_action_display()} board {self.board_number} by {self.user} at {when}"

    @property
    def source(self) -> str:
        """Who made the change, as the audit log says it: a director, or 'entered at table 4'."""
        if self.table is not None:
            return gettext("entered at table %(table)s") % {"table": self.table}
        if self.api_token is not None:
            return gettext("API token “%(name)s”") % {"name": self.api_token.name}
        return str(self.user) if self.user else "-"


class SessionDeletion(models.Model):
    """A whole session deleted (replaced by importing its file again, or made by mistake), kept at the club.

    A session's own audit log (``ResultChange``) goes with the session, so the record of
    its deletion is the club's: who deleted which session, when, why, and how much it held.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="session_deletions")
    session_pk = models.PositiveIntegerField(help_text=gettext_lazy("The deleted session's id."))
    session_name = models.CharField(max_length=120)
    session_date = models.DateField()
    source_sha256 = models.CharField(max_length=64, blank=True, default="")
    result_count = models.PositiveIntegerField(default=0)
    audit_entry_count = models.PositiveIntegerField(
        default=0, help_text=gettext_lazy("How many entries of the session's audit log went with it.")
    )
    reason = models.CharField(max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        deleted = f"{self.session_date:%Y-%m-%d} {self.session_name}"
        return f"{self.club}: session {self.session_pk} ({deleted}) deleted"


class SessionAction(models.TextChoices):
    """What a director changed in a session other than a result (issue 24, points 11 and 12)."""

    PAIR_EDIT = "pair_edit", gettext_lazy("Pair changed")
    PAIR_REMOVE = "pair_remove", gettext_lazy("Pair removed")
    REOPEN = "reopen", gettext_lazy("Reopened")
    DRAW = "draw", gettext_lazy("Swiss round drawn")


class SessionChange(models.Model):
    """Who changed a session's pairs or state, when, and what it was before and after.

    Results have their own log (``ResultChange``); this one holds what is not a result:
    a pair's players changed, a pair removed, a finished session reopened.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="session_changes")
    action = models.CharField(max_length=12, choices=SessionAction.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    before = models.CharField(max_length=300, blank=True, default="")
    after = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} in {self.session} by {self.user} at {self.at:%Y-%m-%d %H:%M}"
