"""Issue 49's Done-when, its bank part, through the pages: after the night, the bank pays.

The night is tests/money/test_done_when.py's (X at -13.00, the junior at -3.00 after his
fee's correction). Then a bank CSV pays X 20.00 (by his reference) and the junior 3.00 (by
his name), with one line for nobody: X stands at +7.00, the junior at 0.00, the stranger's
line is listed for the treasurer, the same file imported again books nothing, and the
trial balance sums to zero.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.money import test_done_when as night
from tournaments.money.models import BankEntry, EntryState, Posting
from tournaments.money.selectors.bank import payment_reference
from tournaments.money.selectors.ledger import balances, player_balance
from tournaments.money.selectors.reports import trial_balance_difference

pytestmark = pytest.mark.django_db


def _the_night(client, club) -> None:
    """The night as the issue runs it, up to the junior's fee corrected to 3.00."""
    night._club_sets_its_fees_and_memberships(client, club)
    session = night._howell(club)
    desk = reverse("director:money_desk", args=[session.pk])
    x, visitor, junior = night._player("Member 1"), night._player("Visitor"), night._player("Junior")
    night._ok(
        client.post(
            desk,
            {"action": "fee", "player": visitor.pk, "amount": "8.00", "payer": x.pk, "method": "account"},
        )
    )
    night._state(client, session, "finish")
    night._state(client, session, "reopen")
    night._state(client, session, "finish")
    night._ok(
        client.post(
            desk, {"action": "fee", "player": junior.pk, "amount": "3.00", "payer": "", "method": "account"}
        )
    )


def _import(client, club, data: bytes):
    response = client.post(
        reverse("director:money_bank", args=[club.slug]), {"file": SimpleUploadedFile("bank.csv", data)}
    )
    night._ok(response)
    preview = client.get(response["Location"])
    night._ok(preview, 200)
    night._ok(client.post(response["Location"]))
    return preview.content.decode()


def test_the_bank_pays_x_and_the_junior_and_lists_the_stranger_once(director_client, club):
    client = director_client
    _the_night(client, club)
    x, junior = night._player("Member 1"), night._player("Junior")
    assert player_balance(club, x) == Decimal("-13.00")
    assert player_balance(club, junior) == Decimal("-3.00")

    statement = (
        "Date;Name;Reference;Amount\r\n"
        f"24/11/2026;X PAYS;{payment_reference(x)} table money;20,00\r\n"
        "24/11/2026;Junior;November;3,00\r\n"
        "25/11/2026;A. Stranger;Gift;12,50\r\n"
    ).encode("cp1252")
    preview = _import(client, club, statement)
    assert "Member 1" in preview and "A. Stranger" in preview

    assert player_balance(club, x) == Decimal("7.00")
    assert player_balance(club, junior) == Decimal("0.00")
    page = client.get(reverse("director:money_bank", args=[club.slug])).content.decode()
    assert "A. Stranger" in page
    stranger = BankEntry.objects.get(club=club, state=EntryState.UNMATCHED)
    assert (stranger.line, stranger.amount) == (4, Decimal("12.50"))

    postings = Posting.objects.filter(club=club).count()
    _import(client, club, statement)
    assert Posting.objects.filter(club=club).count() == postings
    assert (player_balance(club, x), player_balance(club, junior)) == (Decimal("7.00"), Decimal("0.00"))
    assert BankEntry.objects.filter(club=club).count() == 3

    assert trial_balance_difference(club) == 0
    assert sum(balances(club).values()) == 0
    trial = client.get(reverse("director:money_report", args=[club.slug, "trial-balance"])).content.decode()
    assert "(difference 0.00)" in trial
