"""Who an opt-out link names."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.core.models import Club, Player
from tournaments.mail.models import MailOptOut
from tournaments.mail.tokens import opt_out_read


@dataclass(frozen=True)
class OptOutLink:
    club: Club
    player: Player
    done: bool  # he opted out already


def opt_out_link(token: str) -> OptOutLink | None:
    """The club and member a link names; None for a link cut short, altered, or of a player since deleted."""
    found = opt_out_read(token)
    if found is None:
        return None
    club = Club.objects.filter(pk=found[0]).first()
    player = Player.objects.filter(pk=found[1]).first()
    if club is None or player is None:
        return None
    done = MailOptOut.objects.filter(club=club, player=player).exists()
    return OptOutLink(club, player, done)
