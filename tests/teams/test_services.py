"""Teams events through the services: teams of 4-6, the Swiss draw round by round, scoring, round robins."""

import functools
import itertools

import pytest
from django.core.exceptions import ValidationError

from tests.teams.factories import teams_event_build
from tournaments.bridge.teams.scoring import victory_points
from tournaments.teams.models import Team, TeamMatch, TeamsForm
from tournaments.teams.services.events import (
    round_robin_draw,
    swiss_round_draw,
    team_add,
    team_match_score,
    teams_round_adjust,
    teams_round_publish,
)

pytestmark = pytest.mark.django_db

make_event = functools.partial(
    teams_event_build, name="Teams night", boards_per_match=8, player="Player {team}.{seat}", seats="0123"
)


def draw_of(teams_round):
    return [
        (match.home.number, match.away and match.away.number)
        for match in teams_round.matches.order_by("table")
    ]


def score_round(teams_round, margin=lambda home, away: 10 * (home - away)):
    for match in teams_round.matches.exclude(away=None):
        imps = margin(match.home.number, match.away.number)
        team_match_score(match=match, home_imps=max(imps, 0), away_imps=max(-imps, 0))
    teams_round_publish(teams_round=teams_round)


def test_a_team_has_four_to_six_players_each_in_one_team(club):
    event = make_event(club, teams=1)
    with pytest.raises(ValidationError, match="4 to 6 players, not 3"):
        team_add(event=event, name="Short", player_names=["A", "B", "C"])
    with pytest.raises(ValidationError, match="4 to 6 players, not 7"):
        team_add(event=event, name="Long", player_names=list("ABCDEFG"))
    with pytest.raises(ValidationError, match="already plays for Team 1"):
        team_add(event=event, name="Poachers", player_names=["player 1.0", "X", "Y", "Z"])
    six = team_add(event=event, name="Six", player_names=list("ABCDEF"))
    assert six.number == 2 and six.players.count() == 6


def test_three_swiss_rounds_seed_by_number_then_pair_by_score_without_rematches(club):
    event = make_event(club, teams=8)
    first = swiss_round_draw(event=event)
    assert draw_of(first) == [(1, 2), (3, 4), (5, 6), (7, 8)]  # level scores: the seeding
    score_round(first)  # the higher number wins each match by 10 IMPs
    second = swiss_round_draw(event=event)
    assert draw_of(second) == [(2, 4), (6, 8), (1, 3), (5, 7)]  # winners top, by seeding
    score_round(second)
    third = swiss_round_draw(event=event)
    met = {frozenset(pair) for teams_round in (first, second) for pair in draw_of(teams_round)}
    assert not met & {frozenset(pair) for pair in draw_of(third)}
    assert sorted(number for pair in draw_of(third) for number in pair) == list(range(1, 9))


def test_an_unpublished_round_can_be_adjusted_or_drawn_again_but_not_a_published_one(club):
    event = make_event(club, teams=4)
    teams_round = swiss_round_draw(event=event)
    teams_round_adjust(teams_round=teams_round, draw=[(1, 4), (2, 3)])
    assert draw_of(teams_round) == [(1, 4), (2, 3)]
    with pytest.raises(ValidationError, match="exactly once"):
        teams_round_adjust(teams_round=teams_round, draw=[(1, 4), (1, 3)])
    again = swiss_round_draw(event=event)
    assert again.number == 1 and draw_of(again) == [(1, 2), (3, 4)]
    teams_round_publish(teams_round=again)
    with pytest.raises(ValidationError, match="published"):
        teams_round_adjust(teams_round=again, draw=[(1, 3), (2, 4)])
    with pytest.raises(ValidationError, match="Score every match"):
        swiss_round_draw(event=event)


def test_an_odd_field_gives_the_bye_to_a_new_team_each_round_with_its_vps(club):
    event = make_event(club, teams=5, rounds=3)
    byes = []
    for _ in range(3):
        teams_round = swiss_round_draw(event=event)
        bye = teams_round.matches.get(away=None)
        assert bye.home_vp == event.bye_vp
        byes.append(bye.home.number)
        score_round(teams_round)
    assert len(set(byes)) == 3
    with pytest.raises(ValidationError, match="All 3 rounds"):
        swiss_round_draw(event=event)


def test_a_match_scores_vps_on_the_wbf_scale_after_penalties(club):
    event = make_event(club, teams=2)
    match = swiss_round_draw(event=event).matches.get()
    team_match_score(match=match, home_imps=35, away_imps=12, away_vp_penalty=1)
    match.refresh_from_db()
    home_vp, away_vp = victory_points(23, 8)
    assert (match.home_vp, match.away_vp) == (home_vp, round(away_vp - 1, 2))
    with pytest.raises(ValidationError, match="positive number"):
        team_match_score(match=match, home_imps=35, away_imps=12, home_imp_penalty=-3)


def test_a_round_robin_is_drawn_whole_by_the_berger_tables(club):
    event = make_event(club, teams=5, form=TeamsForm.ROUND_ROBIN)
    rounds = round_robin_draw(event=event)
    event.refresh_from_db()
    assert event.rounds == len(rounds) == 5
    pairs = [frozenset(pair) for teams_round in rounds for pair in draw_of(teams_round) if None not in pair]
    assert sorted(pairs, key=sorted) == sorted(
        map(frozenset, itertools.combinations(range(1, 6), 2)), key=sorted
    )
    assert TeamMatch.objects.filter(round__event=event, away=None).count() == 5
    with pytest.raises(ValidationError, match="no longer change"):
        team_add(event=event, name="Late", player_names=list("WXYZ"))


def test_one_match_is_between_two_teams(club):
    event = make_event(club, teams=3, form=TeamsForm.MATCH)
    with pytest.raises(ValidationError, match="two teams, not 3"):
        round_robin_draw(event=event)
    Team.objects.filter(event=event, number=3).delete()
    (only,) = round_robin_draw(event=event)
    assert draw_of(only) == [(1, 2)]  # the first-numbered team at home


def test_the_ranking_reads_the_scored_matches_in_two_queries(club, django_assert_num_queries):
    from tournaments.teams.selectors.events import teams_event_ranking, teams_round_matches

    event = make_event(club, teams=5, rounds=2)
    first = swiss_round_draw(event=event)
    score_round(first)  # 2 beats 1 and 4 beats 3 by 10 IMPs; 5 has the bye's 12 VPs
    with django_assert_num_queries(2):
        ranking = teams_event_ranking(event)
    win, loss = victory_points(10, 8)
    assert [(row.team.number, row.vp) for row in ranking] == [
        (2, win),
        (4, win),
        (5, 12.0),
        (1, loss),
        (3, loss),
    ]
    # 2 and 4 won by the same margin without conceding an IMP: level on everything, they share.
    assert [(row.place, row.tied) for row in ranking] == [
        (1, True),
        (1, True),
        (3, False),
        (4, True),
        (4, True),
    ]
    with django_assert_num_queries(1):
        assert [match.home.name for match in teams_round_matches(first)] == ["Team 1", "Team 3", "Team 5"]
