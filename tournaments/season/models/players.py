"""What happened to players as people: the record of two entries merged into one member."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.core.models.clubs import Player


class PlayerMerge(models.Model):
    """A duplicate player folded into the one kept: who, by whom, when, and which pairs moved.

    The duplicate's row is deleted, so its id, name and federation number are copied
    here; the kept player is linked while it exists (it may be merged away later itself).
    """

    kept = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="merges")
    kept_name = models.CharField(max_length=120)
    duplicate_pk = models.PositiveIntegerField(help_text="The deleted duplicate's id.")
    duplicate_name = models.CharField(max_length=120)
    duplicate_federation_number = models.CharField(max_length=20, blank=True, default="")
    pairs = models.JSONField(
        default=list, help_text="Ids of the pairs moved from the duplicate to the kept player."
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return (
            f"{self.duplicate_name} (#{self.duplicate_pk}) merged into {self.kept_name} by {self.user or '-'}"
        )
