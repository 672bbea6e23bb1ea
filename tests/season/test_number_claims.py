"""Another club's director claims a player by federation number (issue 46, item 2).

Club A holds Alice Archer (EBU 1001) on its list and has played two nights with her, so
she has a rating. Club B's director uploads ``Probe N,N,`` lines, confirms them, seats
"Alice Archer" and finishes a night. Nothing of it reaches A's Alice: the preview names
nobody of A's, B's list holds new players, and her public page, API history, rating and
the handicap A's page proposes for her stay as they were. The site's administrator's
link (a membership row he adds) is the one way B's nights come to count for her.
"""

from __future__ import annotations

import datetime
import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.season.conftest import played_night
from tournaments.bridge.formats.usebio import read_usebio
from tournaments.bridge.season.members import parse_member_list
from tournaments.core.models import Club, Player
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.exchange.services.usebio import usebio_import
from tournaments.exchange.services.usebio_preview import usebio_preview
from tournaments.federation.selectors.handicaps import session_player_handicaps
from tournaments.night.models import Movement
from tournaments.night.services.sessions import pair_add, player_find_or_create, session_create
from tournaments.season.models import ClubMember, PlayerRating
from tournaments.season.services.members import members_import

pytestmark = pytest.mark.django_db

A_LIST = "Alice Archer,EBU 1001,alice@a.example\nBen Bell,EBU 1002,\nCid Cole,EBU 1003,\nDee Dunn,EBU 1004,\n"
PROBES = "".join(f"Probe {n},EBU {n},\n" for n in range(1000, 1006))
A_NAMES = ("Alice Archer", "Ben Bell", "Cid Cole", "Dee Dunn")


@pytest.fixture
def club_a(club):
    members_import(club=club, lines=parse_member_list(A_LIST))
    played_night(club, 1, [("Alice Archer", "Ben Bell"), ("Cid Cole", "Dee Dunn")], [10])
    played_night(club, 8, [("Alice Archer", "Cid Cole"), ("Ben Bell", "Dee Dunn")], [8])
    return club


@pytest.fixture
def alice(club_a) -> Player:
    return Player.objects.get(federation_number="EBU 1001")


@pytest.fixture
def club_b(django_user_model) -> Club:
    club = Club.objects.create(name="Hilltop Bridge Club", slug="hilltop")
    club.directors.add(django_user_model.objects.create_user(username="hill", password="hilltop-pw-1"))
    return club


@pytest.fixture
def b_client(club_b) -> Client:
    client = Client()
    client.force_login(club_b.directors.get())
    return client


def text(response) -> str:
    return html.unescape(response.content.decode())


def alice_record(client: Client, club_a: Club, alice: Player) -> dict:
    """Everything public of Alice's record, and what A's handicap page proposes for her."""
    page = text(client.get(reverse("player", args=[alice.pk])))
    history = client.get(f"/api/v1/players/{alice.pk}/history").json()
    rating = PlayerRating.objects.filter(player=alice).values_list("rating", "sessions").first()
    proposal = session_create(
        club=club_a,
        date=datetime.date(2026, 12, 1),
        name=f"Next {PlayerRating.objects.count()}",
        movement=Movement.HOWELL,
    )
    pair_add(session=proposal, player_names=("Alice Archer", "Ben Bell"))
    handicaps = {row.player.pk: (row.handicap, row.source) for row in session_player_handicaps(proposal)}
    proposal.delete()
    return {
        "sessions on the page": page.count("Tuesday"),
        "Hilltop on the page": "Hilltop" in page,
        "history": [(item["session"]["id"], item["pair"]["id"]) for item in history["items"]],
        "rating": rating,
        "handicap": handicaps[alice.pk],
    }


def b_upload(b_client: Client, club_b: Club, lines: str):
    upload = SimpleUploadedFile("members.csv", lines.encode(), content_type="text/csv")
    return b_client.post(reverse("director:members", args=[club_b.slug]), {"file": upload})


def test_another_clubs_list_of_numbers_names_nobody_and_claims_nobody(
    client, club_a, alice, club_b, b_client
):
    before = alice_record(client, club_a, alice)
    assert before["rating"] is not None and before["handicap"][1] == "rating"
    preview = b_upload(b_client, club_b, PROBES)
    assert preview.status_code == 200
    shown = text(preview)
    assert not [name for name in A_NAMES if name in shown]
    assert "found by federation number" not in shown and "only the site's administrator links" in shown
    b_client.post(reverse("director:members_confirm", args=[club_b.slug]), {"text": preview.context["text"]})
    b_members = ClubMember.objects.filter(club=club_b).select_related("player")
    assert len(b_members) == 6
    assert not {m.player.name for m in b_members} & set(A_NAMES)
    # The numbers A's players hold stay theirs; the one nobody held is B's new player's.
    assert sorted(m.player.federation_number for m in b_members) == ["", "", "", "", "EBU 1000", "EBU 1005"]
    assert ClubMember.objects.filter(player=alice).count() == 1

    night = played_night(club_b, 20, [("Alice Archer", "Probe 1001"), ("Probe 1002", "Probe 1003")], [13])
    seated = {pk for row in night.pairs.values_list("player1", "player2") for pk in row}
    assert alice.pk not in seated
    assert alice_record(client, club_a, alice) == before


def test_a_number_seats_only_the_clubs_own_player(club_a, alice, club_b):
    """Seating by number (a USEBIO file's, a service's) finds A's Alice for A and nobody for B."""
    assert player_find_or_create(club=club_a, name="A. Archer", federation_number="EBU 1001") == alice
    bs = player_find_or_create(club=club_b, name="A. Archer", federation_number="EBU 1001")
    assert bs != alice and bs.federation_number == "" and bs.name == "A. Archer"
    alice.refresh_from_db()
    assert (alice.name, alice.federation_number) == ("Alice Archer", "EBU 1001")


def test_a_usebio_file_of_another_clubs_numbers_seats_none_of_its_players(client, club_a, alice, club_b):
    before = alice_record(client, club_a, alice)
    a_night = club_a.sessions.order_by("date").first()
    probes = session_usebio_bytes(a_night)
    for number, name in enumerate(A_NAMES, start=1):
        probes = probes.replace(name.encode(), f"Probe {number}".encode())
    preview = usebio_preview(club=club_b, event=read_usebio(probes))
    shown = " ".join(row.names for row in preview.rows)
    assert "Probe 1" in shown and not [name for name in A_NAMES if name in shown]
    session = usebio_import(club=club_b, data=session_usebio_bytes(a_night), name="Copy").session
    seated = {pk for row in session.pairs.values_list("player1", "player2") for pk in row}
    assert not seated & set(
        Player.objects.filter(name__in=A_NAMES, memberships__club=club_a).values_list("pk", flat=True)
    )
    assert alice_record(client, club_a, alice) == before


def test_the_administrators_membership_row_makes_her_the_other_clubs_own(club_a, alice, club_b, b_client):
    """The site's administrator adds Alice to B's list (the admin site): B's list and seats find her."""
    ClubMember.objects.create(club=club_b, player=alice, email="alice@b.example")
    preview = b_upload(b_client, club_b, "A. Archer,EBU 1001,\n")
    assert "Alice Archer" in text(preview) and "found by federation number" in text(preview)
    night = played_night(club_b, 21, [("Alice Archer", "Probe"), ("Cy", "Di")], [9])
    assert night.pairs.get(number=1).player1 == alice
