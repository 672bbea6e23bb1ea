"""A merge or an erasure of a player (the season's) carries to his opt-outs and emails sent."""

from __future__ import annotations

from tournaments.core.models import Player
from tournaments.mail.models import MailOptOut, ResultMail


def mail_follow_merge(keep: Player, duplicate: Player) -> None:
    """The duplicate's opt-outs and emails become the kept player's: one who asked for none stays so."""
    kept_clubs = set(MailOptOut.objects.filter(player=keep).values_list("club_id", flat=True))
    MailOptOut.objects.filter(player=duplicate, club_id__in=kept_clubs).delete()
    MailOptOut.objects.filter(player=duplicate).update(player=keep)
    ResultMail.objects.filter(player=duplicate).update(player=keep)


def mail_follow_erasure(player: Player) -> None:
    """Forget the addresses his results went to, as his memberships are; the record of each send stays."""
    ResultMail.objects.filter(player=player).update(email="", error="")  # a refusal names the address
