"""Two treasurers booking at once (PostgreSQL row locks): one statement uploaded twice, booked together.

Each thread has its own connection; a barrier releases them together. The club's row is
locked while a statement is booked, so the second waits, then finds every line's key held
and books nothing: no line twice, no collision on a key (never a 500).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from tests.money.test_concurrency import _race
from tournaments.core.models import Club, Player
from tournaments.money.models import BankEntry, BankImport, Posting
from tournaments.money.selectors.bank import payment_reference
from tournaments.money.selectors.ledger import player_balance
from tournaments.money.services.bank_import import bank_file_upload, bank_import_book
from tournaments.season.models import ClubMember

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]


@pytest.mark.django_db(transaction=True)
def test_one_statement_booked_twice_at_once_books_each_line_once(club: Club):
    ann = Player.objects.create(name="Ann North")
    ClubMember.objects.create(club=club, player=ann)
    data = (
        "Date;Name;Reference;Amount\r\n"
        f"24/11/2026;A NORTH;{payment_reference(ann)};20,00\r\n"
        "24/11/2026;Stranger;Gift;5,00\r\n"
    ).encode()
    first, second = (bank_file_upload(club=club, data=data, filename="bank.csv", by=None) for _ in range(2))
    outcomes = _race(
        [
            lambda: bank_import_book(bank_import=first, by=None),
            lambda: bank_import_book(bank_import=second, by=None),
        ]
    )
    assert all(isinstance(outcome, BankImport) for outcome in outcomes), outcomes
    assert sorted((o.booked, o.unmatched, o.repeated) for o in outcomes) == [(0, 0, 2), (1, 1, 0)]  # type: ignore[union-attr]
    assert BankEntry.objects.count() == 2
    assert Posting.objects.count() == 1
    assert player_balance(club, ann) == Decimal("20.00")
