"""A championship ranked by master points won (issue 30): each player's total is his ledger's
points of the competition's finished sessions, read from the ledger on its own here."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.federation.test_ledger import imported_and_finished
from tournaments.federation.models import MasterPointAward
from tournaments.season.selectors.competitions import competition_standings
from tournaments.season.services.competitions import competition_save

pytestmark = pytest.mark.django_db


def test_a_championship_by_master_points_totals_each_players_awards(club, client):
    nights = [
        imported_and_finished(club, name) for name in ("compscore-mp-mitchell.xml", "compscore-mp-howell.xml")
    ]
    competition = competition_save(
        club=club,
        name="Masterpoint race",
        method="masterpoints",
        best_of=None,
        minimum_sessions=1,
        sessions=nights,
    )
    table = competition_standings(competition)
    won: dict[int, Decimal] = {}
    for award in MasterPointAward.objects.filter(session__in=nights):
        won[award.player_id] = won.get(award.player_id, Decimal(0)) + award.points
    shown = {row.player.pk: round(row.line.total, 2) for row in table.rows}
    assert {player: total for player, total in shown.items() if total} == {
        player: float(points) for player, points in won.items()
    }
    leader = max(won.items(), key=lambda item: item[1])
    assert table.rows[0].player.pk == leader[0] and table.rows[0].line.rank == 1
    page = client.get(reverse("competition", args=[competition.pk])).content.decode()
    assert "Master points" in page
