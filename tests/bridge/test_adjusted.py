"""Adjusted scores (Law 12C) and Neuberg's formula, on boards worked by hand."""

import random
from fractions import Fraction

import pytest

from tournaments.bridge.adjusted import (
    MAX_COMBINATIONS,
    Adjustment,
    AdjustmentError,
    AdjustmentPercentages,
    Artificial,
    Assigned,
    adjusted_board,
    artificial_percentage,
    assigned_imps,
    with_stated,
)
from tournaments.bridge.imps import butler_imps, cross_imps
from tournaments.bridge.matchpoints import BoardMatchpoints, board_matchpoints, neuberg

PLUS, AVE, MINUS = Adjustment.AVERAGE_PLUS, Adjustment.AVERAGE, Adjustment.AVERAGE_MINUS


@pytest.mark.parametrize(
    ("mp", "results", "full", "expected"),
    [
        # EBU-style worked example in 2-per-pair-beaten units: 8 of a top of 10 on a board
        # played 6 times where the others were played 7 times becomes (8 + 1) * 7/6 - 1 = 9.5
        # of a top of 12. In our 1-per-pair-beaten units that is 4 -> 4.75.
        (4, 6, 7, Fraction(19, 4)),
        (0, 6, 7, Fraction(1, 12)),  # a bottom: (0 + 1) * 7/6 - 1 = 1/6 of 12 -> 1/12 of 6
        (5, 6, 7, Fraction(71, 12)),  # a top: (10 + 1) * 7/6 - 1 = 71/6 of 12 -> 71/12 of 6
        (Fraction(5, 2), 6, 7, Fraction(3)),  # an average stays an average: 5 of 10 -> 6 of 12
        (0, 1, 5, Fraction(2)),  # a lone result gets the average of the full top, 4
        (3, 4, 4, Fraction(3)),  # a full board is unchanged
    ],
)
def test_neuberg_worked_examples(mp, results, full, expected):
    assert neuberg(Fraction(mp), results=results, full=full) == expected
    # The same figure in the published 2-per-beat form, MP' = (MP + 1) * N / n - 1.
    assert 2 * expected == (2 * Fraction(mp) + 1) * full / results - 1


def test_neuberg_of_a_float_is_a_float():
    assert neuberg(4.0, results=6, full=7) == pytest.approx(4.75)


@pytest.mark.parametrize(("results", "full"), [(0, 3), (4, 3), (-1, 2)])
def test_neuberg_refuses_impossible_counts(results, full):
    with pytest.raises(ValueError, match="results"):
        neuberg(1.0, results=results, full=full)


@pytest.mark.parametrize(
    ("adjustment", "session", "expected"),
    [
        (PLUS, None, 60.0),
        (PLUS, 55.0, 60.0),
        (PLUS, 63.2, 63.2),  # Law 12C2: at least 60%, the pair's session percentage if higher
        (AVE, 70.0, 50.0),
        (MINUS, None, 40.0),
        (MINUS, 30.0, 40.0),
    ],
)
def test_artificial_percentage(adjustment, session, expected):
    assert artificial_percentage(adjustment, session_percentage=session) == expected


def test_a_club_can_set_its_own_percentages():
    club = AdjustmentPercentages(plus=65, average=50, minus=35)
    assert [artificial_percentage(a, percentages=club) for a in (PLUS, AVE, MINUS)] == [65, 50, 35]


@pytest.mark.parametrize(("plus", "average", "minus"), [(40, 50, 60), (101, 50, 40), (60, 50, -1)])
def test_percentages_out_of_order_are_refused(plus, average, minus):
    with pytest.raises(AdjustmentError, match="minus <= average <= plus"):
        AdjustmentPercentages(plus=plus, average=average, minus=minus)


def test_a_split_artificial_score_beside_real_results_is_neuberg_scaled():
    # Four tables; one gets NS Average-plus, EW Average-minus. The three real results are
    # matchpointed among themselves (100: 2, 50: 0.5 each) and scaled from 3 results to 4:
    # 100 -> (2 + 0.5) * 4/3 - 0.5 = 17/6 of a top of 3 (94.44%), 50 -> 5/6 (27.78%).
    board = adjusted_board([100, Artificial(PLUS, MINUS), 50, 50])
    assert board[1] == BoardMatchpoints(1.8, 1.2, 60.0, 40.0)
    assert board[0] == pytest.approx(BoardMatchpoints(17 / 6, 1 / 6, 1700 / 18, 100 / 18))
    assert board[2] == board[3] == pytest.approx(BoardMatchpoints(5 / 6, 13 / 6, 500 / 18, 1300 / 18))
    # The real results share the matchpoints of three tables of a four-table board: 3 x 3 / 2.
    assert sum(entry.ns_mp for entry in (board[0], board[2], board[3])) == pytest.approx(4.5)


def test_both_sides_average_and_session_percentage():
    board = adjusted_board(
        [Artificial(AVE, AVE), Artificial(PLUS, PLUS, ns_session=66.5, ew_session=58.0), 10]
    )
    assert board[0].ns_pct == board[0].ew_pct == 50.0
    assert (board[1].ns_pct, board[1].ew_pct) == (66.5, 60.0)
    assert board[2] == BoardMatchpoints(1.0, 1.0, 50.0, 50.0)  # a lone real result: average


@pytest.mark.parametrize(
    "stated, expected",
    [
        # Compscore's A5050 line whose director gave NS 23 and EW 11 of 40: 57.5% and 27.5%.
        # (The two real results, 20 beating 10, are scaled to three: 87.5% and 12.5%.)
        ([(57.5, 27.5), None, None], [(57.5, 27.5), (87.5, 12.5), (12.5, 87.5)]),
        # A played line given other figures by hand; the others keep theirs.
        ([None, (25.0, 75.0), None], [(50.0, 50.0), (25.0, 75.0), (12.5, 87.5)]),
        ([None, None, None], [(50.0, 50.0), (87.5, 12.5), (12.5, 87.5)]),
    ],
)
def test_stated_percentages_replace_only_their_own_results_figures(stated, expected):
    board = adjusted_board([Artificial(AVE, AVE), 20, 10], full=3)
    kept = with_stated(board, stated, top=2)
    assert [(figure.ns_pct, figure.ew_pct) for figure in kept] == expected
    assert all(figure.ns_mp == figure.ns_pct * 2 / 100 for figure in kept)


def test_stated_percentages_must_match_the_board():
    with pytest.raises(ValueError, match="2 stated figures for a board of 3"):
        with_stated(adjusted_board([10, 20, 30]), [None, None], top=2)


def test_an_assigned_score_is_the_weighted_matchpoints_of_its_scores():
    # 30% of 4S= (+420) and 70% of 4S-1 (-50) at table 4. Its +420 against 420, 420, -50 earns
    # 0.5 + 0.5 + 1 = 2 and its -50 earns 0 + 0 + 0.5: 0.3 x 2 + 0.7 x 0.5 = 0.95 of 3 (31.67%).
    # A +420 pair earns 0.5 (the other 420) + 1 (-50) + 0.3 x 0.5 + 0.7 x 1 = 2.35; the -50
    # pair 0 + 0 + 0.7 x 0.5 = 0.35. Together 2 x 2.35 + 0.35 + 0.95 = 6 = 4 x 3 / 2.
    assigned = Assigned.of(("0.3", 420), ("7/10", -50))
    board = adjusted_board([420, 420, -50, assigned])
    assert [entry.ns_mp for entry in board] == pytest.approx([2.35, 2.35, 0.35, 0.95])
    assert board[3].ns_pct == pytest.approx(95 / 3)
    assert board[3].ew_pct == pytest.approx(100 - 95 / 3)


def test_a_board_played_at_fewer_tables_is_scaled_to_the_full_board():
    # Two results where a full board has four: 100 beats 50 (1 of a top of 1) and becomes
    # (1 + 0.5) x 4/2 - 0.5 = 2.5 of 3 = 83.33%; 50 becomes 0.5 of 3 = 16.67%.
    board = adjusted_board([100, None, 50], full=4)
    assert board[1] is None
    assert board[0] == pytest.approx(BoardMatchpoints(2.5, 0.5, 250 / 3, 50 / 3))
    assert board[2] == pytest.approx(BoardMatchpoints(0.5, 2.5, 50 / 3, 250 / 3))


@pytest.mark.parametrize("seed", range(20))
def test_plain_boards_score_exactly_as_board_matchpoints(seed):
    rng = random.Random(seed)
    scores = [rng.choice([None, -100, -50, 110, 140, 140, 420]) for _ in range(rng.randint(1, 12))]
    assert adjusted_board(scores) == board_matchpoints(scores)


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ((), "at least one"),
        ((("0.5", 420), ("0.4", -50)), "add up to 1"),
        ((("0", 420), ("1", -50)), "positive"),
        ((("1.5", 420), ("-0.5", -50)), "positive"),
        ((("three tenths", 420),), "numbers"),
    ],
)
def test_bad_assigned_scores_are_refused(parts, message):
    with pytest.raises(AdjustmentError, match=message):
        Assigned.of(*parts)


# --- assigned_imps: IMP pairs with assigned scores -------------------------------------------------


@pytest.mark.parametrize("method", [cross_imps, butler_imps])
def test_assigned_imps_of_plain_scores_are_the_methods(method):
    scores = [420, -50, None, 400, 420, -100]
    expected = [None if imps is None else float(imps) for imps in method(scores)]
    assert assigned_imps(scores, method) == expected


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        # 420: v -50 10 IMPs, v the assigned 0.3 x 0 + 0.7 x 10; over 2 comparisons.
        (cross_imps, [8.5, -6.5, None, -2.0]),
        # Datum 30% of the time (420 - 50 + 420) / 3 = 263 -> 260 (IMPs 4, -7, 4), else
        # (420 - 50 - 50) / 3 = 107 -> 110 (IMPs 7, -4, -4): 420 gets 0.3 x 4 + 0.7 x 7.
        (butler_imps, [6.1, -4.9, None, -1.6]),
    ],
)
def test_assigned_imps_weight_every_part(method, expected):
    entries = [420, -50, None, Assigned.of(("3/10", 420), ("7/10", -50))]
    assert assigned_imps(entries, method) == pytest.approx(expected)


def test_assigned_imps_refuse_a_board_of_too_many_combinations():
    part = Assigned.of(("1/4", 100), ("1/4", 200), ("1/4", 300), ("1/4", 400))
    assert MAX_COMBINATIONS < 4**7
    with pytest.raises(AdjustmentError, match="16384 combinations"):
        assigned_imps([part] * 7, cross_imps)


@pytest.mark.parametrize(
    ("parts", "mean"),
    [
        ((("3/10", 420), ("7/10", -50)), 91),
        ((("1/2", -50), ("1/2", -100)), -75),
        ((("1/2", 5), ("1/2", 0)), 3),  # 2.5: halves away from zero
        ((("1/2", -5), ("1/2", 0)), -3),
        ((("1/3", 100), ("2/3", 0)), 33),
    ],
)
def test_an_assigned_score_has_a_weighted_mean_score_for_formats_without_weights(parts, mean):
    """Issue 24, point 9: the one score a legacy score file can hold for an assigned score."""
    assert Assigned.of(*parts).mean_score() == mean
