"""A night's fees charged exactly once: finish twice, a double click, a worker killed mid-finish,
a fee changed after its charge, and money taken at the desk."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.core.models import Club, Player
from tournaments.money.models import AccountKind, Posting, TableFee
from tournaments.money.selectors.ledger import account_balance, player_balance
from tournaments.money.services import charges
from tournaments.money.services.charges import fee_payment_undo, fee_receive, fee_set
from tournaments.money.services.ledger import club_account
from tournaments.night.models import SessionState
from tournaments.night.services.movement import session_finish, session_reopen

pytestmark = pytest.mark.django_db

ANN = "Ann North"


def test_a_night_without_fees_books_nothing(mitchell_session):
    session_finish(session=mitchell_session)
    assert not Posting.objects.exists() and not TableFee.objects.exists()


def test_finishing_charges_every_player_once_and_finishing_again_is_refused(night, club):
    session_finish(session=night)
    assert account_balance(club_account(club, AccountKind.TABLE_MONEY)) == Decimal("96.00")  # 12 visitors
    count = Posting.objects.count()
    with pytest.raises(ValidationError):
        session_finish(session=night)  # the double click: the night is finished already
    session_reopen(session=night)
    session_finish(session=night)
    assert Posting.objects.count() == count == 12


def test_a_worker_killed_mid_finish_charges_nothing_and_the_next_finish_everything(night, club, monkeypatch):
    real = charges.post
    calls = []

    def dies_at_the_fifth(**kwargs):
        calls.append(kwargs)
        if len(calls) == 5:
            raise SystemExit("worker killed")
        return real(**kwargs)

    monkeypatch.setattr(charges, "post", dies_at_the_fifth)
    with pytest.raises(SystemExit):
        session_finish(session=night)
    night.refresh_from_db()
    assert night.state == SessionState.PLAY
    assert not Posting.objects.exists() and not TableFee.objects.exists()
    monkeypatch.setattr(charges, "post", real)
    session_finish(session=night)
    assert Posting.objects.count() == 12


def test_a_fee_changed_after_its_charge_is_one_reversal_and_one_charge(night, club):
    session_finish(session=night)
    ann = Player.objects.get(name=ANN)
    fee_set(session=night, player=ann, amount="6.50")
    fee_set(session=night, player=ann, amount="6.50")  # saved again: nothing more
    assert player_balance(club, ann) == Decimal("-6.50")
    assert Posting.objects.count() == 14
    assert Posting.objects.filter(reverses__isnull=False).count() == 1


def test_paid_by_another_charges_his_account(night, club):
    ann, bob = Player.objects.get(name=ANN), Player.objects.get(name="Bob North")
    fee_set(session=night, player=bob, amount="8.00", payer=ann)
    session_finish(session=night)
    assert player_balance(club, ann) == Decimal("-16.00")
    assert player_balance(club, bob) == 0


def test_a_fee_paid_in_cash_cannot_change_until_the_payment_is_undone(night, club):
    ann = Player.objects.get(name=ANN)
    fee = fee_set(session=night, player=ann, amount="8.00", method="cash")
    fee_receive(fee=fee)
    fee_receive(fee=fee)  # the double click
    assert account_balance(club_account(club, AccountKind.CASH)) == Decimal("-8.00")  # 8.00 held
    session_finish(session=night)
    assert player_balance(club, ann) == 0
    with pytest.raises(ValidationError) as refusal:
        fee_set(session=night, player=ann, amount="5.00", method="cash")
    assert "undo the payment" in str(refusal.value.message_dict["amount"])
    fee_payment_undo(fee=fee)
    fee_set(session=night, player=ann, amount="5.00", method="cash")
    assert player_balance(club, ann) == Decimal("-5.00")


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("-5", "from 0 to"),
        ("abc", "not an amount"),
        ("99999", "from 0 to"),
        ("1.234", "from 0 to"),
        ("", "required"),
    ],
    ids=["negative", "text", "absurd", "three-places", "blank"],
)
def test_a_bad_fee_at_the_desk_is_refused_naming_the_field(director_client, night, amount, words):
    ann = Player.objects.get(name=ANN)
    response = director_client.post(
        reverse("director:money_desk", args=[night.pk]),
        {"action": "fee", "player": ann.pk, "amount": amount, "payer": "", "method": "account"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Fee:" in page and words in page
    assert not TableFee.objects.exists()


def test_a_player_who_did_not_play_is_refused_at_the_desk(director_client, night):
    stranger = Player.objects.create(name="Stranger")
    response = director_client.post(
        reverse("director:money_desk", args=[night.pk]),
        {"action": "fee", "player": stranger.pk, "amount": "5", "payer": "", "method": "account"},
    )
    assert response.status_code == 400
    assert "did not play this session" in response.content.decode()


@pytest.mark.parametrize("role", ["treasurer", "director"])
def test_the_desk_opens_for_the_treasurer_and_the_director_of_the_club_only(
    client, night, role, django_user_model
):
    from tournaments.core.services.roles import role_grant

    other = Club.objects.create(name="Other", slug="other")
    user = django_user_model.objects.create_user(username=f"{role}-here")
    stranger = django_user_model.objects.create_user(username=f"{role}-elsewhere")
    role_grant(club=night.club, user=user, role=role, by=None)
    role_grant(club=other, user=stranger, role=role, by=None)
    client.force_login(user)
    assert client.get(reverse("director:money_desk", args=[night.pk])).status_code == 200
    client.force_login(stranger)
    assert client.get(reverse("director:money_desk", args=[night.pk])).status_code in (403, 404)
    response = client.post(reverse("director:money_fees", args=[night.club.slug]), {"action": "schedule"})
    assert response.status_code in (403, 404)


@pytest.mark.parametrize(
    ("field", "value"),
    [("member", "-5"), ("visitor", "5000"), ("junior", "2.555"), ("member", "five")],
    ids=["negative", "absurd", "three-places", "text"],
)
def test_a_bad_fee_schedule_is_refused_naming_its_field(director_client, club, field, value):
    data = {"action": "schedule", "name": "Club night", "member": "5", "visitor": "8", "junior": "2.5"}
    response = director_client.post(reverse("director:money_fees", args=[club.slug]), data | {field: value})
    assert response.status_code == 400
    assert list(response.context["schedule_form"].errors) == [field]
    from tournaments.money.models import FeeSchedule

    assert not FeeSchedule.objects.exists()
