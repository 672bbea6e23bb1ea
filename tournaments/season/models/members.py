"""A club's member list: which players are its members, and how to reach them."""

from __future__ import annotations

from django.db import models

from tournaments.core.models.clubs import Club, Player


class ClubMember(models.Model):
    """A player on a club's member list, with the email the club keeps for him (may be blank).

    Players are shared by clubs (one may play at two); membership and the email belong
    to the club, which is why they are not on ``Player``.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    email = models.EmailField(blank=True, default="")
    holdings = models.DecimalField(
        max_digits=9,
        decimal_places=2,
        null=True,
        blank=True,
        help_text="Master points the member holds, as the member list last gave them (strata).",
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "player__name", "player_id"]
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="club_member_once")]

    def __str__(self) -> str:
        return f"{self.player} at {self.club}"
