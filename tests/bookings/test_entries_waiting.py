"""An event full to its limit keeps a waiting list, promoted in order with an email (issue 51)."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.bookings.conftest import mailed
from tests.bookings.entries_world import EARLY, LATE, at, championship, club_members, member_client
from tournaments.bookings.models import Entry
from tournaments.bookings.selectors.entries import entry_list, entry_totals
from tournaments.bookings.selectors.entry_files import entry_list_table
from tournaments.bookings.services import entries as entries_service
from tournaments.bookings.services.entries import Named, entry_cancel, entry_make
from tournaments.bookings.services.entries_start import entry_event_start
from tournaments.bookings.services.entry_payments import entry_pay_from_account
from tournaments.core.models import Player
from tournaments.mail.models import MailOptOut
from tournaments.money.selectors.ledger import player_balance
from tournaments.night.models import Movement, Pair
from tournaments.night.services.movement import session_create_with_movement

pytestmark = pytest.mark.django_db


def _pair(event, first, second, **kwargs):
    return entry_make(event=event, players=[Named(name=first), Named(name=second)], **kwargs)


def test_a_full_event_waits_its_entries_in_order_and_a_cancellation_promotes_the_first_by_email(
    club, monkeypatch
):
    members = club_members(club)
    event = championship(club, limit=2)
    at(monkeypatch, EARLY)
    first = _pair(event, "Ann Able", "Bob Baker")
    _pair(event, "Cat Cole", "Dan Dale")
    first_waiting = _pair(event, "Eve East", "Fay Fox")
    second_waiting = _pair(event, "Gus Gray", "Hal Hill")
    assert (first_waiting.waiting, second_waiting.waiting) == (True, True)
    assert first_waiting.fee == Decimal("30.00")  # the early-bird fee it asked for, fixed when entered

    rows = entry_list(event)
    totals = entry_totals(event, rows)
    assert (totals.entries, totals.waiting, totals.places_left, totals.unpaid) == (2, 2, 0, 2)
    table = entry_list_table(event, rows)
    assert [line[4] for line in table.rows] == ["pending", "pending", "waiting list", "waiting list"]
    assert [line[7] for line in table.rows] == ["UNPAID", "UNPAID", "", ""]  # nothing due while waiting

    with pytest.raises(ValidationError) as unpaid:  # a waiting entry is paid once it has a place
        entry_pay_from_account(entry=first_waiting, payer=members["Eve East"])
    assert "waiting list" in unpaid.value.message_dict["entry"][0]
    assert player_balance(club, members["Eve East"]) == Decimal("0.00")

    MailOptOut.objects.create(club=club, player=members["Fay Fox"])
    mail.outbox.clear()
    at(monkeypatch, LATE)
    with mailed():
        entry_cancel(entry=first)
    first_waiting.refresh_from_db()
    second_waiting.refresh_from_db()
    assert not first_waiting.waiting and first_waiting.promoted_at is not None
    assert second_waiting.waiting  # the next place freed is his
    promoted = [m for m in mail.outbox if "A place for you" in m.subject]
    assert [m.to for m in promoted] == [["eve@example.org"]]  # Fay opted out of the club's email
    assert "off the waiting list" in promoted[0].body

    entry_pay_from_account(entry=first_waiting, payer=members["Eve East"])  # now it is due, and paid
    assert player_balance(club, members["Eve East"]) == Decimal("-30.00")

    entry_cancel(entry=second_waiting)  # a waiting entry withdrawn frees no place
    assert Entry.objects.filter(event=event, cancelled_at__isnull=True, waiting=False).count() == 2


def test_a_waiting_entry_does_not_become_a_pair_when_the_event_starts(club, monkeypatch):
    club_members(club)
    event = championship(club, limit=2)
    at(monkeypatch, EARLY)
    for first, second in (("Ann Able", "Bob Baker"), ("Cat Cole", "Dan Dale"), ("Eve East", "Fay Fox")):
        _pair(event, first, second, confirmed_all=True)
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2027, 1, 9),
        name="Championship",
        movement=Movement.HOWELL,
        tables=2,
        boards_per_round=2,
    )
    started = entry_event_start(event=event, session=session)
    assert started.seated == 2
    names = set(Pair.objects.filter(session=session).values_list("player1__name", flat=True))
    assert names == {"Ann Able", "Cat Cole"}


def test_a_member_entering_a_full_event_is_told_he_waits(club, monkeypatch):
    club_members(club)
    event = championship(club, limit=1)
    at(monkeypatch, EARLY)
    _pair(event, "Ann Able", "Bob Baker")
    monkeypatch.setattr("django.utils.timezone.now", lambda: EARLY)
    browser = member_client("Cat Cole")
    response = browser.post(reverse("my_entry_new", args=[event.pk]), {"player_2": "Dan Dale"}, follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and "waiting list" in page
    assert Entry.objects.get(event=event, number=2).waiting


def test_a_script_entering_again_and_again_is_throttled_with_nothing_written(club, monkeypatch, director):
    club_members(club)
    event = championship(club, limit=1)
    at(monkeypatch, EARLY)
    monkeypatch.setattr(entries_service, "ENTRIES_AN_HOUR", 2)
    _pair(event, "Ann Able", "Vic One", user=director, throttled=True)
    _pair(event, "Bob Baker", "Vic Two", user=director, throttled=True)  # waits: the waiting list grows
    players = Player.objects.count()
    with pytest.raises(ValidationError) as refused:
        _pair(event, "Cat Cole", "Vic Three", user=director, throttled=True)
    assert "Too many entries" in refused.value.message_dict["players"][0]
    assert (Entry.objects.filter(event=event).count(), Player.objects.count()) == (2, players)
    _pair(event, "Cat Cole", "Vic Three", user=director)  # the desk is not throttled

    monkeypatch.setattr(entries_service, "ENTRIES_AN_HOUR", 0)
    monkeypatch.setattr("django.utils.timezone.now", lambda: EARLY)
    response = member_client("Dan Dale").post(
        reverse("my_entry_new", args=[event.pk]), {"player_2": "Eve East"}
    )
    assert response.status_code == 400 and "Too many entries" in response.content.decode()


def test_a_raised_limit_moves_the_waiting_list_up_in_order_and_a_lowered_one_puts_nobody_out(
    club, director_client, monkeypatch
):
    """The secretary finds a bigger room: the limit raised on the entry list's page gives the new
    places to the entries waiting, first entered first, each told; it cannot fall below the
    entries holding a place, and the admin's form no longer changes it behind the waiting list."""
    club_members(club)
    event = championship(club, limit=2)
    at(monkeypatch, EARLY)
    _pair(event, "Ann Able", "Bob Baker")
    _pair(event, "Cat Cole", "Dan Dale")
    first_waiting = _pair(event, "Eve East", "Fay Fox")
    second_waiting = _pair(event, "Gus Gray", "Hal Hill")
    url = reverse("director:entry_limit", args=[event.pk])

    refused = director_client.post(url, {"limit": "1"})
    assert refused.status_code == 400
    assert "2 entries hold a place: the limit cannot go below 2." in refused.content.decode()
    event.refresh_from_db()
    assert event.limit == 2

    mail.outbox.clear()
    with mailed():
        raised = director_client.post(url, {"limit": "3"}, follow=True)
    assert raised.status_code == 200
    assert "1 entry came off the waiting list" in raised.content.decode()
    first_waiting.refresh_from_db()
    second_waiting.refresh_from_db()
    assert (first_waiting.waiting, second_waiting.waiting) == (False, True)
    told = sorted(m.to for m in mail.outbox if "A place for you" in m.subject)
    assert told == [["eve@example.org"], ["fay@example.org"]]  # the promoted entry's two players

    assert director_client.post(url, {"limit": "0"}).status_code == 400  # the form's own bound
    assert director_client.post(url, {"limit": "3"}).status_code == 302  # the same again: nobody moves
    second_waiting.refresh_from_db()
    assert second_waiting.waiting


def test_an_events_limit_is_read_only_in_the_admin_once_it_is_made(club, admin_client):
    event = championship(club, limit=2)
    page = admin_client.get(reverse("admin:tournaments_entryevent_change", args=[event.pk]))
    assert page.status_code == 200
    assert 'name="limit"' not in page.content.decode()
    assert 'name="limit"' in admin_client.get(reverse("admin:tournaments_entryevent_add")).content.decode()
