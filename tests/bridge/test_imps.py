"""The WBF IMP scale, cross-IMPs and Butler IMPs of one board, worked by hand."""

import pytest

from tournaments.bridge.imps import IMP_THRESHOLDS, MAX_IMPS, butler_datum, butler_imps, cross_imps, imps


@pytest.mark.parametrize(
    ("difference", "expected"),
    [
        (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
        (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8),
        (360, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12),
        (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15),
        (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19),
        (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
        (3500, 23), (3990, 23), (4000, 24), (7600, 24),
    ],
)  # fmt: skip
def test_the_wbf_scale_at_both_ends_of_every_step(difference, expected):
    assert imps(difference) == expected
    assert imps(-difference) == -expected


def test_the_scale_has_24_steps_in_increasing_order():
    assert MAX_IMPS == 24
    assert list(IMP_THRESHOLDS) == sorted(set(IMP_THRESHOLDS))


def test_cross_imps_worked_example():
    # 620 against 170, 140, 140, -100: differences 450, 480, 480, 720 are 10+10+10+12 = 42
    # IMPs over 4 comparisons = 10.5. 170: -10 + 1 + 1 + 7 = -1 -> -0.25. 140: -10 - 1 + 0 + 6
    # = -5 -> -1.25. -100: -12 - 7 - 6 - 6 = -31 -> -7.75. The board adds up to zero.
    result = cross_imps([620, 170, 140, 140, -100])
    assert result == [10.5, -0.25, -1.25, -1.25, -7.75]
    assert sum(result) == 0


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([], []),
        ([None], [None]),
        ([420], [0.0]),
        ([420, None], [0.0, None]),
        ([420, 400], [1.0, -1.0]),
        ([420, 420, 420], [0.0, 0.0, 0.0]),
        # 600 v -100 is 700 = 12; 600 v 600 is 0: (12 + 0) / 2 = 6; -100: (-12 - 12) / 2.
        ([600, None, 600, -100], [6.0, None, 6.0, -12.0]),
    ],
)
def test_cross_imps_edge_cases(scores, expected):
    assert cross_imps(scores) == expected


def test_butler_worked_example():
    # Six results; the top (+100) and bottom (-1440) leave the datum:
    # (-650 - 170 - 170 - 200) / 4 = -297.5, nearest 10 is -300.
    scores = [-650, -170, -1440, 100, -170, -200]
    assert butler_datum(scores) == -300
    # -350 -> -8, +130 -> 4, -1140 -> -15, +400 -> 9, +130 -> 4, +100 -> 3.
    assert butler_imps(scores) == [-8, 4, -15, 9, 4, 3]


@pytest.mark.parametrize(
    ("scores", "datum"),
    [
        ([None, None], None),
        ([420], 420),
        ([-10, -20], -10),  # mean -15: a half rounds up
        ([20, 30], 30),  # mean 25: up
        ([10, 20, 20], 20),  # mean 16.67
        ([0, 0, 0, 400], 100),  # four results: nothing left out, mean 100
        ([0, 0, 0, 0, 1000], 0),  # five: 1000 and one 0 left out
        ([-2000, 100, 100, 110, 5000], 100),  # mean of 100, 100, 110 = 103.3
        ([None, -2000, 100, None, 100, 110, 5000], 100),
    ],
)
def test_butler_datum(scores, datum):
    assert butler_datum(scores) == datum


def test_butler_imps_leave_out_pairs_that_did_not_play():
    assert butler_imps([None, 620, 170]) == [None, 6, -6]  # datum 395 rounds up to 400
    assert butler_imps([None]) == [None]
