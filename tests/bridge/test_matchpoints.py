"""Matchpoints and percentages of a board, both directions, and a pair's session figures."""

import random

import pytest

from tournaments.bridge.matchpoints import (
    BoardMatchpoints,
    PairSession,
    board_matchpoints,
    half_matchpoints,
    matchpoints,
    mean_percentage,
    percentages,
    places,
    session_totals,
)

# The seed's example game: one row per board, one North-South score per pair 1..4.
SEED_BOARDS = [
    [-430, -400, -520, -1100],
    [-180, -130, -130, 0],
    [-100, 650, 650, None],
]


def seed_hint_matchpoints(scores):
    """The seed's own method, every score against every other: the reference to agree with."""
    result = []
    for mine in scores:
        if mine is None:
            result.append(None)
            continue
        points = 0.0
        for other in scores:
            if other is not None and other < mine:
                points += 1
            elif other == mine:
                points += 0.5
        result.append(points - 0.5)
    return result


def seed_hint_percentages(scores):
    played = sum(score is not None for score in scores)
    return [
        None if mp is None else 50.0 if played == 1 else mp * 100 / (played - 1)
        for mp in seed_hint_matchpoints(scores)
    ]


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        pytest.param(SEED_BOARDS[0], [2, 3, 1, 0], id="seed-board-1-Bill-Warren-2"),
        pytest.param(SEED_BOARDS[1], [0, 1.5, 1.5, 3], id="seed-board-2-pass-is-top"),
        pytest.param(SEED_BOARDS[2], [0, 1.5, 1.5, None], id="seed-board-3-ties-1.5"),
        pytest.param([100, 100, 100], [1, 1, 1], id="all-equal"),
        pytest.param([420], [0], id="single-pair"),
        pytest.param([None, 420, None], [None, 0, None], id="single-pair-among-absentees"),
        pytest.param([None, None], [None, None], id="nobody-played"),
        pytest.param([], [], id="no-results"),
        pytest.param([50, -50, 50, 50, 0], [3, 0, 3, 3, 1], id="three-way-tie-on-top"),
        pytest.param([-2000, 7600, None, 0, -2000], [0.5, 3, None, 2, 0.5], id="tie-at-the-bottom"),
    ],
)
def test_matchpoints_give_one_per_pair_beaten_and_half_per_tie(scores, expected):
    assert matchpoints(scores) == expected
    assert half_matchpoints(scores) == [None if mp is None else int(mp * 2) for mp in expected]


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        pytest.param(SEED_BOARDS[0], [200 / 3, 100.0, 100 / 3, 0.0], id="seed-board-1"),
        pytest.param(SEED_BOARDS[2], [0.0, 75.0, 75.0, None], id="seed-board-3-three-played"),
        pytest.param([420], [50.0], id="single-pair-gets-50"),
        pytest.param([None, -50, None], [None, 50.0, None], id="single-player-among-absentees"),
        pytest.param([10, 10], [50.0, 50.0], id="two-tied"),
        pytest.param([None, None, None], [None, None, None], id="nobody-played"),
    ],
)
def test_percentage_is_matchpoints_over_pairs_that_played_minus_one(scores, expected):
    assert percentages(scores) == expected


def test_seed_worked_percentages_print_as_the_seed_shows():
    printed = [
        [f"{pct:.2f}" if pct is not None else "-" for pct in percentages(board)] for board in SEED_BOARDS
    ]
    assert printed == [
        ["66.67", "100.00", "33.33", "0.00"],
        ["0.00", "50.00", "50.00", "100.00"],
        ["0.00", "75.00", "75.00", "-"],
    ]


@pytest.mark.parametrize("seed", range(20))
def test_matchpoints_agree_with_the_seeds_every_pair_method(seed):
    rng = random.Random(seed)
    size = rng.randint(1, 40)
    scores = [rng.choice([None, -620, -100, 0, 90, 110, 140, 420, 450, 480]) for _ in range(size)]
    assert matchpoints(scores) == seed_hint_matchpoints(scores)
    assert percentages(scores) == seed_hint_percentages(scores)


class CountedScore(int):
    """A score that counts how often it is ordered against another."""

    comparisons = 0

    def __lt__(self, other):
        CountedScore.comparisons += 1
        return int(self) < int(other)


def test_matchpoints_sort_rather_than_compare_every_pair_with_every_other():
    pairs = 2000
    scores = [CountedScore(score) for score in random.Random(7).sample(range(-10_000, 10_000), pairs)]
    CountedScore.comparisons = 0
    matchpoints(scores)
    # Sorting costs about n log2 n = 22,000 comparisons here; every pair against every other, 4,000,000.
    assert 0 < CountedScore.comparisons < 2 * pairs * 11


@pytest.mark.parametrize(
    ("ns_scores", "expected"),
    [
        pytest.param(
            SEED_BOARDS[2],
            [
                BoardMatchpoints(0.0, 2.0, 0.0, 100.0),
                BoardMatchpoints(1.5, 0.5, 75.0, 25.0),
                BoardMatchpoints(1.5, 0.5, 75.0, 25.0),
                None,
            ],
            id="three-played-one-absent",
        ),
        pytest.param([-100], [BoardMatchpoints(0.0, 0.0, 50.0, 50.0)], id="single-result-50-each-way"),
        pytest.param([300, 300], [BoardMatchpoints(0.5, 0.5, 50.0, 50.0)] * 2, id="flat-board"),
    ],
)
def test_board_matchpoints_give_east_west_the_complement(ns_scores, expected):
    assert board_matchpoints(ns_scores) == expected


@pytest.mark.parametrize("seed", range(10))
def test_east_west_figures_are_those_of_the_negated_scores(seed):
    rng = random.Random(seed)
    # Two results at least, so that no lone pair's 50% both ways (tested above) comes in.
    ns_scores = [-200, 110] + [
        rng.choice([None, -1100, -200, 0, 110, 140, 620, 650]) for _ in range(rng.randint(0, 30))
    ]
    rng.shuffle(ns_scores)
    ew_scores = [None if score is None else -score for score in ns_scores]
    figures = [figure for figure in board_matchpoints(ns_scores) if figure is not None]
    assert [figure.ns_mp for figure in figures] == [mp for mp in matchpoints(ns_scores) if mp is not None]
    assert [figure.ew_mp for figure in figures] == [mp for mp in matchpoints(ew_scores) if mp is not None]
    assert [figure.ns_pct for figure in figures] == [p for p in percentages(ns_scores) if p is not None]
    assert [figure.ew_pct for figure in figures] == [p for p in percentages(ew_scores) if p is not None]


@pytest.mark.parametrize(
    ("board_percentages", "expected"),
    [
        pytest.param([200 / 3, 0.0, 0.0], (200 / 3) / 3, id="seed-Bill-Warren"),
        pytest.param([0.0, 100.0, None], 50.0, id="seed-Tiger-Phil-sat-out-board-3"),
        pytest.param([None, None], None, id="played-nothing"),
        pytest.param([], None, id="no-boards"),
        # Added in order, as C does: 0.1 ten times is 0.9999999999999999, not math.fsum's 1.0.
        pytest.param([0.1] * 10, 0.09999999999999999, id="summed-in-board-order"),
    ],
)
def test_session_percentage_is_the_mean_of_the_boards_played(board_percentages, expected):
    assert mean_percentage(board_percentages) == expected


def test_session_totals_of_the_seed_example():
    totals = session_totals(SEED_BOARDS, 4)
    assert totals == [
        PairSession(3, -710, 2.0, 200 / 3),
        PairSession(3, 120, 6.0, 225.0),
        PairSession(3, 0, 4.0, 100 / 3 + 50.0 + 75.0),
        PairSession(2, -1100, 3.0, 100.0),
    ]
    assert [f"{pair.percentage:.2f}" for pair in totals] == ["22.22", "75.00", "52.78", "50.00"]
    assert [f"{pair.average_score:.2f}" for pair in totals] == ["-236.67", "40.00", "0.00", "-550.00"]


@pytest.mark.parametrize(
    ("boards", "pair_count", "expected"),
    [
        pytest.param([], 2, [PairSession(0, 0, 0.0, 0.0)] * 2, id="no-boards"),
        pytest.param(
            [[None, None], [None, 100]],
            2,
            [PairSession(0, 0, 0.0, 0.0), PairSession(1, 100, 0.0, 50.0)],
            id="pair-that-played-nothing",
        ),
    ],
)
def test_session_totals_of_pairs_that_played_little(boards, pair_count, expected):
    totals = session_totals(boards, pair_count)
    assert totals == expected
    assert totals[0].average_score is None
    assert totals[0].percentage is None


def test_session_totals_refuse_a_board_with_the_wrong_number_of_scores():
    with pytest.raises(ValueError, match="board 2 has 1 scores, expected one for each of 2 pairs"):
        session_totals([[1, 2], [3]], 2)


@pytest.mark.parametrize("seed", range(5))
def test_session_totals_agree_with_board_by_board_figures(seed):
    rng = random.Random(seed)
    pair_count, board_count = rng.randint(1, 30), rng.randint(1, 12)
    boards = [
        [rng.choice([None, -500, -50, 0, 50, 100, 110, 500]) for _ in range(pair_count)]
        for _ in range(board_count)
    ]
    by_board = [seed_hint_percentages(board) for board in boards]
    by_board_mp = [seed_hint_matchpoints(board) for board in boards]
    for pair, totals in enumerate(session_totals(boards, pair_count)):
        scores = [board[pair] for board in boards if board[pair] is not None]
        assert totals.boards_played == len(scores)
        assert totals.total_score == sum(scores)
        assert totals.total_matchpoints == sum(mp[pair] for mp in by_board_mp if mp[pair] is not None)
        assert totals.percentage == mean_percentage(pct[pair] for pct in by_board)


@pytest.mark.parametrize(
    ("percentages", "expected"),
    [
        ([60.0, 50.0, 40.0], [(1, False), (2, False), (3, False)]),
        ([50.0, 60.0, 60.0, 40.0], [(3, False), (1, True), (1, True), (4, False)]),
        ([55.0, 45.0, 55.0, 45.0], [(1, True), (3, True), (1, True), (3, True)]),
        ([50.0], [(1, False)]),
        ([], []),
        # Means that differ only in the last bits of a double are the same result.
        ([(100 + 0 + 50) / 3, 50.0, (0 + 100 + 50) / 3], [(1, True), (1, True), (1, True)]),
    ],
)
def test_places_rank_best_first_and_equal_percentages_share_a_place(percentages, expected):
    assert [tuple(place) for place in places(percentages)] == expected
