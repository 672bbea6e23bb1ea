"""A club's volunteers in their roles: who may do what at which club (issue 48).

A person may hold several roles at several clubs. ``ClubRole`` is also the table behind
``Club.directors`` (its ``through``), so ``club.directors.add(user)`` (the demo, the
``create_club`` command, the tests) makes an administrator, and ``club.directors.all()``
lists everyone holding a role there. ``ClubRoleChange`` keeps each grant and removal:
who gave or took which role, and when, since a removed role leaves no row of its own.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class Role(models.TextChoices):
    ADMINISTRATOR = "administrator", gettext_lazy("Administrator")
    DIRECTOR = "director", gettext_lazy("Director")
    SCORER = "scorer", gettext_lazy("Scorer")
    TREASURER = "treasurer", gettext_lazy("Treasurer")
    MEMBERSHIP_SECRETARY = "membership_secretary", gettext_lazy("Membership secretary")
    RESULTS_UPLOADER = "results_uploader", gettext_lazy("Results uploader")


class ClubRole(models.Model):
    """One role one user holds at one club, and who granted it when."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles")
    # The default is what ``club.directors.add(user)`` grants: today's directors do everything.
    role = models.CharField(max_length=24, choices=Role.choices, default=Role.ADMINISTRATOR)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "user", "role"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user", "role"], name="club_role_held_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.get_role_display()} @ {self.club}"


class ClubRoleChange(models.Model):
    """A role granted or removed at a club: the record an administrator's page keeps."""

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="role_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    role = models.CharField(max_length=24, choices=Role.choices)
    granted = models.BooleanField(help_text=gettext_lazy("Granted, or else removed."))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "-at", "-id"]

    def __str__(self) -> str:
        return f"{self.user} {'+' if self.granted else '-'}{self.role} @ {self.club}"
