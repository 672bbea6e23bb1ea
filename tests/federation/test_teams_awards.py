"""A teams event's awards: by its ranking at its finish, to each member; after a penalty; gone on a reopen.

ABF Masterpoint Manual 4.2: teams events award "the top third of the field, rounding up";
"When a team has 5 or 6 members each of them receives 4/5 or 2/3 of the standard award".
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.teams.factories import teams_event_build
from tournaments.core.models import Club
from tournaments.federation.models import MasterPointAward
from tournaments.teams.models import TeamMatch
from tournaments.teams.services.events import (
    swiss_round_draw,
    team_add,
    team_match_score,
    teams_event_finish,
    teams_event_reopen,
    teams_round_publish,
)
from tournaments.teams.services.penalties import team_match_penalties_set

pytestmark = pytest.mark.django_db


def _finished_event(club: Club, federation: str = "abf"):
    """Four teams (team 5 of five players), one round: team 1 beats 2 by 30 IMPs, 3 beats 4 by 10."""
    Club.objects.filter(pk=club.pk).update(federation=federation)
    event = teams_event_build(club, teams=3, rounds=1)
    team_add(event=event, name="Five", player_names=["F1", "F2", "F3", "F4", "F5"])
    teams_round_publish(teams_round=swiss_round_draw(event=event))
    for match in TeamMatch.objects.filter(round__event=event).select_related("home", "away"):
        margin = 30 if match.home.number == 1 else 10
        team_match_score(match=match, home_imps=margin, away_imps=0)
    return teams_event_finish(event=event, anyway=True)


def _points(event) -> dict[str, Decimal]:
    return dict(MasterPointAward.objects.filter(teams_event=event).values_list("player__name", "points"))


def test_the_winning_teams_members_share_the_award_and_a_team_of_five_gets_four_fifths(club):
    event = _finished_event(club)
    # 4 teams, 4 tables: the winner 0.06 x 4 = 0.24; a third of 4 rounded up is 2 places (0.17).
    points = _points(event)
    assert {name: points[name] for name in ("T1 PA", "T1 PB", "T1 PC", "T1 PD")} == dict.fromkeys(
        ("T1 PA", "T1 PB", "T1 PC", "T1 PD"), Decimal("0.24")
    )
    assert len(points) == 8
    row = MasterPointAward.objects.filter(teams_event=event).first()
    assert (row.session_id, row.team.event_id, row.scale) == (None, event.pk, "abf-club-green")


def test_a_penalty_after_the_finish_moves_the_awards_and_a_reopen_drops_them(club):
    event = _finished_event(club)
    winners = {name for name, points in _points(event).items() if points == Decimal("0.24")}
    match = TeamMatch.objects.get(round__event=event, home__number=1)
    team_match_penalties_set(match=match, reason="Slow play", home_vp_penalty=15)
    assert {name for name, points in _points(event).items() if points == Decimal("0.24")} != winners
    teams_event_reopen(event=event)
    assert not MasterPointAward.objects.filter(teams_event=event).exists()


def test_a_team_of_five_members_gets_four_fifths(club):
    Club.objects.filter(pk=club.pk).update(federation="abf")
    event = teams_event_build(club, teams=1, rounds=1)
    team_add(event=event, name="Five", player_names=["F1", "F2", "F3", "F4", "F5"])
    teams_round_publish(teams_round=swiss_round_draw(event=event))
    match = TeamMatch.objects.get(round__event=event)
    home_is_five = match.home.name == "Five"
    team_match_score(match=match, home_imps=30 if home_is_five else 0, away_imps=0 if home_is_five else 30)
    teams_event_finish(event=event, anyway=True)
    # 2 teams, 2 tables: the winner 0.12; each of five members 4/5 of it, 0.096 given as 0.10.
    assert set(_points(event).values()) == {Decimal("0.10")}
    assert len(_points(event)) == 5


def test_an_ebu_teams_event_awards_nothing(club):
    event = _finished_event(club, "ebu")
    assert _points(event) == {}


def test_the_teams_pages_show_the_events_awards(club, client, director_client):
    """Teams awards on the teams page (issue 30): each team's members and their points."""
    event = _finished_event(club)
    winner = MasterPointAward.objects.filter(teams_event=event, place=1).select_related("team").first()
    public = client.get(reverse("teams_event_public", args=[event.pk])).content.decode()
    assert "Master points" in public and winner.team.name in public and str(winner.points) in public
    director = director_client.get(reverse("director:teams_event", args=[event.pk])).content.decode()
    assert "each member of a team gets its award" in director


def test_the_teams_pages_say_why_an_ebu_event_awards_nothing(club, director_client, client):
    event = _finished_event(club, "ebu")
    for page in (
        director_client.get(reverse("director:teams_event", args=[event.pk])),
        client.get(reverse("teams_event_public", args=[event.pk])),
    ):
        assert 'class="muted no-awards"' in page.content.decode()
