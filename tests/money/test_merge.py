"""Two players merged: the duplicate's fees and account follow the kept one, and the books balance."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.core.models import Player
from tournaments.money.models import Account, AccountKind, Cause
from tournaments.money.selectors.ledger import balances, player_balance
from tournaments.money.services.ledger import Transfer, club_account, player_account, post
from tournaments.season.services.players import player_merge

pytestmark = pytest.mark.django_db


def _charge(club, player, amount: str) -> None:
    post(
        club=club,
        transfers=[
            Transfer(
                player_account(club, player), club_account(club, AccountKind.TABLE_MONEY), Decimal(amount)
            )
        ],
        cause=Cause.MANUAL,
    )


@pytest.mark.parametrize("kept_has_an_account", [False, True], ids=["kept-without", "kept-with"])
def test_a_merged_duplicates_balance_follows_the_kept_player(club, director, kept_has_an_account):
    keep, duplicate = Player.objects.create(name="Ann Smith"), Player.objects.create(name="Anne Smith")
    _charge(club, duplicate, "8.00")
    if kept_has_an_account:
        _charge(club, keep, "5.00")
    player_merge(keep=keep, duplicate=duplicate, user=director)
    assert player_balance(club, keep) == (Decimal("-13.00") if kept_has_an_account else Decimal("-8.00"))
    assert Account.objects.filter(club=club, kind=AccountKind.PLAYER, player=keep).count() == 1
    assert sum(balances(club).values()) == 0
