"""A Swiss pairs night's description on the director's page: the rounds he chose, not those drawn.

A Swiss pairs' movement holds only the rounds drawn so far, so before the first draw it has
none; the page still describes the night the director set up (issue 45, item 8).
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tournaments.night.models import Movement
from tournaments.night.services.movement import session_create_with_movement

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("rounds", "boards_per_round"), [(3, 3), (5, 2)])
def test_a_new_swiss_pairs_reads_the_rounds_the_director_chose(
    director_client, club, rounds, boards_per_round
):
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 11, 29),
        name="Swiss pairs",
        movement=Movement.SWISS,
        tables=4,
        boards_per_round=boards_per_round,
        rounds=rounds,
    )
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    total = rounds * boards_per_round
    assert f"{rounds} rounds of {boards_per_round} boards ({total} boards)" in " ".join(page.split())
    assert "0 rounds" not in page
