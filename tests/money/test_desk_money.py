"""The desk's money as it comes in: the cash to count is the cash marked taken, and an extra
charged by mistake is undone (its charge and its payment reversed), once."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tournaments.core.models import Player
from tournaments.money.models import AccountKind, DeskExtra, FeeRate, Posting, TableFee
from tournaments.money.selectors.ledger import account_balance, player_balance
from tournaments.money.selectors.reports import ious, takings
from tournaments.money.services.fees import rate_add, schedule_save
from tournaments.money.services.ledger import club_account
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db


def test_the_cash_to_count_is_the_cash_marked_taken(director_client, night):
    ann = Player.objects.get(name="Ann North")
    desk = reverse("director:money_desk", args=[night.pk])
    director_client.post(
        desk, {"action": "fee", "player": ann.pk, "amount": "8", "payer": "", "method": "cash"}
    )
    page = director_client.get(desk).content.decode()
    assert "Cash to count: 0.00" in page and "Cash not marked as taken yet: 8.00" in page
    fee_id = page.split('name="fee" value="')[1].split('"')[0]
    director_client.post(desk, {"action": "receive", "fee": fee_id})
    page = director_client.get(desk).content.decode()
    assert "Cash to count: 8.00" in page and 'id="cash-to-take"' not in page


def test_an_extra_charged_by_mistake_is_undone_once(director_client, night, club):
    bob = Player.objects.get(name="Bob North")
    desk = reverse("director:money_desk", args=[night.pk])
    for what, method in (("Coffee", "cash"), ("Book", "iou")):
        extra = {"action": "extra", "player": bob.pk, "what": what, "amount": "12,50", "method": method}
        assert director_client.post(desk, extra).status_code == 302
    assert player_balance(club, bob) == Decimal("-12.50")  # the coffee paid at once, the book owed
    assert [row[3] for row in ious(club).rows] == ["Book"]
    coffee, book = DeskExtra.objects.order_by("pk")

    for _twice in range(2):  # a double click undoes once
        assert director_client.post(desk, {"action": "extra_undo", "extra": coffee.pk}).status_code == 302
    director_client.post(desk, {"action": "extra_undo", "extra": book.pk})

    assert player_balance(club, bob) == Decimal("0.00")
    assert account_balance(club_account(club, AccountKind.EXTRAS)) == Decimal("0.00")
    assert account_balance(club_account(club, AccountKind.CASH)) == Decimal("0.00")
    assert (
        Posting.objects.filter(reverses__isnull=False).count() == 3
    )  # coffee's charge and payment, the book's
    assert ious(club).rows == [] and takings(club).rows == []
    page = director_client.get(desk).content.decode()
    assert 'id="desk-extras"' not in page and "Cash to count: 0.00" in page


def test_an_extra_of_another_session_is_not_undone_here(director_client, night, club, mitchell_session):
    bob = Player.objects.get(name="Bob North")
    desk = reverse("director:money_desk", args=[night.pk])
    director_client.post(
        desk, {"action": "extra", "player": bob.pk, "what": "Coffee", "amount": "1.50", "method": "account"}
    )
    extra = DeskExtra.objects.get()
    other = night.__class__.objects.create(club=club, date=night.date, name="Afternoon")
    response = director_client.post(
        reverse("director:money_desk", args=[other.pk]), {"action": "extra_undo", "extra": extra.pk}
    )
    assert response.status_code == 404
    assert player_balance(club, bob) == Decimal("-1.50")


def test_an_iou_paid_at_the_desk_later_leaves_the_ious(director_client, night, club):
    ann = Player.objects.get(name="Ann North")
    desk = reverse("director:money_desk", args=[night.pk])
    fee = {"action": "fee", "player": ann.pk, "amount": "8.00", "payer": "", "method": "iou"}
    director_client.post(desk, fee)
    session_finish(session=night)
    assert player_balance(club, ann) == Decimal("-8.00")
    assert [(row[2], row[5]) for row in ious(club).rows] == [("Ann North", Decimal("-8.00"))]

    # A week later he pays: the night's fee set to cash (no new charge) and marked taken.
    charges = Posting.objects.count()
    assert director_client.post(desk, fee | {"method": "cash"}).status_code == 302
    assert Posting.objects.count() == charges
    page = director_client.get(desk).content.decode()
    fee_id = page.split('name="fee" value="')[1].split('"')[0]
    director_client.post(desk, {"action": "receive", "fee": fee_id})
    assert player_balance(club, ann) == Decimal("0.00")
    assert ious(club).rows == []


def test_a_rate_the_club_added_is_chosen_at_the_desk(director_client, night, club, fees):
    student = rate_add(schedule=fees, name="Student", amount="3,00")
    ann = Player.objects.get(name="Ann North")
    desk = reverse("director:money_desk", args=[night.pk])
    page = director_client.get(desk).content.decode()
    assert f'<option value="{student.pk}">Student (3.00)</option>' in page
    posted = {
        "action": "fee",
        "player": ann.pk,
        "amount": "8.00",
        "rate": student.pk,
        "payer": "",
        "method": "account",
    }
    assert director_client.post(desk, posted).status_code == 302
    fee = TableFee.objects.get(session=night, player=ann)
    assert (fee.amount, fee.rate_name) == (Decimal("3.00"), "Student")
    session_finish(session=night)
    assert player_balance(club, ann) == Decimal("-3.00")

    # A rate of another kind of session is none of tonight's: refused, the fee as it was.
    teams = schedule_save(club=club, name="Teams", default=False, member="6", visitor="9")
    other = FeeRate.objects.get(schedule=teams, standard="visitor")
    refused = director_client.post(desk, posted | {"rate": other.pk})
    assert refused.status_code == 400 and "Rate:" in refused.content.decode()
    assert TableFee.objects.get(session=night, player=ann).amount == Decimal("3.00")
