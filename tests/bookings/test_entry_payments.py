"""An entry's fee charged to the member's account through the ledger, once; a cancellation refunded."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.bookings.entries_world import AFTER_CUT_OFF, EARLY, LATE, at, championship, club_members
from tournaments.bookings.models import EntryPayment
from tournaments.bookings.services.entries import Named, entry_cancel, entry_make
from tournaments.bookings.services.entry_payments import entry_pay_at_desk, entry_pay_from_account
from tournaments.money.models import Posting
from tournaments.money.selectors.ledger import player_balance

pytestmark = pytest.mark.django_db


def _entry(club, monkeypatch, moment=EARLY, second="Bob Baker"):
    members = club_members(club)
    event = championship(club)
    at(monkeypatch, moment)
    entry = entry_make(event=event, players=[Named(name="Ann Able"), Named(name=second)])
    return members, entry


def test_paid_from_the_account_the_early_bird_fee_is_charged_once(club, monkeypatch):
    members, entry = _entry(club, monkeypatch)
    ann = members["Ann Able"]
    entry_pay_from_account(entry=entry, payer=ann)
    assert player_balance(club, ann) == Decimal("-30.00")  # two members, early: 15 each
    with pytest.raises(ValidationError) as twice:
        entry_pay_from_account(entry=entry, payer=ann)  # a second click
    assert "already paid" in twice.value.message_dict["entry"][0]
    with pytest.raises(ValidationError):
        entry_pay_at_desk(entry=entry)
    assert player_balance(club, ann) == Decimal("-30.00")
    assert Posting.objects.filter(club=club).count() == 1


def test_cancelled_before_the_cut_off_the_fee_goes_back_to_the_account(club, monkeypatch):
    members, entry = _entry(club, monkeypatch)
    ann = members["Ann Able"]
    entry_pay_from_account(entry=entry, payer=ann)
    at(monkeypatch, LATE)
    entry_cancel(entry=entry)
    entry_cancel(entry=entry)
    assert player_balance(club, ann) == Decimal("0.00")
    charge, refund = Posting.objects.filter(club=club).order_by("id")
    assert refund.reverses_id == charge.pk
    assert EntryPayment.objects.get(entry=entry).refunded_at is not None


def test_cancelled_after_the_cut_off_nothing_is_refunded(club, monkeypatch):
    members, entry = _entry(club, monkeypatch)
    entry_pay_from_account(entry=entry, payer=members["Ann Able"])
    at(monkeypatch, AFTER_CUT_OFF)
    entry_cancel(entry=entry)
    assert player_balance(club, members["Ann Able"]) == Decimal("-30.00")
    assert EntryPayment.objects.get(entry=entry).refunded_at is None


def test_paid_at_the_desk_a_refund_is_credited_to_the_entrants_account(club, monkeypatch):
    members, entry = _entry(club, monkeypatch, moment=LATE)
    entry_pay_at_desk(entry=entry)
    assert player_balance(club, members["Ann Able"]) == Decimal("0.00")
    entry_cancel(entry=entry)
    assert player_balance(club, members["Ann Able"]) == Decimal("40.00")


def test_a_visitor_has_no_account_to_pay_from_and_a_stranger_pays_nothing(club, monkeypatch):
    members, entry = _entry(club, monkeypatch, second="Vic Visitor")
    vic = entry.players.get(position=2).player
    with pytest.raises(ValidationError) as visitor:
        entry_pay_from_account(entry=entry, payer=vic)
    assert "pay at the desk" in visitor.value.message_dict["payer"][0]
    with pytest.raises(ValidationError) as stranger:
        entry_pay_from_account(entry=entry, payer=members["Cat Cole"])
    assert "payer" in stranger.value.message_dict
    assert not EntryPayment.objects.exists() and not Posting.objects.exists()
