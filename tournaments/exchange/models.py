"""Score files previewed and waiting for their director's confirmation; sessions fed by a Bridgemate."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models

from tournaments.core.models.clubs import Club
from tournaments.night.models.sessions import Session

# A preview waits this long for its confirmation, and a user keeps at most this many.
PENDING_LIFETIME = datetime.timedelta(hours=1)
PENDING_PER_USER = 3


class PendingImport(models.Model):
    """A previewed score file waiting for its director to confirm the import.

    Kept here rather than in the user's session row, which every request of that user
    reads and writes: the file is up to its format's limit (5 MB). Rows are few and
    short-lived: a user keeps the last few previews, each for an hour, and confirming
    removes its row (``tournaments.exchange.services.pending`` stores and removes them,
    ``tournaments.exchange.selectors.pending`` finds the one a confirm names).

    A legacy score file is text and waits in ``text``; a USEBIO file may be in any
    encoding (UTF-16 holds NUL bytes, which PostgreSQL's text refuses) and waits as its
    bytes in ``data``, as does a Bridgemate file (an Access database). ``kind`` says which,
    so neither confirm can take the other's file.
    """

    class Kind(models.TextChoices):
        LEGACY = "legacy", "Legacy score file"
        USEBIO = "usebio", "USEBIO results file"
        BWS = "bws", "Bridgemate file (.bws)"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.LEGACY)
    sha256 = models.CharField(max_length=64)
    text = models.TextField(
        blank=True,
        help_text="A legacy score file's text as uploaded (UTF-8, at most the upload limit); "
        "empty for a USEBIO file.",
    )
    data = models.BinaryField(
        blank=True,
        default=b"",
        help_text="A USEBIO file's bytes as uploaded (at most the upload limit); empty for a legacy file.",
    )
    date = models.DateField()
    name = models.CharField(max_length=120)
    replace = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} {self.club} {self.date:%Y-%m-%d} {self.name} ({self.sha256[:12]})"


class BridgemateFeed(models.Model):
    """A session fed from a Bridgemate file: which session and section of the file, and what it took.

    Bridgemate Control Software keeps adding to its file during the night, and the
    director uploads it again (or ``import_bws --follow`` reads it every few seconds): the
    same file's session and section (``bcs_session``: BCS's GUID; ``section``: its letter)
    always feed this session. ``rows`` holds, for each table, round and board
    (``"3-2-7"``), the ``ReceivedData`` row whose result ClubScore took, what it said, and
    the result it became (``{"row": 41, "said": "...", "result": 1234}``, ``result`` null for
    a board not played): a row read again saying the same is skipped, a later one (a
    correction, an erasure) replaces what the earlier one gave (``exchange.services.bws_results``).
    """

    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="bridgemate_feed")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    bcs_session = models.CharField(max_length=200, help_text="The file's session: BCS's GUID.")
    section = models.CharField(max_length=8, blank=True, help_text="The file's section letter.")
    rows = models.JSONField(default=dict, blank=True, help_text="What each table's result was taken from.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "bcs_session", "section"], name="bridgemate_feed_one_session_per_section"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} from Bridgemate section {self.section or '-'}"
