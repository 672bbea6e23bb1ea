"""Clubs apart (issue 28): a director of one club takes nothing of another club's players.

Club A (the ``club`` fixture) has played a night and holds a member list with emails.
Club B's director tries every director action on players against A's players; after
each, nothing of A's has changed (``a_state``) and nothing of A's was shown to him. The
same actions still work on a player who belongs to B alone.
"""

from __future__ import annotations

import datetime
import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.season.conftest import played_night
from tournaments.bridge.season.members import parse_member_list
from tournaments.core.models import Club, Player
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.exchange.services.legacy import score_file_import
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Movement, Pair
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.season.models import ClubMember, PlayerMerge
from tournaments.season.selectors.privacy import player_export
from tournaments.season.services.members import members_import
from tournaments.teams.models import TeamMember
from tournaments.teams.services.events import team_add, teams_event_create

pytestmark = pytest.mark.django_db

A_LIST = "name,federation number,email\nAnn Ahern,,ann@a.example\nBob Byrne,EBU 42,bob@a.example\n"
ADMINISTRATOR = "the site's administrator"


@pytest.fixture
def club_a(club):
    """A's night (Ann Ahern & Bob Byrne v Cat Cole & Dan Dunn) and A's list with two emails."""
    night = played_night(club, 1, [("Ann Ahern", "Bob Byrne"), ("Cat Cole", "Dan Dunn")], [10])
    members_import(club=club, lines=parse_member_list(A_LIST))
    return night


@pytest.fixture
def club_b(django_user_model):
    director = django_user_model.objects.create_user(username="hill", password="hilltop-director-pw")
    club = Club.objects.create(name="Hilltop Bridge Club", slug="hilltop")
    club.directors.add(director)
    return club


@pytest.fixture
def b_client(club_b):
    client = Client()
    client.force_login(club_b.directors.get())
    return client


@pytest.fixture
def b_session(club_b):
    return session_create(
        club=club_b, date=datetime.date(2026, 10, 6), name="Hill night", movement=Movement.HOWELL
    )


def a_state(club) -> dict:
    """Everything of A's a director of B must not change: A's players, list, pairs and teams."""
    pairs = Pair.objects.filter(session__club=club)
    ids = set(ClubMember.objects.filter(club=club).values_list("player", flat=True))
    ids |= {pk for row in pairs.values_list("player1", "player2") for pk in row if pk}
    return {
        "players": sorted(
            Player.objects.filter(pk__in=ids).values_list(
                "pk", "name", "federation_number", "shown_by_initials", "erased_at"
            )
        ),
        "members": sorted(ClubMember.objects.filter(club=club).values_list("player", "email")),
        "pairs": sorted(pairs.values_list("pk", "player1", "player2")),
        "teams": sorted(TeamMember.objects.filter(team__event__club=club).values_list("team", "player")),
    }


def player_in(club, name: str) -> Player:
    """The player of this name who sat in one of the club's sessions (another club may have a namesake)."""
    return Player.objects.get(name=name, pk__in=Pair.objects.filter(session__club=club).values("player1"))


def page_text(response) -> str:
    """The page as a reader sees it (Django escapes the apostrophe in "site's")."""
    return html.unescape(response.content.decode())


def player(name: str) -> Player:
    return Player.objects.get(name=name)


def b_list(b_client, club_b, text: str):
    """B's director uploads a member list, then confirms what the preview showed."""
    upload = SimpleUploadedFile("members.csv", text.encode(), content_type="text/csv")
    preview = b_client.post(reverse("director:members", args=[club_b.slug]), {"file": upload})
    assert preview.status_code == 200, page_text(preview)
    confirm = reverse("director:members_confirm", args=[club_b.slug])
    b_client.post(confirm, {"text": preview.context["text"]})
    return preview


@pytest.fixture
def bob_shared(club_a, club_b):
    """The site's administrator puts Bob on B's list (a membership row, in the admin site): one
    person of two clubs. A director's list cannot (issue 46: a number finds only the club's own)."""
    bob = player("Bob Byrne")
    ClubMember.objects.create(club=club_b, player=bob, email="rob@b.example")
    return bob


# The member list.


def test_a_member_list_does_not_find_another_clubs_player_by_name(club, club_a, club_b, b_client):
    before = a_state(club)
    preview = b_list(b_client, club_b, "Ann Ahern,EBU 7,ann@b.example\n")
    assert "new player" in page_text(preview) and "ann@a.example" not in page_text(preview)
    assert a_state(club) == before  # A's Ann keeps no number, A's list its email
    (member,) = ClubMember.objects.filter(club=club_b)
    assert member.player != player_in(club, "Ann Ahern") and member.player.federation_number == "EBU 7"


def test_another_clubs_federation_number_links_nobody_and_names_nobody(club, club_a, club_b, b_client):
    before = a_state(club)
    bob = player("Bob Byrne")
    preview = b_list(b_client, club_b, "Robert Byrne,EBU 42,rob@b.example\n")
    assert "Bob Byrne" not in page_text(preview) and ADMINISTRATOR in page_text(preview)
    assert a_state(club) == before  # his name, his number, A's email
    (member,) = ClubMember.objects.filter(club=club_b).select_related("player")
    assert member.player != bob and (member.player.name, member.player.federation_number) == (
        "Robert Byrne",
        "",
    )
    page = page_text(b_client.get(reverse("director:members", args=[club_b.slug])))
    assert "rob@b.example" in page and "bob@a.example" not in page and "EBU 42" not in page


def test_the_administrators_membership_row_shares_the_person_and_b_sees_none_of_as(
    club, club_a, club_b, b_client, bob_shared
):
    page = page_text(b_client.get(reverse("director:members", args=[club_b.slug])))
    assert "rob@b.example" in page and "bob@a.example" not in page
    player_page = page_text(b_client.get(reverse("director:player", args=[bob_shared.pk])))
    assert ADMINISTRATOR in player_page and "bob@a.example" not in player_page


def test_a_name_of_the_clubs_own_shared_player_takes_no_number(club, club_a, club_b, b_client, b_session):
    """Dan sat in one of B's nights too: B's list finds him by name, but his number is not B's to give."""
    Pair.objects.create(session=b_session, number=1, player1=player("Dan Dunn"))
    before = a_state(club)
    preview = b_list(b_client, club_b, "Dan Dunn,EBU 9,dan@b.example\n")
    assert ADMINISTRATOR in page_text(preview)
    assert a_state(club) == before and player("Dan Dunn").federation_number == ""
    assert ClubMember.objects.get(club=club_b).player == player("Dan Dunn")


def test_a_name_of_the_clubs_own_player_still_finds_him_and_gives_him_the_number(club_a, club_b, b_client):
    night = played_night(club_b, 2, [("Zed Zane", "Yan Yu"), ("Xia Xu", "Wyn Wu")], [9])
    zed = night.pairs.get(number=1).player1
    b_list(b_client, club_b, "zed zane,EBU 5,zed@b.example\n")
    zed.refresh_from_db()
    assert (zed.name, zed.federation_number) == ("Zed Zane", "EBU 5")
    assert ClubMember.objects.get(club=club_b).player == zed


# Seating and teams by name.


def _seat_on_page(b_client, session, names):
    return b_client.post(
        reverse("director:pair_add", args=[session.pk]), {"player1": names[0], "player2": names[1]}
    )


def _seat_by_list(b_client, session, names):
    text = f"1: {names[0]} & {names[1]}"
    return b_client.post(reverse("director:pairs_many", args=[session.pk]), {"seating": text})


def _seat_by_edit(b_client, session, names):
    pair = pair_add(session=session, player_names=("Old One", "Old Two"))
    url = reverse("director:pair_edit", args=[session.pk, pair.pk])
    return b_client.post(url, {"player1": names[0], "player2": names[1]})


@pytest.mark.parametrize("seat", [_seat_on_page, _seat_by_list, _seat_by_edit], ids=["page", "list", "edit"])
def test_seating_by_name_finds_only_the_clubs_own_players(club, club_a, club_b, b_client, b_session, seat):
    before = a_state(club)
    response = seat(b_client, b_session, ("Ann Ahern", "Cat Cole"))
    assert response.status_code == 302
    (pair,) = b_session.pairs.all()
    assert pair.player1 != player_in(club, "Ann Ahern") and pair.player2 != player_in(club, "Cat Cole")
    assert a_state(club) == before
    again_night = session_create(club=club_b, date=b_session.date, name="Again", movement=Movement.HOWELL)
    again = seat(b_client, again_night, ("ann ahern", "Yan"))
    assert again.status_code == 302
    assert Pair.objects.filter(session__name="Again", player1=pair.player1).exists()  # B's own Ann now


def test_a_team_entered_by_name_finds_only_the_clubs_own_players(club, club_a, club_b, b_client):
    event = teams_event_create(
        club=club_b, date=datetime.date(2026, 10, 7), name="Hill Swiss", boards_per_match=2
    )
    before = a_state(club)
    players = "Ann Ahern\nBob Byrne\nCat Cole\nDan Dunn"
    response = b_client.post(
        reverse("director:teams_team_add", args=[event.pk]), {"name": "Hill", "players": players}
    )
    assert response.status_code == 302
    theirs = set(TeamMember.objects.filter(team__event=event).values_list("player", flat=True))
    assert not theirs & {pk for pk, *_ in before["players"]}
    assert a_state(club) == before


# Imports.


def test_a_legacy_file_finds_only_the_clubs_own_players_by_name(club, club_a, club_b):
    before = a_state(club)
    text = "1 Ann Ahern - Bob Byrne\n2 Cat Cole - Dan Dunn\nSCORES\n420 -420\n"
    session = score_file_import(club=club_b, date=datetime.date(2026, 10, 8), name="File", text=text)
    mine = {pk for row in session.pairs.values_list("player1", "player2") for pk in row}
    assert not mine & {pk for pk, *_ in before["players"]}
    assert a_state(club) == before


def test_a_usebio_file_finds_none_of_another_clubs_players_by_number_or_name(club, club_a, club_b):
    before = a_state(club)
    data = session_usebio_bytes(club_a).replace(b"Bob Byrne", b"Robert Byrne")
    session = usebio_import(club=club_b, data=data, name="Copy").session
    seated = {pk for row in session.pairs.values_list("player1", "player2") for pk in row}
    assert not seated & {pk for pk, *_ in before["players"]}
    assert a_state(club) == before  # Bob keeps his name and number


# Merges, privacy and the export.


@pytest.fixture
def b_byrne(club_b, bob_shared):
    """B's own 'B. Byrne' (a likely duplicate of Bob, who is on both lists), seated in a B night."""
    night = played_night(club_b, 3, [("B. Byrne", "Yan Yu"), ("Xia Xu", "Wyn Wu")], [9])
    return night.pairs.get(number=1).player1


@pytest.mark.parametrize("keep_bob", [True, False], ids=["keep-A's", "keep-B's"])
def test_a_director_does_not_merge_another_clubs_player(club, b_client, bob_shared, b_byrne, keep_bob):
    before = a_state(club)
    keep, duplicate = (bob_shared, b_byrne) if keep_bob else (b_byrne, bob_shared)
    url = reverse("director:merge", args=[keep.pk, duplicate.pk])
    confirm = page_text(b_client.get(url))
    assert ADMINISTRATOR in confirm and '<button type="submit">Merge</button>' not in confirm
    response = b_client.post(url, follow=True)
    assert "Not merged" in page_text(response) and ADMINISTRATOR in page_text(response)
    assert Player.objects.filter(pk=b_byrne.pk).exists() and not PlayerMerge.objects.exists()
    assert a_state(club) == before


def test_the_duplicates_page_says_the_administrator_merges_another_clubs_player(
    b_client, bob_shared, b_byrne
):
    page = page_text(b_client.get(reverse("director:duplicates")))
    assert "B. Byrne" in page and ADMINISTRATOR in page
    assert reverse("director:merge", args=[bob_shared.pk, b_byrne.pk]) not in page
    assert reverse("director:merge", args=[b_byrne.pk, bob_shared.pk]) not in page


def test_a_director_does_not_erase_show_by_initials_or_export_another_clubs_player(
    club, b_client, bob_shared
):
    before = a_state(club)
    pk = bob_shared.pk
    page = page_text(b_client.get(reverse("director:player", args=[pk])))
    assert ADMINISTRATOR in page and "Type <code>Erased player" not in page
    erase = b_client.post(
        reverse("director:player_erase", args=[pk]), {"confirm": f"Erased player {pk}"}, follow=True
    )
    assert ADMINISTRATOR in page_text(erase)
    initials = b_client.post(
        reverse("director:player_initials", args=[pk]), {"shown_by_initials": "on"}, follow=True
    )
    assert ADMINISTRATOR in page_text(initials)
    export = b_client.get(reverse("director:player_data", args=[pk]))
    assert export.status_code == 403 and b"bob@a.example" not in export.content
    assert a_state(club) == before


def test_a_director_still_merges_erases_and_exports_a_player_of_his_club_alone(
    club, club_a, club_b, b_client
):
    played_night(club_b, 2, [("Zed Zane", "Yan Yu"), ("Xia Xu", "Wyn Wu")], [9])
    played_night(club_b, 9, [("Zëd Zane", "Wyn Wu"), ("Xia Xu", "Yan Yu")], [9])
    zed, other = player("Zed Zane"), player("Zëd Zane")
    before = a_state(club)
    b_list(b_client, club_b, "Zed Zane,,zed@b.example\n")
    suggestions = page_text(b_client.get(reverse("director:duplicates")))
    assert reverse("director:merge", args=[zed.pk, other.pk]) in suggestions
    b_client.post(reverse("director:merge", args=[zed.pk, other.pk]))
    assert not Player.objects.filter(pk=other.pk).exists()
    b_client.post(reverse("director:player_initials", args=[zed.pk]), {"shown_by_initials": "on"})
    assert Player.objects.get(pk=zed.pk).shown_by_initials
    data = json.loads(b_client.get(reverse("director:player_data", args=[zed.pk])).content)
    assert data["memberships"][0]["email"] == "zed@b.example" and len(data["sessions"]) == 2
    b_client.post(reverse("director:player_erase", args=[zed.pk]), {"confirm": f"Erased player {zed.pk}"})
    assert Player.objects.get(pk=zed.pk).erased_at is not None
    assert a_state(club) == before


def test_the_site_administrator_merges_a_player_of_two_clubs(club, bob_shared, b_byrne, admin_client):
    admin_client.post(reverse("director:merge", args=[bob_shared.pk, b_byrne.pk]))
    assert not Player.objects.filter(pk=b_byrne.pk).exists()
    assert PlayerMerge.objects.get().kept == bob_shared


def test_the_export_of_a_club_holds_only_that_clubs_membership(club, bob_shared, admin_client):
    data = json.loads(admin_client.get(reverse("director:player_data", args=[bob_shared.pk])).content)
    assert sorted(m["email"] for m in data["memberships"]) == ["bob@a.example", "rob@b.example"]
    mine = player_export(bob_shared, clubs=Club.objects.filter(slug="hilltop"))
    assert [m["email"] for m in mine["memberships"]] == ["rob@b.example"] and mine["sessions"] == []


def test_teams_events_of_the_club_make_its_own_players(club, club_a):
    """A player entered only in A's teams event is A's: B's seating does not take him by name."""
    event = teams_event_create(club=club, date=datetime.date(2026, 10, 9), name="A Swiss", boards_per_match=2)
    team_add(event=event, name="A", player_names=["Ed Eck", "Fy Fox", "Gil Gee", "Hy Ho"])
    other = Club.objects.create(name="Dale", slug="dale")
    session = session_create(
        club=other, date=datetime.date(2026, 10, 9), name="Dale", movement=Movement.HOWELL
    )
    pair = pair_add(session=session, player_names=("Ed Eck", "Fy Fox"))
    team = set(TeamMember.objects.filter(team__event=event).values_list("player", flat=True))
    assert not {pair.player1_id, pair.player2_id} & team
