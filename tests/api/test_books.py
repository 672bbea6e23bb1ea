"""The books through the JSON API: a treasurer's token reads every account of its club, a member his own."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tournaments.core.models import Club, Player, Role
from tournaments.core.services.api_tokens import api_token_create
from tournaments.core.services.roles import role_grant
from tournaments.members.models import MemberAccount
from tournaments.money.models import Account, AccountKind, Cause
from tournaments.money.services.ledger import Transfer, club_account, player_account, post
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db

API = "/api/v1"


@pytest.fixture
def books(club: Club) -> dict[str, Player]:
    ann, bob = Player.objects.create(name="Ann"), Player.objects.create(name="Bob")
    for player, amount in ((ann, "5.00"), (bob, "8.00")):
        ClubMember.objects.create(club=club, player=player, email=f"{player.name.lower()}@example.org")
        post(
            club=club,
            transfers=[
                Transfer(
                    player_account(club, player), club_account(club, AccountKind.TABLE_MONEY), Decimal(amount)
                )
            ],
            cause=Cause.SESSION,
        )
    return {"ann": ann, "bob": bob}


def _token(club: Club, role: Role) -> dict[str, str]:
    user = get_user_model().objects.create_user(username=f"u-{role.value}")
    role_grant(club=club, user=user, role=role, by=None)
    return {"HTTP_AUTHORIZATION": f"Bearer {api_token_create(club=club, name='books', user=user).secret}"}


def test_a_treasurers_token_reads_every_account_and_its_lines(client, club, books):
    auth = _token(club, Role.TREASURER)
    response = client.get(f"{API}/clubs/{club.slug}/accounts", **auth)
    assert response.status_code == 200
    by_name = {item["player_name"]: item for item in response.json()["items"]}
    assert Decimal(by_name["Ann"]["balance"]) == Decimal("-5.00")
    assert Decimal(by_name[""]["balance"]) == Decimal("13.00")  # the table money income
    ann = Account.objects.get(club=club, player=books["ann"])
    lines = client.get(f"{API}/clubs/{club.slug}/accounts/{ann.pk}/postings", **auth).json()["items"]
    assert [(Decimal(line["amount"]), Decimal(line["balance"])) for line in lines] == [
        (Decimal("-5.00"), Decimal("-5.00"))
    ]


def test_a_directors_token_is_refused_and_another_clubs_books_are_not_found(client, club, books):
    assert client.get(f"{API}/clubs/{club.slug}/accounts", **_token(club, Role.DIRECTOR)).status_code == 403
    other = Club.objects.create(name="Other", slug="other")
    auth = _token(other, Role.TREASURER)
    assert client.get(f"{API}/clubs/{club.slug}/accounts", **auth).status_code == 404
    ann = Account.objects.get(club=club, player=books["ann"])
    assert client.get(f"{API}/clubs/other/accounts/{ann.pk}/postings", **auth).status_code == 404
    assert client.get(f"{API}/clubs/{club.slug}/accounts").status_code == 401


def test_a_member_signed_in_reads_his_own_account_and_no_one_elses(club, books):
    user = get_user_model().objects.create_user(username="ann@example.org")
    MemberAccount.objects.create(user=user, email="ann@example.org")
    member = Client()
    member.force_login(user)
    items = member.get(f"{API}/clubs/{club.slug}/accounts").json()["items"]
    assert [(item["player_name"], Decimal(item["balance"])) for item in items] == [("Ann", Decimal("-5.00"))]
    bob = Account.objects.get(club=club, player=books["bob"])
    assert member.get(f"{API}/clubs/{club.slug}/accounts/{bob.pk}/postings").status_code == 404
