"""A competition's table against tables worked out by hand from small seasons."""

from __future__ import annotations

import pytest

from tournaments.bridge.season.competition import (
    MATCHPOINTS,
    PERCENTAGES,
    POINTS,
    CompetitionInputError,
    Entry,
    Rules,
    competition_table,
    position_points,
)

# Four sessions; partners change. Percentages and matchpoints per pair, places in one field.
SEASON = [
    (
        "s1",
        [
            Entry(("ann", "bob"), 60.0, 30, 1),
            Entry(("cat", "dan"), 55.0, 27, 2),
            Entry(("eve", "fay"), 35.0, 18, 3),
        ],
    ),
    (
        "s2",
        [
            Entry(("ann", "cat"), 52.0, 26, 1, "NS"),
            Entry(("bob", "dan"), 48.0, 24, 2, "NS"),
            Entry(("eve", "gus"), 58.0, 29, 1, "EW"),
            Entry(("fay", "hal"), 42.0, 21, 2, "EW"),
        ],
    ),
    (
        "s3",
        [
            Entry(("ann", "dan"), 45.0, 22, 2),
            Entry(("bob", "cat"), 45.0, 22, 2),
            Entry(("eve", "fay"), 60.0, 30, 1),
        ],
    ),
    ("s4", [Entry(("ann", "eve"), 70.0, 35, 1), Entry(("bob", "gus"), 30.0, 15, 2)]),
]


def _by_player(table):
    return {line.player: line for line in table}


def test_best_two_of_percentages_with_a_minimum_of_three_sessions():
    table = competition_table(SEASON, Rules(PERCENTAGES, best_of=2, minimum=3))
    lines = _by_player(table)
    # ann: 60, 52, 45, 70 -> best two 70 and 60 = 65; drops s2 and s3.
    assert lines["ann"].total == pytest.approx(65.0)
    assert [s.session for s in lines["ann"].counted] == ["s1", "s4"]
    assert [s.session for s in lines["ann"].dropped] == ["s2", "s3"]
    # eve: 35, 58, 60, 70 -> 65 too: ann and eve share first.
    assert lines["eve"].total == pytest.approx(65.0)
    assert (lines["ann"].rank, lines["ann"].tied, lines["eve"].rank) == (1, True, 1)
    # bob: 60, 48, 45, 30 -> 54; cat: 55, 52, 45 -> 53.5; dan 55, 48, 45 -> 51.5; fay 35, 42, 60 -> 51.
    assert [(line.player, line.rank) for line in table[2:6]] == [
        ("bob", 3),
        ("cat", 4),
        ("dan", 5),
        ("fay", 6),
    ]
    # gus (2 sessions) and hal (1) have not qualified: listed after, unranked, best total first.
    assert [(line.player, line.rank, line.qualified) for line in table[6:]] == [
        ("gus", None, False),
        ("hal", None, False),
    ]
    assert lines["gus"].total == pytest.approx(44.0)


def test_cumulative_matchpoints_count_every_session():
    table = competition_table(SEASON, Rules(MATCHPOINTS))
    totals = {line.player: line.total for line in table}
    assert totals == {
        "ann": 30 + 26 + 22 + 35,
        "bob": 30 + 24 + 22 + 15,
        "cat": 27 + 26 + 22,
        "dan": 27 + 24 + 22,
        "eve": 18 + 29 + 30 + 35,
        "fay": 18 + 21 + 30,
        "gus": 29 + 15,
        "hal": 21,
    }
    assert [line.player for line in table[:2]] == ["ann", "eve"]
    assert all(not line.dropped for line in table)


def test_position_points_share_a_tied_place_and_give_each_field_its_own_places():
    table = competition_table(SEASON, Rules(POINTS, scale=(10, 8, 6)))
    totals = {line.player: line.total for line in table}
    # s3: ann-dan and bob-cat tie for 2nd, sharing 8 + 6 -> 7 each; s2 has two fields, each with a 1st.
    assert totals["ann"] == 10 + 10 + 7 + 10
    assert totals["bob"] == 10 + 8 + 7 + 8
    assert totals["eve"] == 6 + 10 + 10 + 10
    assert totals["gus"] == 10 + 8
    assert totals["hal"] == 8
    assert [(line.player, line.rank) for line in table[:3]] == [("ann", 1), ("eve", 2), ("bob", 3)]


@pytest.mark.parametrize(
    ("rank", "tied_with", "scale", "points"),
    [
        (1, 1, (10, 8, 6), 10),
        (2, 2, (10, 8, 6), 7),
        (3, 2, (10, 8, 6), 3),  # 6 and nothing for the place past the scale
        (5, 1, (10, 8, 6), 0),
        (1, 3, (12, 6, 3), 7),
    ],
)
def test_position_points_by_the_scale(rank, tied_with, scale, points):
    assert position_points(rank, tied_with, scale) == pytest.approx(points)


def test_equal_scores_drop_the_later_session():
    sessions = [("a", [Entry(("p",), 50.0, 10, 1)]), ("b", [Entry(("p",), 50.0, 10, 1)])]
    (line,) = competition_table(sessions, Rules(PERCENTAGES, best_of=1))
    assert [s.session for s in line.counted] == ["a"]
    assert [s.session for s in line.dropped] == ["b"]


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (dict(method="elo"), "method"),
        (dict(best_of=0), "best_of"),
        (dict(minimum=-1), "minimum"),
        (dict(method=POINTS), "scale"),
        (dict(method=POINTS, scale=(5, -1)), "negative"),
    ],
)
def test_rules_that_cannot_score_are_refused_by_name(rules, message):
    with pytest.raises(CompetitionInputError, match=message):
        Rules(**rules)


def test_a_player_in_two_pairs_of_one_session_is_refused():
    sessions = [("s", [Entry(("p", "q"), 50, 1, 1), Entry(("p", "r"), 50, 1, 2)])]
    with pytest.raises(CompetitionInputError, match="two pairs of session 's'"):
        competition_table(sessions, Rules())


def test_a_championship_by_master_points_sums_each_players_awards_over_his_best_sessions():
    """Issue 30: ranked by master points won; a place below the awards brings 0."""
    from tournaments.bridge.season.competition import MASTER_POINTS

    first = [Entry(("ann", "bob"), 60.0, 30, 1, master_points=0.8), Entry(("cat", "dan"), 40.0, 20, 2)]
    second = [Entry(("ann", "cat"), 55.0, 25, 1, master_points=0.56), Entry(("bob", "dan"), 45.0, 22, 2)]
    best = competition_table([("s1", first), ("s2", second)], Rules(MASTER_POINTS, best_of=1))
    assert [(line.player, line.rank, line.tied, round(line.total, 2)) for line in best] == [
        ("ann", 1, True, 0.8),
        ("bob", 1, True, 0.8),
        ("cat", 3, False, 0.56),
        ("dan", 4, False, 0.0),
    ]
    every = competition_table([("s1", first), ("s2", second)], Rules(MASTER_POINTS))
    assert [(line.player, round(line.total, 2)) for line in every][:2] == [("ann", 1.36), ("bob", 0.8)]
