"""A board-a-match event end to end through the services: both tables' results, 1/½/0 a board, the ranking."""

import random

import pytest
from django.core.exceptions import ValidationError

from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.teams.models import TeamMatch, TeamsScoring
from tournaments.teams.selectors.events import teams_event_ranking
from tournaments.teams.services.events import (
    swiss_round_draw,
)
from tournaments.teams.services.penalties import team_match_penalties_set

pytestmark = pytest.mark.django_db

# South declares 4S at both tables of a match, so a board's vulnerability is the same at
# both and more tricks at a table are a better NS score: tricks (table 1, table 2) a board.
TRICKS = {
    1: [(10, 10), (11, 10), (9, 10)],  # level, home better, away better: 1.5 - 1.5
    2: [(11, 9), (10, 8), (12, 11)],  # the home team wins all three: 3 - 0
}


def _points(tricks):
    """Board-a-match points (home, away) from the tricks each NS took, worked out apart from the code."""
    home = sum(1.0 if one > two else 0.5 if one == two else 0.0 for one, two in tricks)
    return home, len(tricks) - home


def test_board_a_match_scores_each_board_one_half_or_nothing_and_ranks_by_points(club, director_client):
    event = teams_event_build(
        club, name="BAM night", rounds=2, boards_per_match=3, player="B{team} {seat}",
        scoring=TeamsScoring.BOARD_A_MATCH,
    )  # fmt: skip
    session = swiss_round_published(event).session
    boards = boards_deal(session=session, count=3, rng=random.Random(11))
    pairs = {pair.number: pair for pair in session.pairs.all()}
    for match_number, tricks in TRICKS.items():
        for board, (one, two) in zip(boards, tricks, strict=True):
            for table, taken in ((2 * match_number - 1, one), (2 * match_number, two)):
                entry = ResultEntry(pairs[2 * table - 1], pairs[2 * table], "4S", "S", str(taken))
                result_record(board=board, entry=entry)

    matches = {
        m.table: m for m in TeamMatch.objects.filter(round__event=event).select_related("home", "away")
    }
    expected_points = {}
    for table, tricks in TRICKS.items():
        home, away = _points(tricks)
        assert (matches[table].home_vp, matches[table].away_vp) == (home, away)
        expected_points[matches[table].home.pk] = home
        expected_points[matches[table].away.pk] = away

    ranking = teams_event_ranking(event)
    assert {row.team.pk: row.vp for row in ranking} == expected_points
    assert [row.vp for row in ranking] == sorted(expected_points.values(), reverse=True)
    assert ranking[0].team == matches[2].home and ranking[0].place == 1
    assert ranking[-1].team == matches[2].away and ranking[-1].place == 4

    page = director_client.get(f"/teams/{event.pk}/rounds/1/matches/1/")
    assert b"Board-a-match points" in page.content and b"1.50" in page.content

    # A penalty in a board-a-match event comes off the points, and IMPs are refused.
    team_match_penalties_set(match=matches[2], reason="Law 90", home_vp_penalty=0.5)
    matches[2].refresh_from_db()
    assert (matches[2].home_vp, matches[2].away_vp) == (2.5, 0.0)
    with pytest.raises(ValidationError, match="no IMPs"):
        team_match_penalties_set(match=matches[2], reason="Law 90", home_imp_penalty=1)


def test_the_second_round_pairs_the_board_a_match_leaders(club):
    event = teams_event_build(
        club, name="BAM Swiss", rounds=2, boards_per_match=3, player="S{team} {seat}",
        scoring=TeamsScoring.BOARD_A_MATCH,
    )  # fmt: skip
    session = swiss_round_published(event).session
    boards = boards_deal(session=session, count=3, rng=random.Random(12))
    pairs = {pair.number: pair for pair in session.pairs.all()}
    for match_number, tricks in TRICKS.items():
        for board, (one, two) in zip(boards, tricks, strict=True):
            for table, taken in ((2 * match_number - 1, one), (2 * match_number, two)):
                result_record(
                    board=board,
                    entry=ResultEntry(pairs[2 * table - 1], pairs[2 * table], "4S", "S", str(taken)),
                )
    first = {m.table: m for m in TeamMatch.objects.filter(round__number=1, round__event=event)}
    second = swiss_round_draw(event=event)
    top = {m.home_id for m in second.matches.all()} | {m.away_id for m in second.matches.all()}
    assert len(top) == 4
    leader = first[2].home_id
    leader_match = (
        second.matches.get(home=leader)
        if second.matches.filter(home=leader).exists()
        else second.matches.get(away=leader)
    )
    opponent = leader_match.away_id if leader_match.home_id == leader else leader_match.home_id
    assert opponent in {
        first[1].home_id,
        first[1].away_id,
    }  # 3 points meets a 1.5, never its round-1 opponent
