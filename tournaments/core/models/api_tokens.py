"""A club's API tokens: what a program shows to write through ``/api/v1/`` for that club."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club


class ApiToken(models.Model):
    """One program's credential for writing one club's results and sessions through the API.

    Only the SHA-256 digest of the token is stored: the token itself is shown once, when it
    is created, so a copy of the database lets nobody write. A random token of 256 bits
    needs no salt or slow hash (those protect guessable passwords). Revoking keeps the row,
    so the director's page still says which program had it and when it was last used.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(
        max_length=80, help_text=gettext_lazy("Which program holds it, e.g. 'club website'.")
    )
    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        max_length=8, editable=False, help_text=gettext_lazy("The token's first characters, to tell it.")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["club", "-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.club} {self.name} ({self.prefix}...)"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class ApiWriteCount(models.Model):
    """A token's writes in one minute, when no shared cache counts them (``API_WRITE_COUNTS``).

    A row of the database every process and every app server uses, so the API's write
    rate holds however many there are; a local cache counted per process (issue 28).
    ``services.api_write_counts`` adds to it in the database, never read-then-write.
    """

    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="+")
    minute = models.BigIntegerField(help_text=gettext_lazy("Minutes since the epoch (UTC)."))
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["token", "minute"], name="api_write_count_one_row_a_minute"),
        ]

    def __str__(self) -> str:
        return f"token {self.token_id}, minute {self.minute}: {self.count}"


class ApiWriteKey(models.Model):
    """A write sent with an ``Idempotency-Key`` header, and the answer it was given.

    A program whose write got no answer (a worker killed, a network lost) sends it again
    under the same key; the second send finds this row, written in the write's own
    transaction, and is given the first answer without writing anything, as a table's
    phone is (``TableSubmission``). ``request`` is the digest of the method, the path and
    the body, so a key reused for another write is refused rather than answered wrongly.
    """

    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=64)
    request = models.CharField(max_length=64, help_text=gettext_lazy("SHA-256 of the method, path and body."))
    status = models.PositiveSmallIntegerField()
    content_type = models.CharField(max_length=100)
    body = models.TextField(blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["token", "key"], name="api_write_key_once_a_token"),
        ]
        indexes = [models.Index(fields=["token", "at"], name="api_write_key_age")]

    def __str__(self) -> str:
        return f"token {self.token_id}, key {self.key[:8]}: {self.status}"
