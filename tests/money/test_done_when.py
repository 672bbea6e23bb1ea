"""Issue 49's night, run from the pages: a 3-table Howell whose table money is charged once.

Twelve players: eight full members at 5.00 (X also pays for his visitor, at the visitor's
8.00), a member of a plays-free type, a junior at 2.50 and a member whose subscription
lapsed (charged the visitor's 8.00): 58.50 of table money, X at -13.00. Reopening and
finishing again changes nothing; the junior's fee corrected to 3.00 leaves him at -3.00
through one reversal and one charge; the trial balance sums to zero.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from tournaments.core.models import Player
from tournaments.money.models import AccountKind, Cause, MembershipType, Posting, TableFee
from tournaments.money.selectors.ledger import account_balance, balances, player_balance, trial_balance
from tournaments.money.services.ledger import club_account
from tournaments.night.models import Movement, SessionState
from tournaments.night.services.movement import session_create_with_movement, session_start
from tournaments.night.services.sessions import pair_add
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db

NIGHT = datetime.date(2026, 11, 23)
FULL = [f"Member {n}" for n in range(1, 9)]  # "Member 1" is X
PAIRS = [
    ("Member 1", "Visitor"),
    ("Member 2", "Member 3"),
    ("Member 4", "Member 5"),
    ("Member 6", "Member 7"),
    ("Member 8", "Life Member"),
    ("Junior", "Lapsed Member"),
]


def _ok(response, status: int = 302) -> None:
    assert response.status_code == status, response.content.decode()[:2000]


def _club_sets_its_fees_and_memberships(client, club) -> None:
    _ok(
        client.post(
            reverse("director:money_fees", args=[club.slug]),
            {
                "action": "schedule",
                "name": "Club night",
                "default": "on",
                "member": "5.00",
                "visitor": "8.00",
                "junior": "2,50",
            },
        )
    )
    url = reverse("director:money_memberships", args=[club.slug])
    for name, flags in (("Full", {}), ("Life", {"plays_free": "on"}), ("Junior", {"junior": "on"})):
        form = {
            "name": name,
            "annual_fee": "60.00",
            "year_start_month": "4",
            "year_start_day": "1",
            "grace_days": "31",
        }
        _ok(client.post(url, form | flags))
    paid = {name: ("Full", "2027-03-31") for name in FULL}
    paid |= {"Life Member": ("Life", "2099-03-31"), "Junior": ("Junior", "2027-03-31")}
    paid["Lapsed Member"] = ("Full", "2026-03-31")  # Due in April, Lapsed from 2 May
    for name, (kind, until) in paid.items():
        member = ClubMember.objects.create(club=club, player=Player.objects.create(name=name))
        type_id = MembershipType.objects.get(club=club, name=kind).pk
        _ok(
            client.post(
                reverse("director:money_membership", args=[club.slug, member.player_id]),
                {"type": type_id, "paid_until": until, "ending": ""},
            )
        )


def _howell(club):
    session = session_create_with_movement(
        club=club, date=NIGHT, name="Monday", movement=Movement.HOWELL, tables=3, boards_per_round=2, rounds=5
    )
    for pair in PAIRS:
        pair_add(session=session, player_names=pair)
    return session_start(session=session)


def _state(client, session, action: str) -> None:
    _ok(client.post(reverse("director:state", args=[session.pk]), {"action": action, "confirm": "yes"}))


def _player(name: str) -> Player:
    return Player.objects.get(name=name)


def test_the_night_of_issue_49(director_client, club):
    client = director_client
    _club_sets_its_fees_and_memberships(client, club)
    session = _howell(club)
    desk = reverse("director:money_desk", args=[session.pk])
    page = client.get(desk)
    _ok(page, 200)
    assert "Lapsed" in page.content.decode()
    x, visitor = _player("Member 1"), _player("Visitor")
    _ok(
        client.post(
            desk,
            {"action": "fee", "player": visitor.pk, "amount": "8.00", "payer": x.pk, "method": "account"},
        )
    )

    _state(client, session, "finish")
    session.refresh_from_db()
    assert session.state == SessionState.FINISHED
    table_money = club_account(club, AccountKind.TABLE_MONEY)
    assert account_balance(table_money) == Decimal("58.50")
    assert player_balance(club, x) == Decimal("-13.00")
    assert player_balance(club, visitor) == 0
    assert player_balance(club, _player("Life Member")) == 0
    assert player_balance(club, _player("Junior")) == Decimal("-2.50")
    assert player_balance(club, _player("Lapsed Member")) == Decimal("-8.00")
    assert TableFee.objects.filter(session=session).count() == 12
    postings = Posting.objects.count()

    _state(client, session, "reopen")
    _state(client, session, "finish")
    assert Posting.objects.count() == postings
    assert account_balance(table_money) == Decimal("58.50")

    junior = _player("Junior")
    _ok(
        client.post(
            desk, {"action": "fee", "player": junior.pk, "amount": "3.00", "payer": "", "method": "account"}
        )
    )
    assert player_balance(club, junior) == Decimal("-3.00")
    fee = TableFee.objects.get(session=session, player=junior)
    made = Posting.objects.filter(cause=Cause.SESSION, cause_id=session.pk).order_by("pk")[postings:]
    assert [(p.reverses_id is not None, p.lines.get().amount) for p in made] == [
        (True, Decimal("2.50")),
        (False, Decimal("3.00")),
    ]
    assert fee.charge == made[1]
    assert account_balance(table_money) == Decimal("59.00")

    rows = trial_balance(club)
    assert sum(row.debit for row in rows) == sum(row.credit for row in rows)
    assert sum(balances(club).values()) == 0
    books = client.get(reverse("director:money_books", args=[club.slug]))
    _ok(books, 200)
