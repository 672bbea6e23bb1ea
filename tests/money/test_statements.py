"""A member's statement: brought forward, each charge and payment, carried forward, for any period.

The treasurer reads any member's of his club and enters payments on it; the member reads
his own, signed in, and no one else's.
"""

from __future__ import annotations

import csv
import datetime
import io
import uuid
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.core.models import Club, ClubRole, Player, Role
from tournaments.members.models import MemberAccount
from tournaments.money.models import AccountKind, Cause, Posting
from tournaments.money.selectors.ledger import player_balance
from tournaments.money.selectors.statements import member_statement
from tournaments.money.services.ledger import Transfer, club_account, player_account, post
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db

OCT, NOV, DEC = datetime.date(2026, 10, 6), datetime.date(2026, 11, 3), datetime.date(2026, 12, 1)


def _charge(club: Club, player: Player, amount: str, on: datetime.date) -> None:
    post(
        club=club,
        transfers=[
            Transfer(
                player_account(club, player), club_account(club, AccountKind.TABLE_MONEY), Decimal(amount)
            )
        ],
        cause=Cause.SESSION,
        on=on,
        memo="Club night",
    )


def _paid(club: Club, player: Player, amount: str, on: datetime.date) -> None:
    post(
        club=club,
        transfers=[
            Transfer(club_account(club, AccountKind.CASH), player_account(club, player), Decimal(amount))
        ],
        cause=Cause.DESK_PAYMENT,
        on=on,
    )


@pytest.fixture
def ann(club: Club) -> Player:
    """Ann: 5.00 in October, 5.00 and 10.00 paid in November, 5.00 in December."""
    ann = Player.objects.create(name="Ann North")
    ClubMember.objects.create(club=club, player=ann, email="ann@example.org")
    _charge(club, ann, "5.00", OCT)
    _charge(club, ann, "5.00", NOV)
    _paid(club, ann, "10.00", NOV)
    _charge(club, ann, "5.00", DEC)
    return ann


def test_a_period_brings_forward_what_came_before_and_carries_forward_its_end(club, ann):
    statement = member_statement(club, ann, since=NOV, until=datetime.date(2026, 11, 30))
    assert statement.brought_forward == Decimal("-5.00")
    assert [(line.charge, line.payment, line.balance) for line in statement.lines] == [
        (Decimal("5.00"), None, Decimal("-10.00")),
        (None, Decimal("10.00"), Decimal("0.00")),
    ]
    assert statement.carried_forward == Decimal("0.00")
    whole = member_statement(club, ann, until=DEC)
    assert (whole.brought_forward, whole.carried_forward) == (Decimal("0.00"), player_balance(club, ann))


@pytest.fixture
def treasurer_client(club, django_user_model) -> Client:
    user = django_user_model.objects.create_user(username="treasurer", password="treasurer-pw-123")
    ClubRole.objects.create(club=club, user=user, role=Role.TREASURER)
    client = Client()
    client.force_login(user)
    return client


def test_the_treasurers_page_csv_and_xlsx_agree(club, ann, treasurer_client):
    query = "?since=2026-11-01&until=2026-11-30"
    page = treasurer_client.get(reverse("director:money_account", args=[club.slug, ann.pk]) + query)
    assert page.status_code == 200
    body = page.content.decode()
    assert 'id="brought-forward">-5.00<' in body and 'id="carried-forward">0.00<' in body
    data = treasurer_client.get(
        reverse("director:money_account_download", args=[club.slug, ann.pk, "csv"]) + query
    ).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(data)))
    assert rows[0] == ["Date", "What", "Charge", "Payment", "Balance"]
    assert rows[1][1:] == ["Balance brought forward", "", "", "-5.00"]
    assert rows[-1][1:] == ["Balance carried forward", "5.00", "10.00", "0.00"]
    book = load_workbook(
        io.BytesIO(
            treasurer_client.get(
                reverse("director:money_account_download", args=[club.slug, ann.pk, "xlsx"]) + query
            ).content
        )
    )
    sheet = book.active
    assert sheet is not None
    assert sheet.cell(row=sheet.max_row, column=5).value == 0.0
    assert sheet.cell(row=2, column=5).value == -5.0


def test_a_period_that_ends_before_it_starts_is_refused_on_the_page(club, ann, treasurer_client):
    page = treasurer_client.get(
        reverse("director:money_account", args=[club.slug, ann.pk]) + "?since=2026-12-01&until=2026-11-01"
    )
    assert page.status_code == 400
    assert "The period ends before it starts." in page.content.decode()


def test_a_payment_entered_twice_from_one_form_is_booked_once(club, ann, treasurer_client):
    url = reverse("director:money_account", args=[club.slug, ann.pk])
    form = {"amount": "5.00", "method": "card", "on": "2026-12-01", "memo": "", "token": uuid.uuid4().hex}
    assert treasurer_client.post(url, form).status_code == 302
    assert treasurer_client.post(url, form).status_code == 302
    assert player_balance(club, ann) == Decimal("0.00")
    assert (
        Posting.objects.filter(club=club, cause=Cause.DESK_PAYMENT).count() == 2
    )  # November's, and this one


@pytest.mark.parametrize(
    "amount", ["-5", "0", "5000000", "1.234"], ids=["negative", "zero", "absurd", "places"]
)
def test_a_bad_payment_is_refused_naming_the_amount(club, ann, treasurer_client, amount):
    url = reverse("director:money_account", args=[club.slug, ann.pk])
    form = {"amount": amount, "method": "cash", "on": "2026-12-01", "token": uuid.uuid4().hex}
    response = treasurer_client.post(url, form)
    assert response.status_code == 400
    assert 'id="id_amount"' in response.content.decode()
    assert player_balance(club, ann) == Decimal("-5.00")


def test_another_clubs_player_has_no_account_page(club, treasurer_client):
    stranger = Player.objects.create(name="Not A Member")
    assert (
        treasurer_client.get(reverse("director:money_account", args=[club.slug, stranger.pk])).status_code
        == 404
    )


def _member_client(email: str) -> Client:
    user = get_user_model().objects.create_user(username=email, password=None)
    MemberAccount.objects.create(user=user, email=email)
    client = Client()
    client.force_login(user)
    return client


def test_a_member_reads_his_own_statement_and_no_one_elses(club, ann):
    bob = Player.objects.create(name="Bob South")
    ClubMember.objects.create(club=club, player=bob, email="bob@example.org")
    _charge(club, bob, "8.00", NOV)
    client = _member_client("ann@example.org")
    page = client.get(reverse("my_statement", args=[ann.pk, club.slug]) + "?until=2026-12-31")
    assert page.status_code == 200
    assert 'id="carried-forward">-5.00<' in page.content.decode()
    assert client.get(reverse("my_statement_download", args=[ann.pk, club.slug, "csv"])).status_code == 200
    assert client.get(reverse("my_statement", args=[bob.pk, club.slug])).status_code == 404
    assert client.get(reverse("my_statement_download", args=[bob.pk, club.slug, "xlsx"])).status_code == 404
    other = Club.objects.create(name="Other", slug="other")
    assert client.get(reverse("my_statement", args=[ann.pk, other.slug])).status_code == 404
    assert client.get(reverse("my_statement_download", args=[ann.pk, club.slug, "pdf"])).status_code == 404
    assert Client().get(reverse("my_statement", args=[ann.pk, club.slug])).status_code == 302


def test_a_payment_entered_by_mistake_is_reversed_from_the_account_page_once(club, ann, treasurer_client):
    url = reverse("director:money_account", args=[club.slug, ann.pk])
    form = {"amount": "50,00", "method": "cash", "on": "2026-11-20", "memo": "", "token": uuid.uuid4().hex}
    assert treasurer_client.post(url, form).status_code == 302
    assert player_balance(club, ann) == Decimal("45.00")  # 50.00 typed for 5.00
    wrong = Posting.objects.get(key=f"payment:{form['token']}")
    page = treasurer_client.get(url).content.decode()
    assert f'name="posting" value="{wrong.pk}"' in page
    # November's payment, made before this page took payments, has no button: only a page payment does.
    assert page.count('value="reverse"') == 1

    for _twice in range(2):  # a double click reverses once; the second is refused in words
        response = treasurer_client.post(url, {"action": "reverse", "posting": wrong.pk}, follow=True)
    assert "can be reversed here" in response.content.decode()
    assert player_balance(club, ann) == Decimal("-5.00")
    reversal = Posting.objects.get(reverses=wrong)
    assert reversal.by_name == "treasurer" and reversal.on == wrong.on
    assert 'value="reverse"' not in treasurer_client.get(url).content.decode()


def test_a_payment_is_reversed_only_on_its_own_members_page(club, ann, treasurer_client):
    bob = Player.objects.create(name="Bob South")
    ClubMember.objects.create(club=club, player=bob)
    url = reverse("director:money_account", args=[club.slug, ann.pk])
    form = {"amount": "5", "method": "card", "on": "2026-11-20", "memo": "", "token": uuid.uuid4().hex}
    treasurer_client.post(url, form)
    payment = Posting.objects.get(key=f"payment:{form['token']}")
    for posting in (payment.pk, "x", "99999999999999999999"):
        bob_url = reverse("director:money_account", args=[club.slug, bob.pk])
        assert treasurer_client.post(bob_url, {"action": "reverse", "posting": posting}).status_code == 302
    assert not Posting.objects.filter(reverses=payment).exists()
    assert player_balance(club, ann) == Decimal("0.00")
