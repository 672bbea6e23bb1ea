"""Entries to an event: the early-bird fee, confirmations, refusals that write nothing, the constraints."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.bookings.entries_world import (
    AFTER_CUT_OFF,
    CLOSES,
    EARLY,
    LATE,
    OPENS,
    at,
    championship,
    club_members,
)
from tournaments.bookings.models import Entry, EntryEventKind, EntryPayment, EntryPlayer, PlayerCategory
from tournaments.bookings.services.entries import Named, entry_cancel, entry_confirm, entry_make
from tournaments.bookings.services.entry_mail import entry_confirmations_mail
from tournaments.core.models import Club, Player
from tournaments.money.models import Membership, MembershipType
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db


def _pair(event, first, second, **kwargs):
    return entry_make(event=event, players=[Named(name=first), Named(name=second)], **kwargs)


@pytest.mark.parametrize(
    ("moment", "second", "junior", "fees"),
    [
        (EARLY, "Bob Baker", False, ["15.00", "15.00"]),  # two members, early: 20 - 5 each
        (LATE, "Bob Baker", False, ["20.00", "20.00"]),
        (EARLY, "Vic Visitor", False, ["15.00", "20.00"]),  # a visitor: 25 - 5
        (LATE, "Vic Visitor", True, ["20.00", "10.00"]),  # a junior visitor pays the junior's fee
    ],
    ids=["early-members", "late-members", "early-visitor", "late-junior"],
)
def test_an_entry_fee_is_each_players_category_less_the_early_bird(
    club, monkeypatch, moment, second, junior, fees
):
    club_members(club)
    event = championship(club)
    at(monkeypatch, moment)
    entry = entry_make(event=event, players=[Named(name="Ann Able"), Named(name=second, junior=junior)])
    assert [str(place.fee) for place in entry.players.order_by("position")] == fees
    assert entry.fee == sum(Decimal(fee) for fee in fees)
    assert entry.early_bird is (moment == EARLY)


def test_an_entry_is_pending_until_every_player_confirms(club, monkeypatch):
    members = club_members(club)
    event = championship(club)
    at(monkeypatch, EARLY)
    entry = _pair(event, "Ann Able", "Bob Baker", confirmed=[members["Ann Able"]])
    places = {place.player.name: place for place in entry.players.select_related("player")}
    assert places["Ann Able"].confirmed_at is not None
    assert places["Bob Baker"].confirmed_at is None
    entry_confirm(entry_player=places["Bob Baker"])
    entry_confirm(entry_player=places["Bob Baker"])  # twice: nothing more happens
    assert not entry.players.filter(confirmed_at__isnull=True).exists()


def test_the_partner_still_to_confirm_is_mailed_once(
    club, monkeypatch, mailoutbox, django_capture_on_commit_callbacks
):
    members = club_members(club)
    event = championship(club)
    at(monkeypatch, EARLY)
    with django_capture_on_commit_callbacks(execute=True):  # the job waits for the entry's commit
        entry = _pair(event, "Ann Able", "Bob Baker", confirmed=[members["Ann Able"]])
    entry_confirmations_mail.call(entry.pk)  # run again (a retry): nobody is mailed twice
    assert [message.to for message in mailoutbox] == [["bob@example.org"]]
    assert "Club Championship" in mailoutbox[0].subject


REFUSALS = [
    ("before-open", {"moment": OPENS.replace(hour=8)}, "Ann Able", "Bob Baker", "players", "open on"),
    ("after-close", {"moment": CLOSES}, "Ann Able", "Bob Baker", "players", "closed on"),
    ("members-only", {"members_only": True}, "Ann Able", "Vic Visitor", "player_2", "member list"),
    ("twice-in-one", {}, "Ann Able", "ann  able", "player_2", "named twice"),
    ("script", {}, "Ann Able", "<script>alert(1)</script>", "player_2", "< or >"),
    ("mixed-alphabets", {}, "Ann Able", "Vic Vis\u0456tor", "player_2", "mixes"),
    ("partner-missing", {}, "Ann Able", "", "players", "two players"),
]


@pytest.mark.parametrize(
    ("case", "changes", "first", "second", "field", "words"), REFUSALS, ids=[case[0] for case in REFUSALS]
)
def test_a_bad_entry_is_refused_naming_its_field_and_writes_nothing(
    club, monkeypatch, case, changes, first, second, field, words
):
    club_members(club)
    moment = changes.pop("moment", EARLY)
    event = championship(club, **changes)
    at(monkeypatch, moment)
    players = Player.objects.count()
    named = [Named(name=first)] + ([Named(name=second)] if second else [])
    with pytest.raises(ValidationError) as refused:
        entry_make(event=event, players=named)
    assert field in refused.value.message_dict
    assert words in " ".join(refused.value.message_dict[field])
    assert (Entry.objects.count(), EntryPlayer.objects.count(), Player.objects.count()) == (0, 0, players)


def test_a_player_already_entered_is_refused_and_an_event_full_takes_the_waiting_list(club, monkeypatch):
    club_members(club)
    event = championship(club, limit=2)
    at(monkeypatch, EARLY)
    _pair(event, "Ann Able", "Bob Baker")
    with pytest.raises(ValidationError) as refused:
        _pair(event, "Cat Cole", "Bob Baker")
    assert "already entered" in refused.value.message_dict["player_2"][0]
    _pair(event, "Cat Cole", "Dan Dale")
    waiting = _pair(event, "Eve East", "Fay Fox")
    assert waiting.waiting
    assert Entry.objects.filter(event=event, waiting=False).count() == 2


def test_a_cancelled_entry_frees_its_place_and_its_players(club, monkeypatch):
    club_members(club)
    event = championship(club, limit=1)
    at(monkeypatch, EARLY)
    entry = _pair(event, "Ann Able", "Bob Baker")
    entry_cancel(entry=entry)
    entry_cancel(entry=entry)  # a double click: still one cancellation
    again = _pair(event, "Ann Able", "Bob Baker")
    assert again.number == 2
    assert EntryPlayer.objects.filter(event=event, active=True).count() == 2


def test_a_team_needs_a_new_name_and_four_to_six_players(club, monkeypatch):
    club_members(club)
    event = championship(club, kind=EntryEventKind.TEAMS, name="Winter Teams")
    at(monkeypatch, EARLY)
    four = [Named(name=name) for name in ("Ann Able", "Bob Baker", "Cat Cole", "Dan Dale")]
    with pytest.raises(ValidationError) as unnamed:
        entry_make(event=event, players=four)
    assert "team_name" in unnamed.value.message_dict
    with pytest.raises(ValidationError) as three:
        entry_make(event=event, players=four[:3], team_name="Aces")
    assert "4 to 6" in three.value.message_dict["players"][0]
    entry_make(event=event, players=four, team_name="Aces")
    others = [Named(name=name) for name in ("Eve East", "Fay Fox", "Gus Gray", "Hal Hill")]
    with pytest.raises(ValidationError) as taken:
        entry_make(event=event, players=others, team_name=" aces ")
    assert "already entered" in taken.value.message_dict["team_name"][0]


def test_the_database_refuses_a_player_entered_twice_and_an_entry_paid_twice(club, monkeypatch):
    """The services check under the event's lock; the constraints hold should a write skip it."""
    members = club_members(club)
    event = championship(club)
    at(monkeypatch, EARLY)
    entry = _pair(event, "Ann Able", "Bob Baker")
    other = _pair(event, "Cat Cole", "Dan Dale")
    with pytest.raises(IntegrityError), transaction.atomic():
        EntryPlayer.objects.create(
            entry=other,
            event=event,
            player=members["Ann Able"],
            position=3,
            category=PlayerCategory.MEMBER,
            fee=0,
        )
    EntryPayment.objects.create(entry=entry, method="desk", amount=entry.fee)
    with pytest.raises(IntegrityError), transaction.atomic():
        EntryPayment.objects.create(entry=entry, method="desk", amount=entry.fee)


def test_another_clubs_member_is_a_visitor_here(club, monkeypatch, director):
    club_members(club)
    hilltop = Club.objects.create(name="Hilltop", slug="hilltop")
    event = championship(hilltop, members_only=True)
    at(monkeypatch, AFTER_CUT_OFF)
    with pytest.raises(ValidationError) as refused:
        _pair(event, "Ann Able", "Bob Baker")
    assert "member list" in refused.value.message_dict["player_1"][0]


def test_a_member_of_a_junior_type_pays_the_junior_fee_unasked(club, monkeypatch):
    members = club_members(club)
    junior = MembershipType.objects.create(club=club, name="Junior", junior=True)
    Membership.objects.create(
        member=ClubMember.objects.get(club=club, player=members["Bob Baker"]), type=junior
    )
    event = championship(club)
    at(monkeypatch, LATE)
    entry = _pair(event, "Ann Able", "Bob Baker")
    assert [place.category for place in entry.players.order_by("position")] == ["member", "junior"]
    assert entry.fee == Decimal("30.00")
