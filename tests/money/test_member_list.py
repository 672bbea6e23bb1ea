"""The member list carries each member's membership type and state: the page, and CSV/XLSX out."""

from __future__ import annotations

import datetime
import io
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from tournaments.core.models import Player
from tournaments.money.services.memberships import membership_set, membership_type_save
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def lapsed(club):
    full = membership_type_save(
        club=club, name="Full", annual_fee=Decimal("60"), year_start_month=4, year_start_day=1, grace_days=31
    )
    member = ClubMember.objects.create(club=club, player=Player.objects.create(name="Olga Ortiz"))
    membership_set(member=member, type=full, paid_until=datetime.date(2020, 3, 31))
    ClubMember.objects.create(club=club, player=Player.objects.create(name="Pat Plain"))
    return member


def test_the_member_list_page_shows_type_and_state(director_client, club, lapsed):
    page = director_client.get(reverse("director:members", args=[club.slug])).content.decode()
    assert "<th>Membership type</th><th>State</th>" in page
    assert "<td>Full</td><td>Lapsed</td>" in page
    assert "<td>–</td><td>Current</td>" in page  # a member the club keeps no membership for


def test_the_member_list_downloads_with_type_paid_until_and_state(director_client, club, lapsed):
    csv = director_client.get(reverse("director:money_memberships_export", args=[club.slug, "csv"]))
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Name,Federation number,Email,Membership type,Paid until,State,Table money paid by"
    assert "Olga Ortiz,,,Full,2020-03-31,Lapsed," in lines
    xlsx = director_client.get(reverse("director:money_memberships_export", args=[club.slug, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    rows = [[cell or "" for cell in row] for row in sheet.iter_rows(values_only=True)]
    assert ["Olga Ortiz", "", "", "Full", "2020-03-31", "Lapsed", ""] in rows
    assert (
        director_client.get(reverse("director:money_memberships_export", args=[club.slug, "pdf"])).status_code
        == 404
    )


def _upload(client, club, name: str, content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return client.post(
        reverse("director:money_memberships", args=[club.slug]),
        {"action": "import", "file": SimpleUploadedFile(name, content)},
    )


def test_memberships_are_read_back_from_a_csv_and_from_the_download(director_client, club, lapsed):
    from tournaments.money.models import Membership

    text = "member;type;paid until;left\nPat Plain;Full;31/03/2027;\nOlga Ortiz;Full;2027-03-31;resigned\n"
    assert _upload(director_client, club, "m.csv", text.encode("cp1252")).status_code == 302
    pat = Membership.objects.get(member__player__name="Pat Plain")
    assert (pat.type.name, pat.paid_until, pat.ending) == ("Full", datetime.date(2027, 3, 31), "")
    assert Membership.objects.get(member=lapsed).ending == "resigned"
    xlsx = director_client.get(reverse("director:money_memberships_export", args=[club.slug, "xlsx"])).content
    assert _upload(director_client, club, "m.xlsx", xlsx).status_code == 302
    assert Membership.objects.get(member=lapsed).ending == "resigned"  # the download's state is not read


def test_a_bad_memberships_file_names_every_bad_line_and_stores_nothing(director_client, club, lapsed):
    from tournaments.money.models import Membership

    text = (
        "Pat Plain;Full;2027-03-31;\nNobody;Full;2027-03-31;\n"
        "Olga Ortiz;Gold;2027-03-31;\nPat Plain;Full;soon;\n"
    )
    response = _upload(director_client, club, "m.csv", text.encode())
    assert response.status_code == 400
    page = response.content.decode()
    assert "Line 4: &#x27;soon&#x27; is not a day" in page
    response = _upload(director_client, club, "m.csv", text.replace("soon", "2027-03-31").encode())
    page = response.content.decode()
    assert "Line 2: &#x27;Nobody&#x27; is not on the club" in page and "Line 3: &#x27;Gold&#x27;" in page
    assert not Membership.objects.filter(member__player__name="Pat Plain").exists()


def test_the_couples_payer_goes_out_in_the_download_and_comes_back(director_client, club, lapsed):
    from tournaments.money.models import Membership

    pat = ClubMember.objects.get(club=club, player__name="Pat Plain")
    director_client.post(
        reverse("director:money_membership", args=[club.slug, lapsed.player.pk]),
        {"type": "", "paid_until": "", "ending": "", "payer": pat.player.pk},
    )
    csv = director_client.get(reverse("director:money_memberships_export", args=[club.slug, "csv"]))
    text = csv.content.decode("utf-8-sig")
    assert "Olga Ortiz,,,,,Current,Pat Plain" in text.splitlines()
    # Edited in the spreadsheet: Olga pays her own again, and a payer who is no member is refused.
    assert (
        _upload(director_client, club, "m.csv", text.replace(",Pat Plain", ",").encode()).status_code == 302
    )
    assert Membership.objects.get(member=lapsed).payer is None
    refused = _upload(director_client, club, "m.csv", text.replace(",Pat Plain", ",Nobody Known").encode())
    assert refused.status_code == 400 and "Nobody Known" in refused.content.decode()
    assert _upload(director_client, club, "m.csv", text.encode()).status_code == 302
    assert Membership.objects.get(member=lapsed).payer == pat.player
