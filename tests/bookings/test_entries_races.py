"""Entries racing: two payments of one entry at once charge it once; two entries for the last
place at once, one takes it and the other waits (issue 51).

Needs PostgreSQL, where the two really run side by side; they are released together at a
barrier, and whichever reaches the row lock second (the entry's, or the event's) waits for
the first's commit, then finds the entry paid, or the event full. The outcome is read from
the database, never from timing.
"""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from tests.bookings.entries_world import EARLY, at, championship, club_members
from tournaments.bookings.models import Entry, EntryPayment
from tournaments.bookings.services.entries import Named, entry_make
from tournaments.bookings.services.entry_payments import entry_pay_from_account
from tournaments.money.models import Posting
from tournaments.money.selectors.ledger import player_balance

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the race needs PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]


def test_two_payments_of_one_entry_at_once_charge_it_once(club, monkeypatch):
    members = club_members(club)
    event = championship(club)
    at(monkeypatch, EARLY)
    entry = entry_make(event=event, players=[Named(name="Ann Able"), Named(name="Bob Baker")])
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def pay(name: str) -> None:
        try:
            barrier.wait(timeout=10)
            entry_pay_from_account(entry=entry, payer=members[name])
            outcomes.append("paid")
        except ValidationError as error:
            outcomes.append(" ".join(error.messages))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=pay, args=(name,)) for name in ("Ann Able", "Bob Baker")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcomes) == ["This entry is already paid.", "paid"]
    assert EntryPayment.objects.filter(entry=entry).count() == 1
    assert Posting.objects.filter(club=club).count() == 1
    paid = EntryPayment.objects.get(entry=entry).payer
    assert player_balance(club, paid) == Decimal("-30.00")


def test_two_entries_for_the_last_place_at_once_one_takes_it_and_the_other_waits(club, monkeypatch):
    club_members(club)
    event = championship(club, limit=2)
    at(monkeypatch, EARLY)
    entry_make(event=event, players=[Named(name="Ann Able"), Named(name="Bob Baker")])
    barrier = threading.Barrier(2)
    errors: list[str] = []

    def enter(first: str, second: str) -> None:
        try:
            barrier.wait(timeout=10)
            entry_make(event=event, players=[Named(name=first), Named(name=second)])
        except ValidationError as error:
            errors.append(" ".join(error.messages))
        finally:
            connections.close_all()

    pairs = [("Cat Cole", "Dan Dale"), ("Eve East", "Fay Fox")]
    threads = [threading.Thread(target=enter, args=pair) for pair in pairs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    entries = Entry.objects.filter(event=event)
    assert entries.count() == 3
    assert sorted(entries.values_list("waiting", flat=True)) == [False, False, True]
    assert sorted(entries.values_list("number", flat=True)) == [1, 2, 3]
