"""The ranking of a teams event: VPs, then head to head or the IMP quotient, equal teams sharing."""

import math

import pytest

from tournaments.bridge.teams.ranking import MatchScore, rank_teams
from tournaments.bridge.teams.scoring import TeamsError


def places(ranking):
    return [(row.place, row.tied, row.team) for row in ranking]


def test_the_ranking_adds_vps_and_a_bye_counts():
    matches = [
        MatchScore("A", "B", 15.0, 5.0, 40, 20),
        MatchScore("C", None, 12.0),
        MatchScore("A", "C", 9.5, 10.5, 18, 20),
    ]
    ranking = rank_teams(["A", "B", "C"], matches)
    assert [(row.team, row.vp) for row in ranking] == [("A", 24.5), ("C", 22.5), ("B", 5.0)]
    assert places(ranking) == [(1, False, "A"), (2, False, "C"), (3, False, "B")]
    assert ranking[0].imps_for == 58 and ranking[0].imps_against == 40


# A and B finish level on 30 VPs: A beat B, but B has the better IMP quotient.
LEVEL = [
    MatchScore("A", "B", 12.0, 8.0, 25, 20),
    MatchScore("A", "C", 18.0, 2.0, 10, 0),
    MatchScore("B", "C", 20.0, 0.0, 90, 0),
    MatchScore("D", None, 10.0),
    MatchScore("B", "D", 2.0, 18.0, 0, 10),
]


@pytest.mark.parametrize(
    ("tie_break", "expected"),
    [("head_to_head", ["A", "B", "D", "C"]), ("imp_quotient", ["B", "A", "D", "C"])],
)
def test_teams_level_on_vps_are_split_by_the_events_tie_break(tie_break, expected):
    ranking = rank_teams("ABCD", LEVEL, tie_break)
    assert [row.team for row in ranking] == expected
    assert [row.place for row in ranking] == [1, 2, 3, 4]


def test_three_level_teams_play_off_in_their_mini_league():
    # A, B and C each won one match among them 15-5: the mini-league is level too, so the
    # IMP quotient decides: C 50/31, B 40/40, A 31/50.
    matches = [
        MatchScore("A", "B", 15.0, 5.0, 30, 10),
        MatchScore("B", "C", 15.0, 5.0, 30, 10),
        MatchScore("C", "A", 15.0, 5.0, 40, 1),
    ]
    ranking = rank_teams(["A", "B", "C"], matches)
    assert [row.team for row in ranking] == ["C", "B", "A"]
    assert ranking[0].imp_quotient == pytest.approx(50 / 31)


def test_teams_level_on_everything_share_the_place():
    matches = [MatchScore("A", "B", 10.0, 10.0, 20, 20), MatchScore("C", None, 6.0)]
    assert places(rank_teams(["A", "B", "C"], matches)) == [(1, True, "A"), (1, True, "B"), (3, False, "C")]


def test_a_team_that_conceded_nothing_has_an_infinite_quotient():
    ranking = rank_teams(["A", "B"], [MatchScore("A", "B", 20.0, 0.0, 50, 0)])
    assert ranking[0].imp_quotient == math.inf and ranking[1].imp_quotient == 0.0


def test_an_unknown_tie_break_is_refused():
    with pytest.raises(TeamsError, match="head_to_head, imp_quotient"):
        rank_teams(["A"], [], "coin")
