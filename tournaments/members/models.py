"""A member's sign-in: the account an email address signs in to, and each link asked for it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower


class MemberAccount(models.Model):
    """The sign-in of one person: a user, and the address the clubs keep for him.

    Made at his first sign-in (a user of his own), or by the site's administrator for a
    volunteer who already has a user, so one person has one sign-in. His clubs and players
    are read from the member lists holding ``email`` at each request, never copied here: a
    club that removes or changes the address, or erases the player, takes them away at once.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="member")
    email = models.EmailField(unique=True, help_text="Normalised: trimmed, lower case.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["email"]
        constraints = [
            models.CheckConstraint(condition=Q(email=Lower("email")), name="member_account_email_lower"),
        ]

    def __str__(self) -> str:
        return self.email

    def clean(self) -> None:
        """Keep the address as the lists are matched (the admin types it): trimmed, lower case."""
        self.email = "".join(self.email.split()).lower()


class SignInRequest(models.Model):
    """One request for a sign-in link, whether or not a club holds the address.

    Every request is counted (the throttle reads these rows), known address or not, so
    the page answers both alike. ``browser_digest`` is the SHA-256 of a random cookie set
    on the browser that asked: the link signs that browser in at once, another only after
    a confirming tap. ``used_at`` makes the link good once.
    """

    email = models.EmailField(db_index=True)
    ip = models.GenericIPAddressField(null=True, blank=True)
    browser_digest = models.CharField(max_length=64)
    sent = models.BooleanField(default=False, help_text="A club holds the address: a link was mailed.")
    created_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.email} at {self.created_at:%Y-%m-%d %H:%M}"
