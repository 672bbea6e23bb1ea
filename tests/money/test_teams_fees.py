"""A teams night's table money: every player of every team charged once for the night, not once a round.

A teams event plays each round in a session of its own; the fees are the first round's
session's, where the desk takes them, and the event's page links that desk.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.core.models import Club, Player
from tournaments.money.models import AccountKind, Posting, TableFee
from tournaments.money.selectors.ledger import account_balance, player_balance
from tournaments.money.services.charges import fee_set
from tournaments.money.services.fees import schedule_save
from tournaments.money.services.ledger import club_account
from tournaments.teams.models import TeamsEvent
from tournaments.teams.services.events import team_match_score, teams_event_finish, teams_event_reopen

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(club: Club) -> TeamsEvent:
    """Four teams of four visitors (8.00 each), two rounds played."""
    schedule_save(club=club, name="Club night", default=True, member="5", visitor="8")
    event = teams_event_build(club, teams=4, rounds=2)
    first = swiss_round_published(event)
    for match in first.matches.exclude(away=None):
        team_match_score(match=match, home_imps=10, away_imps=3)
    swiss_round_published(event)
    return event


def test_every_player_of_a_teams_night_is_charged_once_for_the_night(club, event):
    teams_event_finish(event=event, anyway=True)
    first = event.rounds_drawn.get(number=1).session
    assert set(TableFee.objects.values_list("session_id", flat=True)) == {first.pk}
    assert TableFee.objects.count() == 16 == Posting.objects.count()
    assert account_balance(club_account(club, AccountKind.TABLE_MONEY)) == Decimal("128.00")
    assert player_balance(club, Player.objects.get(name="T3 PC")) == Decimal("-8.00")

    # Reopening the event and finishing it again charges nothing more.
    teams_event_reopen(event=event)
    teams_event_finish(event=event, anyway=True)
    assert Posting.objects.count() == 16


def test_the_event_page_links_the_desk_of_the_night_where_the_fees_are_set(director_client, club, event):
    first = event.rounds_drawn.get(number=1).session
    second = event.rounds_drawn.get(number=2).session
    page = director_client.get(f"/director/teams/{event.pk}/").content.decode()
    assert reverse("director:money_desk", args=[first.pk]) in page
    desk = director_client.get(reverse("director:money_desk", args=[first.pk])).content.decode()
    assert "T1 PA" in desk and "T4 PD" in desk
    elsewhere = director_client.get(reverse("director:money_desk", args=[second.pk])).content.decode()
    assert "T1 PA" not in elsewhere
    assert 'id="fees-at"' in elsewhere and reverse("director:money_desk", args=[first.pk]) in elsewhere
    assert 'id="fees-at"' not in desk

    # A player's fee set at that desk is what the finish charges.
    fee_set(session=first, player=Player.objects.get(name="T1 PA"), amount="0")
    teams_event_finish(event=event, anyway=True)
    assert player_balance(club, Player.objects.get(name="T1 PA")) == Decimal("0.00")
    assert account_balance(club_account(club, AccountKind.TABLE_MONEY)) == Decimal("120.00")
