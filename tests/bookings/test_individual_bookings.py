"""An individual is booked player by player and seated from its bookings as players (issue 51).

A pairs night takes a booking a pair; an individual takes one a player (four a table), with
no partner to name or to find, and seating it from the bookings numbers the players and
makes the movement's partnerships, which a pairs seating cannot do.
"""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.bookings.conftest import NAMES, mailed, member_client, thursday_individual
from tournaments.bookings.models import Booking, BookingStatus
from tournaments.bookings.selectors.summary import date_summary
from tournaments.bookings.services.bookings import booking_cancel, booking_make
from tournaments.bookings.services.night import night_seat, no_show_set, walk_in_add
from tournaments.bookings.services.scheduled import date_remind
from tournaments.members.models import MemberAccount
from tournaments.night.models import Movement

pytestmark = pytest.mark.django_db


def _account(name: str) -> MemberAccount:
    member_client(name)
    return MemberAccount.objects.get(email=f"{name.lower()}@example.org")


def test_an_individual_books_each_player_alone_four_places_a_table(club, members):
    date = thursday_individual(club, table_limit=2)  # eight players
    booked = [booking_make(account=_account(name), date=date) for name in NAMES[:9]]
    assert [b.status for b in booked[:8]] == [BookingStatus.BOOKED] * 8
    assert booked[8].status == BookingStatus.WAITING
    assert all(b.partner_id is None and not b.visitor for b in booked)
    summary = date_summary(date)
    assert (summary.players, summary.tables) == (8, 2)
    booking_cancel(account=_account(NAMES[0]), booking=booked[0])
    booked[8].refresh_from_db()
    assert booked[8].status == BookingStatus.BOOKED  # the freed place goes to the player waiting


def test_an_individual_refuses_a_partner_and_lists_no_singles(club, members):
    date = thursday_individual(club, table_limit=None)
    before = Booking.objects.count()
    with pytest.raises(ValidationError) as refused:
        booking_make(account=_account("Ann"), date=date, partner_id=members["Bob"].pk)
    assert "player by player" in " ".join(refused.value.messages)
    with pytest.raises(ValidationError):
        booking_make(account=_account("Ann"), date=date, visitor="Vera Visitor")
    assert Booking.objects.count() == before
    booking_make(account=_account("Ann"), date=date)
    page = member_client("Bob").get(reverse("booking_date", args=[date.pk])).content.decode()
    assert "player by player" in page and "Looking for a partner" not in page
    assert 'name="partner"' not in page


def test_the_director_seats_an_individual_from_its_bookings_as_players(club, members, client, director):
    date = thursday_individual(club, table_limit=None)
    for name in NAMES:  # twelve players: three tables
        booking_make(account=_account(name), date=date)
    summary = date_summary(date)
    assert "individual for 12 players at 3 tables" in summary.advice_text
    assert summary.odd_pair_text == ""
    walk_in_add(date=date, names=["Walter Walkin"])
    assert "1 players over the last full table" in date_summary(date).odd_pair_text
    with pytest.raises(ValidationError) as refused:  # thirteen: not four a table
        night_seat(date=date)
    assert "13 are booked" in " ".join(refused.value.messages)
    date.refresh_from_db()
    assert date.seated_at is None
    no_show_set(booking=Booking.objects.get(date=date, player=members["Lee"]), no_show=True)

    client.force_login(director)
    response = client.post(reverse("director:programme_seat", args=[club.slug, date.pk]))
    date.refresh_from_db()
    session = date.session
    assert response.status_code == 302 and session is not None
    assert session.movement == Movement.INDIVIDUAL and session.movement_tables == 3
    seated = list(session.individual_players.order_by("number").values_list("player__name", flat=True))
    assert len(seated) == 12 and "Lee" not in seated and seated[-1] == "Walter Walkin"
    assert seated[0] == NAMES[0]  # numbered in the order booked
    assert session.pairs.count() > 0  # the movement's partnerships, ready for the results


def test_walk_ins_at_an_individual_are_each_a_player(club, members):
    date = thursday_individual(club, table_limit=None)
    added = walk_in_add(date=date, names=["Walter Walkin", "Wilma Walkin"])
    assert len(added) == 2 and all(b.partner_id is None and b.walk_in for b in added)


def test_the_directors_summary_of_an_individual_counts_players(club, members):
    date = thursday_individual(club, table_limit=None)
    for name in NAMES:
        booking_make(account=_account(name), date=date)
    director = club.roles.first().user  # type: ignore[union-attr]
    director.email = "director@example.org"
    director.save()
    mail.outbox.clear()
    with mailed():
        date_remind.call(date.pk)
    summary = next(m for m in mail.outbox if m.to == ["director@example.org"])
    assert "Players expected: 12 (3 tables)" in summary.body
    assert "individual for 12 players at 3 tables" in summary.body
    reminded = [m for m in mail.outbox if m.to != ["director@example.org"]]
    assert len(reminded) == 12  # each player booked his own place, and each is reminded


def test_a_booking_naming_two_players_made_before_seats_both(club, members):
    date = thursday_individual(club, table_limit=None)
    for name in NAMES[:10]:
        booking_make(account=_account(name), date=date)
    now = timezone.now()
    Booking.objects.create(  # as the bookings booked an individual's players in pairs
        date=date,
        player=members["Kim"],
        partner=members["Lee"],
        status=BookingStatus.BOOKED,
        queued_at=now,
        created_at=now,
    )
    assert (date_summary(date).players, date_summary(date).tables) == (12, 3)
    seated = night_seat(date=date)
    assert seated.players == 12
    names = set(seated.session.individual_players.values_list("player__name", flat=True))
    assert {"Kim", "Lee"} <= names
