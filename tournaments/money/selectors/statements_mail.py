"""Who is emailed his statement: the club's members with an address whose balance is below the threshold."""

from __future__ import annotations

from decimal import Decimal

from tournaments.core.models import Club
from tournaments.money.models import Account, AccountKind
from tournaments.money.selectors.ledger import ZERO, balances
from tournaments.season.models import ClubMember


def members_below(club: Club, threshold: Decimal) -> list[tuple[ClubMember, Decimal]]:
    """Each member of the club with an email and a balance below ``threshold``, with that balance, by name."""
    by_account = balances(club)
    by_player = {
        account.player_id: by_account.get(account.pk, ZERO)
        for account in Account.objects.filter(club=club, kind=AccountKind.PLAYER)
    }
    members = (
        ClubMember.objects.filter(club=club, player__erased_at__isnull=True)
        .exclude(email="")
        .select_related("player")
        .order_by("player__name", "player_id")
    )
    return [
        (member, by_player[member.player_id])
        for member in members
        if member.player_id in by_player and by_player[member.player_id] < threshold
    ]
