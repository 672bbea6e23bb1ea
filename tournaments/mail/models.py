"""What was emailed to whom, and who asked for nothing more."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.core.models.clubs import Club, Player
from tournaments.night.models.sessions import Pair, Session


class MailStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Sending")
    SENT = "sent", gettext_lazy("Sent")
    FAILED = "failed", gettext_lazy("Failed")


class MailReason(models.TextChoices):
    FINISH = "finish", gettext_lazy("Session finished")
    RESEND = "resend", gettext_lazy("Resent by the director")


class ResultMail(models.Model):
    """One email of a pair's result to one member: recorded before it is sent, then its outcome.

    ``digest`` is the result it told (place, percentage, every board), so finishing the
    session again with nothing changed finds it and sends nothing new.
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="result_mails")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="result_mails")
    pair = models.ForeignKey(Pair, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    email = models.EmailField(blank=True)  # blanked when the player is erased
    digest = models.CharField(max_length=64)
    reason = models.CharField(max_length=8, choices=MailReason.choices)
    status = models.CharField(max_length=8, choices=MailStatus.choices, default=MailStatus.PENDING)
    error = models.TextField(blank=True, default="")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "player", "id"]
        indexes = [models.Index(fields=["session", "player"], name="result_mail_session_player")]

    def __str__(self) -> str:
        return f"{self.session} to {self.email}: {self.status}"


class MailOptOut(models.Model):
    """A member who asked, from a link in an email, for no more emails from his club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="mail_opt_outs")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="mail_opt_outs")
    opted_out_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "player"]
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="mail_opt_out_once")]

    def __str__(self) -> str:
        return f"{self.player} at {self.club}: no email"
