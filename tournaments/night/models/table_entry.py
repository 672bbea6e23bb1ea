"""The tables entering their own results: their links, their sends, their calls."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse

from tournaments.night.models.boards import Result
from tournaments.night.models.sessions import Session


class TableAccess(models.Model):
    """A table's secret link for entering its own results in one session.

    The token is the whole credential (the phones at the tables have no accounts): it is
    random, unique, names one table of one session, and is refused once the session has
    finished. It is stored as given, since the director prints it again on the table cards.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_accesses")
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=43, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session", "table"]
        constraints = [
            models.UniqueConstraint(fields=["session", "table"], name="table_access_one_per_table"),
            models.CheckConstraint(condition=Q(table__gte=1), name="table_access_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.session} table {self.table}"

    def get_absolute_url(self) -> str:
        return reverse("table_entry", args=[self.token])


class TableSubmission(models.Model):
    """One result sent from a table, by the idempotency key its page gave it.

    A phone that loses its network sends the same entry again with the same key; the
    second send finds this row and answers as the first did, so a result is never
    stored twice. ``result`` is cleared if the director later deletes the result.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="table_submissions")
    table = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=64)
    board_number = models.PositiveIntegerField()
    result = models.ForeignKey(Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    # What the table sent under the key ('1|4S|N|10|', round|contract|declarer|tricks|lead), so
    # a send reusing the key for another entry is told it conflicts (empty before 0010).
    entry = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["session", "at"]
        constraints = [
            models.UniqueConstraint(fields=["session", "key"], name="table_submission_key_once"),
        ]

    def __str__(self) -> str:
        return f"{self.session} table {self.table} board {self.board_number} ({self.key[:8]})"


class DirectorCall(models.Model):
    """A table's "call the director" press, shown on the director's grid until answered."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="director_calls")
    table = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "at"]
        indexes = [models.Index(fields=["session", "answered_at"], name="director_call_open")]

    def __str__(self) -> str:
        return f"{self.session} table {self.table} called at {self.at:%H:%M}"
