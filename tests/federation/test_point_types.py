"""A session's master point scale, where its federation has more than one: the ABF's green club
session (Grade E) or its special club session (Grade B4c, red points), chosen by the director
on the session page or named by an imported file's ``MASTER_POINT_TYPE``."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.federation.test_ledger import imported_and_finished
from tournaments.bridge.federations import Contest, Placed, scale_of
from tournaments.federation.models import MasterPointAward
from tournaments.night.models import Standing

pytestmark = pytest.mark.django_db


def _ledger_by_pair(session) -> dict[str, Decimal]:
    return {
        row.pair.label: row.points
        for row in MasterPointAward.objects.filter(session=session).select_related("pair")
    }


def test_the_director_makes_a_finished_green_night_a_red_one_and_its_awards_follow(club, director_client):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert 'name="master_point_type"' in page and "Grade B4c, red masterpoints" in page
    response = director_client.post(
        reverse("director:session_master_point_type", args=[session.pk]), {"master_point_type": "RED"}
    )
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.master_point_type == "RED"
    # Recomputed from the stored places on the red scale, independently of the service.
    standings = Standing.objects.filter(session=session, boards_played__gt=0).select_related("pair")
    fields: dict[str, list[Placed]] = {}
    for row in standings:
        fields.setdefault(row.pair.direction, []).append(Placed(row.pair.label, row.rank))
    contest = Contest(
        competitors=len(standings), boards=max(row.boards_played for row in standings), winners=2
    )
    expected = {
        award.key: award.points
        for award in scale_of("abf", "RED").awards(contest, list(fields.values())).awards
    }
    assert _ledger_by_pair(session) == expected
    assert set(MasterPointAward.objects.filter(session=session).values_list("scale", flat=True)) == {
        "abf-club-red"
    }
    assert max(expected.values()) == Decimal("0.35")  # 0.02 x 2.5 x 7 tables, where green gives 0.21


def test_a_scale_the_federation_does_not_have_is_refused_by_name(club, director_client):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    response = director_client.post(
        reverse("director:session_master_point_type", args=[session.pk]),
        {"master_point_type": "GOLD"},
        follow=True,
    )
    assert "has no scale of GOLD points" in response.content.decode()
    session.refresh_from_db()
    assert session.master_point_type == ""


def test_a_federation_of_one_scale_offers_no_choice(club, director_client):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    club.federation = "ebu"
    club.save(update_fields=["federation"])
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert 'name="master_point_type"' not in page
