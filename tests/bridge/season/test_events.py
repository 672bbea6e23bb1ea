"""An event over several sessions: the same pairs, their scores carried as the director chooses."""

from __future__ import annotations

import pytest

from tournaments.bridge.matchpoints import matchpoints
from tournaments.bridge.season.events import (
    MEAN_PERCENTAGE,
    TOTAL_MATCHPOINTS,
    EventInputError,
    PairResult,
    event_ranking,
)


def result(players: str, percentage: float, matchpoints: float, field: str = "") -> PairResult:
    """A pair of players named by letters ('AB': Ann and Bob), whatever their order."""
    return PairResult(frozenset(players), percentage, matchpoints, field)


def places(lines) -> list[tuple[str, str]]:
    return [("".join(sorted(line.players)), f"{line.rank}{'=' if line.tied else ''}") for line in lines]


# Session 1: a small field, top 2 a board on 10 boards (20 matchpoints at most); session 2:
# a big one, top 10 a board on 10 boards (100 at most). AB wins the small night, CD the big one.
SMALL = [result("AB", 60.0, 12.0), result("CD", 40.0, 8.0)]
BIG = [result("AB", 45.0, 45.0), result("CD", 52.0, 52.0)]


@pytest.mark.parametrize(
    ("method", "expected", "totals"),
    [
        # 12 + 45 = 57 against 8 + 52 = 60: the big session's top outweighs the small one's.
        (TOTAL_MATCHPOINTS, [("CD", "1"), ("AB", "2")], [60.0, 57.0]),
        # (60 + 45) / 2 = 52.5 against (40 + 52) / 2 = 46: each night counts the same.
        (MEAN_PERCENTAGE, [("AB", "1"), ("CD", "2")], [52.5, 46.0]),
    ],
)
def test_sessions_of_different_tops_weigh_by_their_top_in_matchpoints_and_equally_in_percentages(
    method, expected, totals
):
    lines = event_ranking([SMALL, BIG], method)
    assert places(lines) == expected
    assert [line.total for line in lines] == totals


def test_each_sessions_score_is_kept_beside_the_carried_total():
    (first, second) = event_ranking([SMALL, BIG], TOTAL_MATCHPOINTS)
    assert first.scores == (8.0, 52.0) and second.scores == (12.0, 45.0)


def test_a_pair_is_the_same_two_players_in_either_order_and_any_seat():
    lines = event_ranking(
        [
            [PairResult(frozenset({"Ann", "Bob"}), 55.0, 11.0)],
            [PairResult(frozenset({"Bob", "Ann"}), 50.0, 10.0)],
        ],
        MEAN_PERCENTAGE,
    )
    assert len(lines) == 1 and lines[0].scores == (55.0, 50.0) and lines[0].rank == 1


def test_after_one_session_the_event_ranks_as_that_session():
    assert places(event_ranking([SMALL], MEAN_PERCENTAGE)) == [("AB", "1"), ("CD", "2")]


def test_matchpoints_from_the_rules_carry_into_the_total():
    """Session matchpoints as ``bridge.matchpoints`` gives them, summed board by board and night by night."""
    night1 = matchpoints([420, 400, 420])  # pairs 1, 2, 3 sitting NS
    night2 = matchpoints([-50, 100, 100])
    pairs = ["AB", "CD", "EF"]
    sessions = [
        [result(pair, 0.0, points) for pair, points in zip(pairs, night, strict=True)]
        for night in (night1, night2)
    ]
    lines = event_ranking(sessions, TOTAL_MATCHPOINTS)
    # AB 1.5 + 0 = 1.5, CD 0 + 1.5 = 1.5, EF 1.5 + 1.5 = 3.
    assert [("".join(sorted(line.players)), line.total) for line in lines] == [
        ("EF", 3.0),
        ("CD", 1.5),
        ("AB", 1.5),
    ]
    # AB and CD tie on 1.5: CD scored more in the last session, so CD is placed higher.
    assert places(lines)[1:] == [("CD", "2"), ("AB", "3")]


def test_a_tie_in_the_total_is_broken_by_the_last_session_then_the_one_before():
    sessions = [
        [result("AB", 50.0, 10.0), result("CD", 48.0, 9.6), result("EF", 52.0, 10.4)],
        [result("AB", 52.0, 10.4), result("CD", 54.0, 10.8), result("EF", 50.0, 10.0)],
        [result("AB", 51.0, 10.2), result("CD", 51.0, 10.2), result("EF", 51.0, 10.2)],
    ]
    # All three total 153% (mean 51): equal in the last session, so the second decides.
    assert places(event_ranking(sessions, MEAN_PERCENTAGE)) == [("CD", "1"), ("AB", "2"), ("EF", "3")]


def test_pairs_equal_on_the_total_and_every_session_share_the_place():
    sessions = [[result("AB", 55.0, 11.0), result("CD", 55.0, 11.0), result("EF", 40.0, 8.0)]]
    assert places(event_ranking(sessions, TOTAL_MATCHPOINTS)) == [("AB", "1="), ("CD", "1="), ("EF", "3")]


def test_totals_equal_but_for_the_floats_last_bits_are_equal():
    sessions = [
        [result("AB", 0.1, 0.1), result("CD", 0.3, 0.3)],
        [result("AB", 0.2, 0.2), result("CD", 0.0, 0.0)],
    ]
    lines = event_ranking(sessions, TOTAL_MATCHPOINTS)
    assert 0.1 + 0.2 != 0.3 and places(lines) == [("AB", "1"), ("CD", "2")]  # equal: the last session decides


def test_a_pair_missing_from_a_session_is_listed_after_the_ranked_pairs_unranked():
    sessions = [
        [result("AB", 70.0, 14.0), result("CD", 50.0, 10.0), result("EF", 30.0, 6.0)],
        [result("CD", 50.0, 10.0), result("EF", 50.0, 10.0), result("GH", 50.0, 10.0)],
    ]
    lines = event_ranking(sessions, MEAN_PERCENTAGE)
    assert places(lines) == [("CD", "1"), ("EF", "2"), ("AB", "None"), ("GH", "None")]
    absent, newcomer = lines[2], lines[3]
    assert absent.missed == (2,) and absent.scores == (70.0, None) and not absent.ranked
    assert newcomer.missed == (1,) and newcomer.total == 50.0


def test_a_changed_partner_is_a_new_pair():
    lines = event_ranking([[result("AB", 60.0, 12.0)], [result("AC", 60.0, 12.0)]], TOTAL_MATCHPOINTS)
    assert {"".join(sorted(line.players)): line.missed for line in lines} == {"AB": (2,), "AC": (1,)}


def test_pairs_that_keep_their_mitchell_field_each_night_are_ranked_in_two_fields():
    sessions = [
        [
            result("AB", 60, 12, "NS"),
            result("CD", 40, 8, "NS"),
            result("EF", 55, 11, "EW"),
            result("GH", 45, 9, "EW"),
        ],
        [
            result("AB", 50, 10, "NS"),
            result("CD", 50, 10, "NS"),
            result("EF", 40, 8, "EW"),
            result("GH", 60, 12, "EW"),
        ],
    ]
    lines = event_ranking(sessions, MEAN_PERCENTAGE)
    assert [(line.field, *places([line])[0]) for line in lines] == [
        ("NS", "AB", "1"),
        ("NS", "CD", "2"),
        ("EW", "GH", "1"),
        ("EW", "EF", "2"),
    ]


def test_one_pair_changing_field_makes_the_event_one_field():
    sessions = [
        [result("AB", 60, 12, "NS"), result("CD", 40, 8, "EW")],
        [
            result("AB", 45, 9, "EW"),
            result("CD", 55, 11, "NS"),
        ],  # the directions swapped for the second night
    ]
    lines = event_ranking(sessions, MEAN_PERCENTAGE)
    assert [(line.field, *places([line])[0]) for line in lines] == [("", "AB", "1"), ("", "CD", "2")]


@pytest.mark.parametrize(
    ("sessions", "method", "message"),
    [
        ([SMALL], "butler", "not 'butler'"),
        (
            [SMALL, [result("AB", 50, 10), result("BC", 50, 10)]],
            MEAN_PERCENTAGE,
            "session 2: player 'B' sits in two pairs",
        ),
        ([[result("AB", 50, 10), result("AB", 50, 10)]], MEAN_PERCENTAGE, "session 1: player '"),
        ([[result("", 50, 10)]], MEAN_PERCENTAGE, "session 1: a pair without players"),
    ],
)
def test_results_an_event_cannot_be_ranked_from_are_refused_by_name(sessions, method, message):
    with pytest.raises(EventInputError, match=message.replace("(", r"\(")):
        event_ranking(sessions, method)


def test_no_sessions_no_lines():
    assert event_ranking([], TOTAL_MATCHPOINTS) == []
