"""A club of twelve members with addresses, signed in as members through their own accounts."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, TestCase
from django.utils import timezone

from tournaments.bookings.models import PlannedSession, ProgrammeDate, SessionKind
from tournaments.bookings.services.programme import planned_session_create
from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Club, Player
from tournaments.members.models import MemberAccount
from tournaments.season.models import ClubMember
from tournaments.season.services.members import members_import

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee")


def email(name: str) -> str:
    return f"{name.lower()}@example.org"


def next_weekday(weekday: int, after: datetime.date | None = None) -> datetime.date:
    """The first ``weekday`` (Monday 0) strictly after ``after`` (today)."""
    day = (after or timezone.localdate()) + datetime.timedelta(days=1)
    return day + datetime.timedelta(days=(weekday - day.weekday()) % 7)


@pytest.fixture
def members(club: Club) -> dict[str, Player]:
    members_import(club=club, lines=[MemberLine(i, name, "", email(name)) for i, name in enumerate(NAMES, 1)])
    return {m.player.name: m.player for m in ClubMember.objects.filter(club=club).select_related("player")}


def mailed():  # type: ignore[no-untyped-def]
    """Run the mail jobs a write enqueued after its commit, as a worker would (the test's transaction
    never commits)."""
    return TestCase.captureOnCommitCallbacks(execute=True)


def member_client(name: str) -> Client:
    """A client signed in as the member ``name`` (his account made as his first sign-in makes it)."""
    address = email(name)
    account = MemberAccount.objects.filter(email=address).first()
    if account is None:
        user = get_user_model().objects.create_user(username=f"member-{name.lower()}", email=address)
        account = MemberAccount.objects.create(user=user, email=address)
    client = Client()
    client.force_login(account.user)
    return client


def thursday_individual(club: Club, *, table_limit: int | None) -> ProgrammeDate:
    """A one-off individual next Thursday at 19:30: its one date."""
    planned = planned_session_create(
        club=club,
        name="Thursday individual",
        kind=SessionKind.INDIVIDUAL,
        first_date=next_weekday(3),
        starts_at=datetime.time(19, 30),
        table_limit=table_limit,
    )
    return first_date(planned)


def tuesday_pairs(club: Club, *, table_limit: int | None = 2, weekly: bool = True) -> PlannedSession:
    return planned_session_create(
        club=club,
        name="Tuesday pairs",
        kind=SessionKind.PAIRS,
        first_date=next_weekday(1),
        starts_at=datetime.time(19, 30),
        weekly=weekly,
        table_limit=table_limit,
    )


def first_date(planned: PlannedSession) -> ProgrammeDate:
    return planned.dates.order_by("date").first()  # type: ignore[return-value]
