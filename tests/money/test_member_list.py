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
    assert lines[0] == "Name,Federation number,Email,Membership type,Paid until,State"
    assert "Olga Ortiz,,,Full,2020-03-31,Lapsed" in lines
    xlsx = director_client.get(reverse("director:money_memberships_export", args=[club.slug, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).active
    rows = [[cell or "" for cell in row] for row in sheet.iter_rows(values_only=True)]
    assert ["Olga Ortiz", "", "", "Full", "2020-03-31", "Lapsed"] in rows
    assert (
        director_client.get(reverse("director:money_memberships_export", args=[club.slug, "pdf"])).status_code
        == 404
    )
