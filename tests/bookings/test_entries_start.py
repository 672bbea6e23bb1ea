"""The event starts: its confirmed entries become a session's pairs or a teams event's teams, in one step."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.bookings.entries_world import EARLY, at, championship, club_members
from tournaments.bookings.models import EntryEventKind
from tournaments.bookings.services.entries import Named, entry_confirm_all, entry_make
from tournaments.bookings.services.entries_start import entry_event_start
from tournaments.core.models import Club
from tournaments.night.models import Movement, Pair
from tournaments.night.services.movement import session_create_with_movement
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.teams.services.events import teams_event_create

pytestmark = pytest.mark.django_db
DAY = datetime.date(2027, 1, 9)


def _pairs(event, names, confirmed=True):
    entries = []
    for first, second in names:
        entry = entry_make(
            event=event, players=[Named(name=first), Named(name=second)], confirmed_all=confirmed
        )
        entries.append(entry)
    return entries


def test_the_confirmed_entries_become_the_pairs_of_a_mitchell_in_turn_ns_and_ew(club, monkeypatch):
    club_members(club)
    event = championship(club, limit=5)
    at(monkeypatch, EARLY)
    _pairs(event, [("Ann Able", "Bob Baker"), ("Cat Cole", "Vic Visitor"), ("Eve East", "Fay Fox")])
    _pairs(event, [("Gus Gray", "Hal Hill")], confirmed=False)
    session = session_create_with_movement(
        club=club, date=DAY, name="Championship", movement=Movement.MITCHELL, tables=3, boards_per_round=2
    )
    started = entry_event_start(event=event, session=session)
    assert (started.seated, started.pending) == (3, 1)
    seated = [
        (pair.number, pair.direction, pair.names)
        for pair in Pair.objects.filter(session=session).order_by("direction", "number")
    ]
    assert seated == [
        (1, "EW", "Cat Cole - Vic Visitor"),
        (1, "NS", "Ann Able - Bob Baker"),
        (2, "NS", "Eve East - Fay Fox"),
    ]
    vic = Pair.objects.get(session=session, number=1, direction="EW").player2
    assert (
        vic.pk == event.entries.get(number=2).players.get(position=2).player_id
    )  # the same visitor, not a new one
    event.refresh_from_db()
    assert event.is_started and event.session == session
    with pytest.raises(ValidationError):
        entry_event_start(event=event, session=session)  # a second click
    assert Pair.objects.filter(session=session).count() == 3


def test_a_start_the_session_refuses_for_one_entry_is_refused_whole(club, monkeypatch):
    club_members(club)
    event = championship(club, limit=5)
    at(monkeypatch, EARLY)
    _pairs(event, [("Ann Able", "Bob Baker"), ("Cat Cole", "Dan Dale"), ("Eve East", "Fay Fox")])
    session = session_create_with_movement(
        club=club, date=DAY, name="Seated by hand", movement=Movement.MITCHELL, tables=3, boards_per_round=2
    )
    pair_add(session=session, player_names=["Eve East", "Zed Zane"], direction="EW", number=3)
    with pytest.raises(ValidationError) as refused:
        entry_event_start(event=event, session=session)
    assert refused.value.message_dict["session"][0].startswith("Entry 3: Eve East already sits")
    assert Pair.objects.filter(session=session).count() == 1
    event.refresh_from_db()
    assert not event.is_started


def test_another_clubs_session_is_refused(club, monkeypatch):
    club_members(club)
    event = championship(club)
    at(monkeypatch, EARLY)
    _pairs(event, [("Ann Able", "Bob Baker")])
    hilltop = Club.objects.create(name="Hilltop", slug="hilltop")
    theirs = session_create(club=hilltop, date=DAY, name="Theirs", movement=Movement.HOWELL)
    with pytest.raises(ValidationError) as refused:
        entry_event_start(event=event, session=theirs)
    assert "another club" in refused.value.message_dict["session"][0]


def test_the_confirmed_team_entries_become_the_teams(club, monkeypatch):
    club_members(club)
    event = championship(club, kind=EntryEventKind.TEAMS, name="Winter Teams")
    at(monkeypatch, EARLY)
    for team, names in (
        ("Aces", ("Ann Able", "Bob Baker", "Cat Cole", "Dan Dale")),
        ("Kings", ("Eve East", "Fay Fox", "Gus Gray", "Hal Hill")),
    ):
        entry = entry_make(event=event, players=[Named(name=name) for name in names], team_name=team)
        entry_confirm_all(entry=entry)
    teams_event = teams_event_create(club=club, date=DAY, name="Winter Teams", boards_per_match=4, rounds=1)
    entry_event_start(event=event, teams_event=teams_event)
    teams = {
        team.name: [member.player.name for member in team.members.order_by("id")]
        for team in teams_event.teams.all()
    }
    assert teams == {
        "Aces": ["Ann Able", "Bob Baker", "Cat Cole", "Dan Dale"],
        "Kings": ["Eve East", "Fay Fox", "Gus Gray", "Hal Hill"],
    }
