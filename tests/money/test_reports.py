"""The treasurer's reports: takings by method, income by month, balances, IOUs, the trial balance."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.core.models import ClubRole, Player, Role
from tournaments.money.models import AccountKind, Cause, DeskExtra, PayMethod, TableFee
from tournaments.money.selectors.reports import REPORTS, income, ious, member_balances, takings, trial
from tournaments.money.services.ledger import Transfer, club_account, player_account, post, post_reversal

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, mitchell_session):
    """Four fees taken four ways, an IOU extra, and the books: two charges, a subscription, a reversal."""
    names = ["Ann", "Bob", "Cat", "Dan"]
    players = {name: Player.objects.create(name=name) for name in names}
    for name, method in zip(
        names, [PayMethod.ACCOUNT, PayMethod.CASH, PayMethod.CARD, PayMethod.IOU], strict=True
    ):
        TableFee.objects.create(
            session=mitchell_session, player=players[name], amount=Decimal("5.00"), method=method
        )
    DeskExtra.objects.create(
        session=mitchell_session,
        player=players["Dan"],
        what="Coffee",
        amount=Decimal("1.50"),
        method=PayMethod.IOU,
    )
    table = club_account(club, AccountKind.TABLE_MONEY)
    subs = club_account(club, AccountKind.SUBSCRIPTIONS)
    on = datetime.date(2026, 10, 6)
    post(
        club=club,
        transfers=[Transfer(player_account(club, players["Ann"]), table, Decimal("5.00"))],
        cause=Cause.SESSION,
        on=on,
    )
    wrong = post(
        club=club,
        transfers=[Transfer(player_account(club, players["Bob"]), table, Decimal("8.00"))],
        cause=Cause.SESSION,
        on=on,
    )
    post_reversal(posting=wrong, on=datetime.date(2026, 11, 3))
    post(
        club=club,
        transfers=[Transfer(player_account(club, players["Cat"]), subs, Decimal("40.00"))],
        cause=Cause.SUBSCRIPTION,
        on=datetime.date(2026, 11, 3),
    )
    post(
        club=club,
        transfers=[
            Transfer(
                club_account(club, AccountKind.BANK), player_account(club, players["Cat"]), Decimal("50.00")
            )
        ],
        cause=Cause.BANK_LINE,
        on=datetime.date(2026, 11, 4),
    )
    return mitchell_session


def test_takings_per_session_by_payment_method(club, night):
    report = takings(club)
    header = list(report.header)
    (row,) = report.rows
    by = dict(zip(header, row, strict=True))
    assert (by["Account"], by["Cash"], by["Card"], by["Bank transfer"], by["IOU"]) == (
        Decimal("5.00"), Decimal("5.00"), Decimal("5.00"), Decimal("0.00"), Decimal("6.50"),
    )  # fmt: skip
    assert by["Total"] == Decimal("21.50")


def test_income_by_kind_and_month_nets_a_reversal(club, night):
    rows = {row[0]: row[1:] for row in income(club).rows}
    assert rows["2026-10"] == [Decimal("13.00"), Decimal("0.00"), Decimal("0.00"), Decimal("13.00")]
    assert rows["2026-11"] == [Decimal("-8.00"), Decimal("40.00"), Decimal("0.00"), Decimal("32.00")]


def test_every_members_balance_and_the_ious(club, night):
    balances = {row[0]: row[2] for row in member_balances(club).rows}
    assert balances == {"Ann": Decimal("-5.00"), "Bob": Decimal("0.00"), "Cat": Decimal("10.00")}
    assert sorted((row[2], row[3], row[4]) for row in ious(club).rows) == [
        ("Dan", "Coffee", Decimal("1.50")),
        ("Dan", "Table money", Decimal("5.00")),
    ]


def test_the_trial_balance_sums_to_zero(club, night):
    report = trial(club)
    debits = sum(row[2] for row in report.rows)
    credits = sum(row[3] for row in report.rows)
    assert debits == credits == Decimal("55.00")
    assert report.totals[0] == "Total (difference 0.00)"


@pytest.fixture
def treasurer_client(club, django_user_model) -> Client:
    user = django_user_model.objects.create_user(username="treasurer", password="treasurer-pw-123")
    ClubRole.objects.create(club=club, user=user, role=Role.TREASURER)
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_each_report_is_a_page_a_csv_and_an_xlsx(club, night, treasurer_client, name):
    page = treasurer_client.get(reverse("director:money_report", args=[club.slug, name]))
    assert page.status_code == 200
    assert f'id="report-{name}"' in page.content.decode()
    data = treasurer_client.get(reverse("director:money_report_download", args=[club.slug, name, "csv"]))
    rows = list(csv.reader(io.StringIO(data.content.decode("utf-8-sig"))))
    assert len(rows) >= 2
    book = load_workbook(
        io.BytesIO(
            treasurer_client.get(
                reverse("director:money_report_download", args=[club.slug, name, "xlsx"])
            ).content
        )
    )
    assert book.active is not None and book.active.max_row == len(rows)


def test_a_report_that_is_none_is_a_404(club, treasurer_client):
    assert (
        treasurer_client.get(reverse("director:money_report", args=[club.slug, "salaries"])).status_code
        == 404
    )
    assert (
        treasurer_client.get(
            reverse("director:money_report_download", args=[club.slug, "income", "pdf"])
        ).status_code
        == 404
    )
