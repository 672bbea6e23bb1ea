"""A club taking entries to a championship: members Ann, Bob, Cat, Dan (with addresses), its director."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.test import Client

from tournaments.bookings.models import EntryEvent, EntryEventKind
from tournaments.bookings.services import entries as entries_service
from tournaments.bookings.services.entries import entry_event_create
from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Club, Player
from tournaments.members.models import MemberAccount
from tournaments.season.services.members import members_import

MEMBERS = ("Ann Able", "Bob Baker", "Cat Cole", "Dan Dale", "Eve East", "Fay Fox", "Gus Gray", "Hal Hill")
OPENS = datetime.datetime(2026, 12, 1, 9, 0, tzinfo=datetime.UTC)
EARLY_UNTIL = datetime.datetime(2026, 12, 10, 0, 0, tzinfo=datetime.UTC)
CUT_OFF = datetime.datetime(2026, 12, 20, 0, 0, tzinfo=datetime.UTC)
CLOSES = datetime.datetime(2026, 12, 24, 0, 0, tzinfo=datetime.UTC)
EARLY = datetime.datetime(2026, 12, 5, 12, 0, tzinfo=datetime.UTC)
LATE = datetime.datetime(2026, 12, 15, 12, 0, tzinfo=datetime.UTC)
AFTER_CUT_OFF = datetime.datetime(2026, 12, 22, 12, 0, tzinfo=datetime.UTC)


def address(name: str) -> str:
    return name.split()[0].lower() + "@example.org"


def club_members(club: Club) -> dict[str, Player]:
    members_import(
        club=club,
        lines=[MemberLine(index + 1, name, "", address(name)) for index, name in enumerate(MEMBERS)],
    )
    return {player.name: player for player in Player.objects.filter(name__in=MEMBERS)}


def championship(club: Club, **changes: object) -> EntryEvent:
    fields: dict[str, object] = {
        "name": "Club Championship",
        "kind": EntryEventKind.CHAMPIONSHIP,
        "starts_on": datetime.date(2027, 1, 9),
        "opens_at": OPENS,
        "closes_at": CLOSES,
        "cancel_until": CUT_OFF,
        "limit": 3,
        "member_fee": Decimal("20.00"),
        "visitor_fee": Decimal("25.00"),
        "junior_fee": Decimal("10.00"),
        "early_bird_until": EARLY_UNTIL,
        "early_bird_reduction": Decimal("5.00"),
        "members_only": False,
    }
    fields.update(changes)
    return entry_event_create(club=club, **fields)


def at(monkeypatch, moment: datetime.datetime) -> None:
    """Let the entries services' clock read ``moment``."""
    monkeypatch.setattr(entries_service, "now", lambda: moment)


def member_client(name: str) -> Client:
    """A browser signed in as the member whose address the club keeps for ``name``."""
    user = get_user_model().objects.create_user(username=f"member-{name.split()[0].lower()}")
    MemberAccount.objects.create(user=user, email=address(name))
    client = Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    client.force_login(user)
    return client
