"""Done when (issue 51): a championship takes entries through the pages, with the early-bird fee
charged to the accounts and a refund on a cancellation; the entry list page and its CSV agree;
starting the event makes its pairs."""

from __future__ import annotations

import csv
import datetime
import io
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.bookings.entries_world import club_members, member_client
from tournaments.bookings.models import EntryEvent, EntryPlayer
from tournaments.money.selectors.ledger import player_balance
from tournaments.night.models import Movement, Pair
from tournaments.night.services.movement import session_create_with_movement

pytestmark = pytest.mark.django_db


def _moment(days: int) -> str:
    return (timezone.localtime() + datetime.timedelta(days=days)).strftime("%Y-%m-%dT%H:%M")


def _create_championship(director_client, club) -> EntryEvent:
    url = reverse("director:entry_events")
    assert director_client.get(url).status_code == 200
    response = director_client.post(
        url,
        {
            "club": club.pk,
            "name": "Club Championship",
            "kind": "championship",
            "starts_on": (timezone.localdate() + datetime.timedelta(days=30)).isoformat(),
            "opens_at": _moment(-1),
            "closes_at": _moment(20),
            "cancel_until": _moment(10),
            "limit": "4",
            "member_fee": "20.00",
            "visitor_fee": "25.00",
            "junior_fee": "10.00",
            "early_bird_until": _moment(5),
            "early_bird_reduction": "5.00",
        },
    )
    assert response.status_code == 302, response.content.decode()
    return EntryEvent.objects.get(name="Club Championship")


def _place_of(name: str, event: EntryEvent) -> int:
    return EntryPlayer.objects.get(entry__event=event, player__name=name, active=True).pk


def test_a_championship_takes_entries_charges_refunds_lists_and_starts(client, director_client, club):
    members = club_members(club)
    event = _create_championship(director_client, club)

    ann, bob, cat = member_client("Ann Able"), member_client("Bob Baker"), member_client("Cat Cole")
    assert (
        f'href="{reverse("my_entry_new", args=[event.pk])}"'
        in ann.get(reverse("my_entries")).content.decode()
    )
    entered = ann.post(reverse("my_entry_new", args=[event.pk]), {"player_2": "Bob Baker"})
    assert entered.status_code == 302
    assert "pending" in ann.get(reverse("my_entries")).content.decode()
    confirm = reverse("my_entry_confirm", args=[_place_of("Bob Baker", event)])
    assert confirm in bob.get(reverse("my_entries")).content.decode()
    assert ann.get(confirm).status_code == 404  # not hers to confirm
    assert bob.post(confirm).status_code == 302
    entry = event.entries.get(number=1)
    assert ann.post(reverse("my_entry_pay", args=[entry.pk])).status_code == 302
    assert ann.post(reverse("my_entry_pay", args=[entry.pk])).status_code == 302  # a double click
    assert player_balance(club, members["Ann Able"]) == Decimal("-30.00")  # early bird: 15 a member

    assert cat.post(reverse("my_entry_new", args=[event.pk]), {"player_2": "Dan Dale"}).status_code == 302
    second = event.entries.get(number=2)
    cat.post(reverse("my_entry_pay", args=[second.pk]))
    assert player_balance(club, members["Cat Cole"]) == Decimal("-30.00")
    assert bob.post(reverse("my_entry_cancel", args=[second.pk])).status_code == 404  # not his
    assert cat.post(reverse("my_entry_cancel", args=[second.pk])).status_code == 302
    assert player_balance(club, members["Cat Cole"]) == Decimal("0.00")

    desk = director_client.post(
        reverse("director:entry_add", args=[event.pk]), {"player_1": "Eve East", "player_2": "Vic Visitor"}
    )
    assert desk.status_code == 302

    page = director_client.get(reverse("director:entry_list", args=[event.pk])).content.decode()
    lines = list(
        csv.reader(
            io.StringIO(
                director_client.get(reverse("director:entry_list_csv", args=[event.pk])).content.decode(
                    "utf-8-sig"
                )
            )
        )
    )
    assert lines[0][:5] == ["Entry", "Team", "Players", "Categories", "State"]
    assert [(line[0], line[2], line[4], line[5], line[7]) for line in lines[1:]] == [
        ("1", "Ann Able & Bob Baker", "confirmed", "30.0", "paid from the account"),
        ("2", "Cat Cole & Dan Dale", "cancelled", "30.0", "refunded"),
        ("3", "Eve East & Vic Visitor", "confirmed", "35.0", "UNPAID"),
    ]
    for line in lines[1:]:
        row = re.search(rf'<tr id="entry-{line[0]}".*?</tr>', page, re.S)
        assert row is not None
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row.group(0)))
        assert line[4] in text and line[7] in text, text
        for name in line[2].split(" & "):
            assert name in text

    session = session_create_with_movement(
        club=club,
        date=event.starts_on,
        name="Championship",
        movement=Movement.MITCHELL,
        tables=3,
        boards_per_round=2,
    )
    start = reverse("director:entry_start", args=[event.pk])
    assert director_client.get(start).status_code == 200
    assert director_client.post(start, {"session": session.pk}).status_code == 302
    assert sorted(pair.names for pair in Pair.objects.filter(session=session)) == [
        "Ann Able - Bob Baker",
        "Eve East - Vic Visitor",
    ]


BAD_EVENTS = [
    ("closes-before-opening", {"closes_at": _moment(-2)}, "closes_at"),
    ("negative-fee", {"member_fee": "-1"}, "member_fee"),
    ("script-name", {"name": "<script>x</script>"}, "name"),
    ("no-limit", {"limit": "0"}, "limit"),
]


@pytest.mark.parametrize(("case", "change", "field"), BAD_EVENTS, ids=[case[0] for case in BAD_EVENTS])
def test_a_bad_event_is_refused_beside_its_field(director_client, club, case, change, field):
    data = {
        "club": club.pk,
        "name": "Spring Congress",
        "kind": "congress",
        "starts_on": "2027-03-01",
        "opens_at": _moment(-1),
        "closes_at": _moment(20),
        "limit": "10",
        "member_fee": "1",
        "visitor_fee": "1",
        "junior_fee": "1",
        "early_bird_reduction": "0",
        **change,
    }
    response = director_client.post(reverse("director:entry_events"), data)
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert not EntryEvent.objects.exists()


def test_a_refused_desk_entry_is_shown_beside_its_field(director_client, club):
    club_members(club)
    event = _create_championship(director_client, club)
    url = reverse("director:entry_add", args=[event.pk])
    response = director_client.post(url, {"player_1": "Ann Able", "player_2": "<script>alert(1)</script>"})
    assert response.status_code == 400
    assert "cannot hold" in " ".join(response.context["entry_form"].errors["player_2"])
    assert "<script>alert(1)" not in response.content.decode()
    assert not event.entries.exists()
