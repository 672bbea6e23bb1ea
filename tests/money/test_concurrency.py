"""Two directors at once (PostgreSQL row locks): finishing, taking the money, renewing.

Each thread has its own connection; a barrier releases them together. The night's row is
locked first, so the second finish waits, finds the night finished and is refused; its
charges are never made twice, and none is lost.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from tournaments.core.models import Player
from tournaments.money.models import AccountKind, Posting, TableFee
from tournaments.money.selectors.ledger import account_balance
from tournaments.money.services.charges import fee_receive, fee_set
from tournaments.money.services.ledger import club_account
from tournaments.night.services.movement import session_finish

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]


def _race(jobs: list[Callable[[], object]]) -> list[object]:
    barrier = threading.Barrier(len(jobs))
    outcomes: list[object] = [None] * len(jobs)

    def run(index: int, job: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = job()
        except Exception as error:  # the outcome is what the test inspects
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index, job)) for index, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_two_directors_finishing_at_once_charge_every_fee_once(night, club):
    outcomes = _race([lambda: session_finish(session=night), lambda: session_finish(session=night)])
    refused = [outcome for outcome in outcomes if isinstance(outcome, ValidationError)]
    assert len(refused) == 1, outcomes
    assert Posting.objects.count() == TableFee.objects.count() == 12
    assert account_balance(club_account(club, AccountKind.TABLE_MONEY)) == Decimal("96.00")


@pytest.mark.django_db(transaction=True)
def test_the_money_taken_twice_at_once_is_booked_once(night, club):
    fee = fee_set(session=night, player=Player.objects.get(name="Ann North"), amount="8.00", method="cash")
    outcomes = _race([lambda: fee_receive(fee=fee), lambda: fee_receive(fee=fee)])
    assert all(isinstance(outcome, TableFee) for outcome in outcomes), outcomes
    assert Posting.objects.count() == 1
    assert account_balance(club_account(club, AccountKind.CASH)) == Decimal("-8.00")
