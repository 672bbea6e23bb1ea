"""The club's member list: a CSV previewed, then imported whole, or refused line by line."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.bridge.season.members import parse_member_list
from tournaments.core.models import Player
from tournaments.night.models import Movement, Pair
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.season.models import ClubMember
from tournaments.season.selectors.members import FOUND_BY_NAME, FOUND_BY_NUMBER, NEW_PLAYER, members_plan
from tournaments.season.services.members import members_import
from tournaments.season.services.players import player_merge

pytestmark = pytest.mark.django_db

LIST = (
    "name,federation number,email\n"
    "Ann North,EBU 1,ann@example.org\n"
    "Bob North,,bob@example.org\n"
    "Zoe West,77,\n"
)


@pytest.fixture
def known(club):
    """Ann has played at the club (no number yet); Zoë, who played there too, holds number 77
    under another spelling (a number or a name finds only the club's own players)."""
    night = session_create(
        club=club, date=datetime.date(2026, 9, 1), name="Tuesday", movement=Movement.HOWELL
    )
    ann = pair_add(session=night, player_names=["ann north"]).player1
    zoe = Player.objects.create(name="Zoë West", federation_number="077")
    Pair.objects.create(session=night, number=2, player1=zoe)
    return ann, zoe


def test_the_plan_finds_players_by_number_then_by_name_else_new(club, known):
    ann, zoe = known
    plans = members_plan(club, parse_member_list(LIST))
    assert [(p.line.name, p.player, p.how, p.gives_number) for p in plans] == [
        ("Ann North", ann, FOUND_BY_NAME, True),
        ("Bob North", None, NEW_PLAYER, False),
        ("Zoe West", zoe, FOUND_BY_NUMBER, False),
    ]


def test_an_import_adds_members_gives_numbers_and_keeps_names(club, known):
    ann, zoe = known
    imported = members_import(club=club, lines=parse_member_list(LIST))
    assert (imported.created, imported.found, imported.joined) == (1, 2, 3)
    ann.refresh_from_db()
    assert (ann.name, ann.federation_number) == ("ann north", "EBU 1")
    assert sorted(ClubMember.objects.values_list("player__name", "email")) == [
        ("Bob North", "bob@example.org"),
        ("Zoë West", ""),
        ("ann north", "ann@example.org"),
    ]
    again = members_import(club=club, lines=parse_member_list(LIST.replace("ann@", "ann.n@")))
    assert (again.created, again.joined) == (0, 0)
    assert ClubMember.objects.get(player=ann).email == "ann.n@example.org"


def test_the_page_previews_then_imports_on_confirmation(director_client, club, known):
    url = reverse("director:members", args=[club.slug])
    upload = SimpleUploadedFile("members.csv", LIST.encode("utf-8-sig"), content_type="text/csv")
    preview = director_client.post(url, {"file": upload})
    assert preview.status_code == 200 and "Import 3 members?" in preview.content.decode()
    assert not ClubMember.objects.exists()  # nothing stored before the confirmation
    text = preview.context["text"]
    response = director_client.post(
        reverse("director:members_confirm", args=[club.slug]), {"text": text}, follow=True
    )
    page = response.content.decode()
    assert "Member list imported: 3 new members, 1 new players, 2 players found." in page
    assert "bob@example.org" in page


def test_a_bad_list_is_refused_with_every_line_and_nothing_stored(director_client, club):
    bad = "Ann,1,ann@x.org\n,2,\nBob,1,\n"
    upload = SimpleUploadedFile("members.csv", bad.encode(), content_type="text/csv")
    response = director_client.post(reverse("director:members", args=[club.slug]), {"file": upload})
    page = response.content.decode()
    assert response.status_code == 400
    assert "Line 2: the name is empty" in page and "Line 3: federation number 1 is on line 1 too" in page
    assert not Player.objects.exists() and not ClubMember.objects.exists()


def test_a_file_that_is_not_text_is_refused_by_line_and_byte(director_client, club):
    """0x81 is neither UTF-8 here nor a Windows-1252 letter (issue 32 reads that encoding too)."""
    upload = SimpleUploadedFile("members.csv", b"Ann,1,\n\x81\x8d", content_type="text/csv")
    response = director_client.post(reverse("director:members", args=[club.slug]), {"file": upload})
    assert response.status_code == 400
    assert "Line 2: the file is not UTF-8 or Windows-1252 text (byte 8, 0x81)" in response.content.decode()


def test_a_merge_keeps_the_duplicates_membership(club, director):
    keep, duplicate = Player.objects.create(name="Ann"), Player.objects.create(name="Änn")
    ClubMember.objects.create(club=club, player=duplicate, email="ann@example.org")
    player_merge(keep=keep, duplicate=duplicate, user=director)
    assert ClubMember.objects.get(club=club).player == keep


@pytest.mark.parametrize(
    ("line", "reason", "confirmed"),
    [
        # A NUL posted back as the confirmation's text is refused by the NUL middleware.
        (
            "Ann\x00North,1,",
            "Line 2: the name holds a NUL character",
            (400, "The field <code>text</code> holds a NUL character"),
        ),
        (
            "Ann,1," + "a" * 500_000 + "@x.org",
            "Line 2: the email is longer than 254 characters",
            (200, "Not imported, nothing stored: line 2: the email is longer than 254 characters"),
        ),
    ],
    ids=["nul", "long-field"],
)
def test_a_nul_or_a_huge_field_is_refused_by_line_and_field_on_upload_and_confirm(
    director_client, club, line, reason, confirmed
):
    """Never a 500 (issue 28): PostgreSQL refuses a NUL in a query, csv a field over 131,072 characters."""
    text = f"Bob,2,\n{line}\n"
    upload = SimpleUploadedFile("members.csv", text.encode(), content_type="text/csv")
    response = director_client.post(reverse("director:members", args=[club.slug]), {"file": upload})
    assert response.status_code == 400 and reason in response.content.decode()
    confirm = director_client.post(
        reverse("director:members_confirm", args=[club.slug]), {"text": text}, follow=True
    )
    assert (confirm.status_code, confirmed[1] in confirm.content.decode()) == (confirmed[0], True)
    assert not Player.objects.exists() and not ClubMember.objects.exists()


def test_a_windows_1252_list_is_previewed_with_its_accents_and_imported(director_client, club):
    """Today's refusal (issue 32): a list European Excel saves on Windows: cp1252, ``;``, CRLF."""
    data = "Name;Federation number;Email\r\nMuñoz, José;EBU 12;jose@example.org\r\n".encode("cp1252")
    upload = SimpleUploadedFile("members.csv", data, content_type="text/csv")
    preview = director_client.post(reverse("director:members", args=[club.slug]), {"file": upload})
    assert preview.status_code == 200 and "José Muñoz" in preview.content.decode()
    director_client.post(
        reverse("director:members_confirm", args=[club.slug]), {"text": preview.context["text"]}
    )
    member = ClubMember.objects.get(club=club)
    assert (member.player.name, member.player.federation_number, member.email) == (
        "José Muñoz",
        "EBU 12",
        "jose@example.org",
    )


def test_the_master_points_column_is_kept_on_the_membership_and_a_new_list_updates_it(club):
    """Strata (issue 30): each member's holdings, this month's list replacing last month's."""
    members_import(club=club, lines=parse_member_list("Ann North,1,,1234.5\nBob North,2,,\n"))
    holdings = dict(ClubMember.objects.filter(club=club).values_list("player__name", "holdings"))
    assert holdings == {"Ann North": Decimal("1234.50"), "Bob North": None}
    members_import(club=club, lines=parse_member_list("Ann North,1,,1300\nBob North,2,,12\n"))
    holdings = dict(ClubMember.objects.filter(club=club).values_list("player__name", "holdings"))
    assert holdings == {"Ann North": Decimal("1300.00"), "Bob North": Decimal("12.00")}


def test_a_holding_that_is_not_a_number_is_refused_with_its_line_and_nothing_stored(director_client, club):
    upload = SimpleUploadedFile(
        "members.csv", b"Ann North,1,,1234\nBob North,2,,lots\n", content_type="text/csv"
    )
    response = director_client.post(reverse("director:members", args=[club.slug]), {"file": upload})
    page = response.content.decode()
    assert response.status_code == 400 and "Line 2" in page and "is not a number of master points" in page
    assert not ClubMember.objects.filter(club=club).exists()
