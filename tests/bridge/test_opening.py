"""The opening bid: each of the seed's rules, and the first rule winning where two apply.

Hands are written spades.hearts.diamonds.clubs (PBN) so their shape reads at a glance;
comments give high card points (HCP) and points (HCP plus length points).
"""

import pytest

from tournaments.bridge.cards import Hand
from tournaments.bridge.opening import (
    OPENING_RULES,
    OpeningFacts,
    one_of_a_minor_balanced_strong,
    opening_bid,
)


def bid(hand: str) -> str | None:
    return opening_bid(Hand.from_pbn(hand))


def test_seed_example_hand_opens_one_club():
    # 12 HCP + 1 for the five clubs = 13 points, no five-card major: rule 3, clubs longer.
    assert opening_bid("5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 10C") == "1C"


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("AK2.KQ3.K43.J432", "1NT"),  # 16 HCP 3-3-3-4
        ("AK2.KQ3.AQ3.5432", "1NT"),  # 18 HCP
        ("AK2.KQ32.AQ32.32", "1NT"),  # 18 HCP 3-4-4-2
        ("AK2.KQ3.K4.Q5432", "1NT"),  # 17 HCP 5-card minor 3-3-2-5, before rule 3's 1C
        ("AK2.KQ3.Q43.J432", "1C"),  # 15 HCP: too few for 1NT
        ("AK2.KQ3.AQ3.J432", "1C"),  # 19 HCP: too many for 1NT
        ("AK432.KQ3.K4.J32", "1S"),  # 16 HCP but a five-card major is not balanced
    ],
)
def test_one_notrump_is_16_to_18_hcp_balanced(hand, expected):
    assert bid(hand) == expected


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("AKJ32.KQ432.2.32", "1S"),  # 13 HCP, 5-5 majors: the higher-ranking
        ("AK32.KQ5432.2.32", "1H"),  # hearts longer
        ("AKQ432.KQ5432.2.", "1S"),  # 6-6: the higher-ranking
        ("A2.KQ5432.2.Q432", "1H"),  # 11 HCP + 2 = 13 points: length points count
        ("AQ432.K32.Q32.32", None),  # 11 HCP + 1 = 12 points: too few
        ("AKQ32.AK2.KJ2.32", "1S"),  # 20 HCP + 1 = 21 points: the top of the range
        ("AKQ32.AK2.KQ2.32", "2S"),  # 21 HCP + 1 = 22 points: rule 6 instead
    ],
)
def test_one_of_a_major_is_13_to_21_points_with_a_five_card_major(hand, expected):
    assert bid(hand) == expected


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("AK2.K32.KJ32.432", "1D"),  # 14 HCP, diamonds longer
        ("AK2.K3.K432.Q432", "1C"),  # 15 HCP, 4-4 minors: clubs
        ("AK32.K432.KJ32.2", "1D"),  # 4-4-4-1 is not balanced but still opens a minor
        ("AK32.KQ32.K32.32", "1D"),  # 4-4 majors, no five: 3-2 minors
        ("AK2.AQJ.K32.Q432", "1C"),  # 19 HCP balanced: rule 3 before rule 4
        ("AK2.K3.AQ32.KJ32", "1C"),  # 20 HCP 4-4 minors: rule 3 says clubs, rule 4 would say 1D
        ("AK2.AK3.KQ32.Q32", "1D"),  # 21 HCP balanced, 21 points: rule 3 before 2NT
        ("5432.432.432.432", None),  # no points at all
        ("AQ32.K32.Q32.J32", None),  # 12 HCP balanced: too few
    ],
)
def test_one_of_a_minor_is_13_to_21_points_the_longer_minor_clubs_when_equal(hand, expected):
    assert bid(hand) == expected


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("AK32.AQJ.K32.Q32", "1C"),  # 19 HCP, 3-3 minors: clubs
        ("AK3.AQJ.K432.Q32", "1D"),  # diamonds longer
        ("AK2.K3.AQ32.KJ32", "1D"),  # 4-4 minors: diamonds
        ("AK.QJ3.KQ2.AJ432", "1C"),  # clubs longer (5-card minor, balanced)
        ("AK2.AQ3.KQJ3.J32", "1D"),  # 20 HCP
        ("AK2.KQ3.AQ3.5432", None),  # 18 HCP: not this rule
        ("AK2.AK3.KQ32.Q32", None),  # 21 HCP: not this rule
        ("AKJ32.AQ3.KQ.432", None),  # 19 HCP but not balanced
    ],
)
def test_rule_four_alone_bids_the_longer_minor_with_4_4_diamonds_and_3_3_clubs(hand, expected):
    assert one_of_a_minor_balanced_strong(OpeningFacts.of(Hand.from_pbn(hand))) == expected


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("AK2.AK3.KQ32.K32", "2NT"),  # 22 HCP balanced
        ("AK2.AK3.KQ32.KJ2", "2NT"),  # 23 HCP balanced
        ("AK2.AK3.KQ.Q5432", "2NT"),  # 21 HCP + 1 = 22 points with a five-card minor
        ("AK2.AK3.AKQ2.J32", None),  # 24 HCP balanced, no five-card suit: nothing fits
    ],
)
def test_two_notrump_is_21_to_23_hcp_balanced(hand, expected):
    assert bid(hand) == expected


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("AKQJ2.AK2.AK2.32", "2S"),  # 24 HCP one long suit
        ("A2.AK2.K2.AKQJ32", "2C"),  # a long minor
        ("AK2.AK3.AK.K5432", "2C"),  # 24 HCP balanced: too strong for 2NT
        ("AKQ32.2.2.AKQJ32", "2S"),  # major and minor: the major, though clubs are longer and richer
        ("2.A.AKQ32.AKJ432", "2D"),  # two minors: more HCP wins over more length
        ("AKQJ2.AKQ432.A.2", "2S"),  # two majors: more HCP in spades
        ("AKQ32.AKQ432.A.2", "2H"),  # equal HCP: the longer
        ("AKQ32.AKQ32.A.K2", "2H"),  # equal HCP and length: the lower-ranking
        ("A2.K.AKQ32.AKQ32", "2C"),  # the same with two minors
        ("AKQ2.AKQ2.AKQ2.A", None),  # 4-4-4-1 with 28 HCP: no five-card suit
    ],
)
def test_two_of_a_suit_is_22_or_more_points_with_a_five_card_suit(hand, expected):
    assert bid(hand) == expected


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("2.32.432.AKQ5432", "3C"),  # 9 HCP + 3 = 12 points
        ("KQ65432.32.432.2", "3S"),  # 5 HCP
        ("2.32.Q765432.432", None),  # 2 HCP: too weak
        ("2.J3.432.Q765432", None),  # 3 HCP: too weak
        ("AKQJ432.32.432.2", "1S"),  # 10 HCP + 3 = 13 points: rule 2 first
        ("2.32.432.AKQJ432", "1C"),  # 13 points in a minor: rule 3 first
    ],
)
def test_three_of_a_suit_is_5_to_9_hcp_with_exactly_seven_cards(hand, expected):
    assert bid(hand) == expected


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("KQJ76543.32.32.2", "4S"),  # 6 HCP eight spades: exactly 6 is in range
        ("2.32.32.AKJ65432", "4C"),  # 8 HCP + 4 = 12 points
        ("2.2.32.KQJ765432", "4C"),  # nine cards: "eight or more"
        ("KQ765432.32.32.2", None),  # 5 HCP: too weak, and rule 3 needs exactly seven
        ("AKQ65432.32.32.2", "1S"),  # 9 HCP + 4 = 13 points: rule 2 first
        ("AKQ65432.K2.2.32", "1S"),  # 12 HCP: beyond the pre-empt range anyway
    ],
)
def test_four_of_a_suit_is_6_to_10_hcp_with_eight_or_more_cards(hand, expected):
    assert bid(hand) == expected


def test_the_rules_are_tried_in_the_seed_order():
    assert [rule.__name__ for rule in OPENING_RULES] == [
        "one_notrump",
        "one_of_a_major",
        "one_of_a_minor",
        "one_of_a_minor_balanced_strong",
        "two_notrump",
        "two_of_a_suit",
        "three_of_a_suit",
        "four_of_a_suit",
    ]


def test_opening_bid_accepts_the_seed_string_and_refuses_a_bad_card_naming_it():
    with pytest.raises(ValueError, match="'1X'"):
        opening_bid("1X 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 10C")
