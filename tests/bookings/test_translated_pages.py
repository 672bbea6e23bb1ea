"""The programme's and bookings' pages in each language ClubScore speaks: none of their English left."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.bookings.conftest import (
    first_date,
    mailed,
    member_client,
    thursday_individual,
    tuesday_pairs,
)
from tests.translated_pages import compiled, english_left, english_phrases, page_in
from tournaments.bookings.services.bookings import booking_make
from tournaments.bookings.services.night import walk_in_add
from tournaments.bookings.services.partners import partner_ask
from tournaments.members.models import MemberAccount

pytestmark = pytest.mark.django_db

BOOKINGS = ("templates/tournaments/bookings/", "tournaments/bookings/")


def _account(name: str) -> MemberAccount:
    member_client(name)
    return MemberAccount.objects.get(email=f"{name.lower()}@example.org")


@pytest.mark.parametrize("language", ["fr", "nl", "de", "pl"])
def test_the_bookings_pages_show_no_english(club, members, director_client, language, tmp_path):
    phrases = english_phrases(language, *BOOKINGS)
    assert len(phrases) > 60
    date = first_date(tuesday_pairs(club, table_limit=1))
    with mailed():
        booking = booking_make(account=_account("Ann"), date=date, partner_id=members["Bob"].pk)
        booking_make(account=_account("Cat"), date=date, visitor="Vera Visitor")  # the waiting list
        single = booking_make(account=_account("Dan"), date=date)
        partner_ask(account=_account("Eve"), single=single)
    dan, bob = member_client("Dan"), member_client("Bob")
    with compiled(language, tmp_path):
        pages = [
            page_in(member_client("Eve"), reverse("programme", args=[club.slug]), language),
            page_in(member_client("Eve"), reverse("club", args=[club.slug]), language),
            page_in(dan, reverse("my_bookings"), language),
            page_in(bob, reverse("my_bookings"), language),
            page_in(member_client("Eve"), reverse("booking_date", args=[date.pk]), language),
            page_in(bob, reverse("booking_date", args=[date.pk]), language),
            page_in(bob, reverse("booking_partner_link", args=[booking.partner_token]), language),
            page_in(director_client, reverse("director:programme", args=[club.slug]), language),
            page_in(director_client, reverse("director:programme_date", args=[club.slug, date.pk]), language),
        ]
    for page in pages:
        assert english_left(page, phrases) == []


@pytest.mark.parametrize("language", ["fr", "nl", "de", "pl"])
def test_an_individuals_pages_show_no_english(club, members, director_client, language, tmp_path):
    phrases = english_phrases(language, *BOOKINGS)
    date = thursday_individual(club, table_limit=3)
    for name in ("Ann", "Bob", "Cat"):
        booking_make(account=_account(name), date=date)
    walk_in_add(date=date, names=["Walter Walkin"])
    with compiled(language, tmp_path):
        pages = [
            page_in(member_client("Eve"), reverse("programme", args=[club.slug]), language),
            page_in(member_client("Eve"), reverse("booking_date", args=[date.pk]), language),
            page_in(director_client, reverse("director:programme_date", args=[club.slug, date.pk]), language),
        ]
    for page in pages:
        assert english_left(page, phrases) == []
