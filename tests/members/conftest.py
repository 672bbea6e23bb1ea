"""Ann plays at two clubs, each keeping her address (one in its own case and spacing); Bob at one."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.season.conftest import played_night
from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Club, Player
from tournaments.night.models import Session
from tournaments.season.services.members import members_import

ANN = "ann@example.org"


@dataclass(frozen=True)
class World:
    riverside: Club
    hilltop: Club
    ann_riverside: Player
    ann_hilltop: Player
    bob: Player
    nights: tuple[Session, Session]


def _member(club: Club, name: str, email: str) -> None:
    members_import(club=club, lines=[MemberLine(1, name, "", email)])


@pytest.fixture
def world(club, director) -> World:
    hilltop = Club.objects.create(name="Hilltop Bridge Club", slug="hilltop")
    hilltop.directors.add(director)
    river_night = played_night(club, 1, [("Ann", "Bob"), ("Cat", "Dan")], [10])
    hill_night = played_night(hilltop, 2, [("Ann", "Eve"), ("Fay", "Gus")], [8])
    _member(club, "Ann", ANN)
    _member(hilltop, "Ann", "  Ann@Example.ORG ")
    _member(club, "Bob", "bob@example.org")
    _member(club, "Cat", "")
    ann_riverside = river_night.pairs.get(number=1).player1
    ann_hilltop = hill_night.pairs.get(number=1).player1
    assert ann_riverside.pk != ann_hilltop.pk  # two clubs, two entries, one person
    bob = river_night.pairs.get(number=1).player2
    return World(club, hilltop, ann_riverside, ann_hilltop, bob, (river_night, hill_night))


LINK = re.compile(r"https?://\S+/members/sign-in/(\S+)/")


def ask_link(client: Client, email: str) -> str:
    """Ask for a link as the member does, and return the path of the one the outbox holds."""
    sent = len(mail.outbox)
    response = client.post(reverse("member_sign_in"), {"email": email})
    assert response.status_code == 200
    assert len(mail.outbox) == sent + 1
    token = LINK.search(mail.outbox[-1].body)
    assert token is not None, mail.outbox[-1].body
    return reverse("member_sign_in_link", args=[token.group(1)])


def sign_in(client: Client, email: str) -> None:
    response = client.get(ask_link(client, email))
    assert response.status_code == 302 and response["Location"] == reverse("my_club")
