"""Amounts typed as a treasurer in any of the club's languages writes them: 12,50 and 1.234,50.

At the desk, on a member's account page and in a membership type the amount is read the
same way (``ledger.typed_amount``); what is no amount, or ambiguous, is refused beside
its field, and nothing is booked.
"""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.core.models import ClubRole, Player, Role
from tournaments.money.models import MembershipType, TableFee
from tournaments.money.selectors.ledger import player_balance
from tournaments.money.services.ledger import typed_amount
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db

ANN = "Ann North"


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("12.50", "12.50"),
        ("12,50", "12.50"),
        ("1.234,50", "1234.50"),
        ("1,234.50", "1234.50"),
        ("1 234,50", "1234.50"),
        ("8", "8"),
        ("-5", "-5"),
        ("1.234", "1.234"),  # a lone mark is the decimal mark: three places, refused by the caller
    ],
)
def test_an_amount_is_read_as_a_person_types_it(text, amount):
    assert typed_amount(text) == Decimal(amount)


@pytest.mark.parametrize("text", ["", "abc", "1.234.50", "12,50,00", "1e5", "NaN", "12.50 EUR"])
def test_what_is_no_amount_is_refused_naming_the_field(text):
    with pytest.raises(ValidationError) as refused:
        typed_amount(text, "fee")
    assert list(refused.value.message_dict) == ["fee"]


def test_the_desk_takes_a_fee_with_a_decimal_comma_and_refuses_1234_50(director_client, night):
    ann = Player.objects.get(name=ANN)
    desk = reverse("director:money_desk", args=[night.pk])
    posted = {"action": "fee", "player": ann.pk, "amount": "12,50", "payer": "", "method": "account"}
    assert director_client.post(desk, posted).status_code == 302
    assert TableFee.objects.get(session=night, player=ann).amount == Decimal("12.50")
    refused = director_client.post(desk, posted | {"amount": "1.234,50"})
    assert refused.status_code == 400
    assert "Ann North: Fee: A fee is an amount from 0 to 1000" in refused.content.decode()
    assert TableFee.objects.get(session=night, player=ann).amount == Decimal("12.50")


def test_a_payment_of_1234_50_and_of_12_50_on_the_account_page(client, club, django_user_model):
    treasurer = django_user_model.objects.create_user(username="treasurer", password="treasurer-pw-123")
    ClubRole.objects.create(club=club, user=treasurer, role=Role.TREASURER)
    client.force_login(treasurer)
    ann = Player.objects.create(name=ANN)
    ClubMember.objects.create(club=club, player=ann)
    url = reverse("director:money_account", args=[club.slug, ann.pk])
    for typed in ("1.234,50", "12,50"):
        form = {"amount": typed, "method": "bank", "on": "2026-12-01", "memo": "", "token": uuid.uuid4().hex}
        assert client.post(url, form).status_code == 302
    assert player_balance(club, ann) == Decimal("1247.00")
    refused = client.post(url, form | {"amount": "1.234.50", "token": uuid.uuid4().hex})
    assert refused.status_code == 400 and "1.234.50 is not an amount." in refused.content.decode()
    assert player_balance(club, ann) == Decimal("1247.00")


def test_a_membership_types_fee_with_a_decimal_comma(director_client, club):
    response = director_client.post(
        reverse("director:money_memberships", args=[club.slug]),
        {
            "name": "Full",
            "annual_fee": "45,50",
            "year_start_month": "4",
            "year_start_day": "1",
            "grace_days": "31",
        },
    )
    assert response.status_code == 302
    assert MembershipType.objects.get(club=club, name="Full").annual_fee == Decimal("45.50")
