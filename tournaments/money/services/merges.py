"""A duplicate player merged into the kept one: his fees, extras, account and whom he pays for follow."""

from __future__ import annotations

from tournaments.core.models import Player
from tournaments.money.models import Account, AccountKind, Cause, DeskExtra, Membership, TableFee
from tournaments.money.selectors.ledger import account_balance
from tournaments.money.services.ledger import Transfer, post


def accounts_follow_merge(keep: Player, duplicate: Player) -> None:
    """Move the duplicate's fees and extras to the kept player, and his account at each club.

    Called in the merge's transaction (``season.hooks.player_merged``), before the duplicate
    is deleted. Where the kept player has an account at the club already, the duplicate's
    balance is posted across to it and the emptied account names no player any more
    (``AccountKind.MERGED``): the books keep every line, and the player's one account.
    """
    TableFee.objects.filter(player=duplicate).update(player=keep)  # never in one session: checked
    TableFee.objects.filter(payer=duplicate).update(payer=keep)
    DeskExtra.objects.filter(player=duplicate).update(player=keep)
    Membership.objects.filter(payer=duplicate).update(payer=keep)
    Membership.objects.filter(payer=keep, member__player=keep).update(payer=None)  # paying for himself
    for account in Account.objects.filter(kind=AccountKind.PLAYER, player=duplicate).select_related("club"):
        kept = Account.objects.filter(club=account.club, kind=AccountKind.PLAYER, player=keep).first()
        if kept is None:
            account.player = keep
            account.save(update_fields=["player"])
            continue
        balance = account_balance(account)
        if balance:
            transfer = Transfer(account, kept, balance) if balance > 0 else Transfer(kept, account, -balance)
            post(
                club=account.club,
                transfers=[transfer],
                cause=Cause.MANUAL,
                memo=f"{duplicate.name} -> {keep.name}",
                key=f"merge:{account.pk}",
            )
        account.kind, account.player = AccountKind.MERGED, None
        account.save(update_fields=["kind", "player"])
