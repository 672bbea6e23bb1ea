"""Score files previewed and waiting for their director's confirmation."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.core.models.clubs import Club


class PendingImport(models.Model):
    """A previewed score file waiting for its director to confirm the import.

    Kept here rather than in the user's session row, which every request of that user
    reads and writes: the text is up to a score file's limit (5 MB). Rows are few and
    short-lived: a user keeps the last few previews, each for an hour, and confirming
    removes its row (see ``tournaments.exchange.views.legacy``).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    sha256 = models.CharField(max_length=64)
    text = models.TextField(help_text="The file's text as uploaded (UTF-8, at most the upload limit).")
    date = models.DateField()
    name = models.CharField(max_length=120)
    replace = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} {self.club} {self.date:%Y-%m-%d} {self.name} ({self.sha256[:12]})"
