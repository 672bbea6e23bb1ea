"""Hand evaluation: the two point counts, balance, stoppers and no-trump hands."""

import pytest

from tournaments.bridge.cards import Hand, Suit
from tournaments.bridge.evaluation import (
    distribution_points,
    has_stopper,
    high_card_points,
    high_card_points_by_suit,
    is_balanced,
    is_notrump_hand,
    shortness_points,
    suit_high_card_points,
)

# The opening-bid seed's sample hand: AS JD KH AD = 12 HCP; 5 clubs = 1 length point.
SEED_HAND = "5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 10C"


def pbn(text: str) -> Hand:
    """A hand written spades.hearts.diamonds.clubs, as the tests build them."""
    return Hand.from_pbn(text)


def test_seed_example_hand_counts_as_the_seed_says():
    assert high_card_points(SEED_HAND) == 12
    assert distribution_points(SEED_HAND) == 1


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("AKQJ.AKQ.AKQ.AKQ", 37),
        ("5432.5432.5432.2", 0),
        ("A5432.5432.432.2", 4),
        ("K5432.5432.432.2", 3),
        ("Q5432.5432.432.2", 2),
        ("J5432.5432.432.2", 1),
        ("T5432.5432.432.2", 0),
    ],
)
def test_high_card_points_count_ace_four_king_three_queen_two_jack_one(hand, expected):
    assert high_card_points(pbn(hand)) == expected


def test_suit_high_card_points_count_one_suit_only():
    hand = pbn("AKQ2.J32.5432.32")
    assert [suit_high_card_points(hand, suit) for suit in Suit] == [0, 0, 1, 9]
    assert high_card_points_by_suit(hand) == (0, 0, 1, 9)  # clubs first, as Suit indexes


@pytest.mark.parametrize("hand", [SEED_HAND, "AKQJ.AKQ.AKQ.AKQ", "A.K.Q.JT98765432", "...AKQJT98765432"])
def test_high_card_points_by_suit_add_up_to_the_hand(hand):
    parsed = Hand.parse(hand) if " " in hand else pbn(hand)
    by_suit = high_card_points_by_suit(parsed)
    assert sum(by_suit) == high_card_points(parsed)
    assert by_suit == tuple(suit_high_card_points(parsed, suit) for suit in Suit)


@pytest.mark.parametrize(
    "hand, length_points, shortness",
    [
        ("AKQ2.J32.5432.32", 0, 1),  # 4-3-4-2
        ("AKQ32.J32.432.32", 1, 1),  # 5-3-3-2
        ("AKQ432.J32.32.32", 2, 2),  # 6-3-2-2: two doubletons
        ("AKQ5432.J32.32.2", 3, 3),  # 7-3-2-1
        ("AKQ65432.J32.32.", 4, 4),  # 8-3-2-0: doubleton 1 + void 3
        ("AKQ5432.J5432..2", 4, 5),  # 7-5-0-1: void 3 + singleton 2
        ("AKQJT98765432...", 9, 9),  # 13-0-0-0: three voids
    ],
)
def test_length_points_and_shortness_points_differ_by_seed(hand, length_points, shortness):
    assert distribution_points(pbn(hand)) == length_points
    assert shortness_points(pbn(hand)) == shortness


@pytest.mark.parametrize(
    "hand, balanced",
    [
        ("AKQ2.J32.543.432", True),  # 4-3-3-3
        ("AKQ2.J432.54.432", True),  # 4-4-2-3
        ("AK2.J32.54.65432", True),  # 3-3-2-5: five clubs
        ("AK2.J32.65432.54", True),  # 3-3-5-2: five diamonds
        ("AK.J32.65432.543", True),  # 2-3-5-3: five diamonds, doubleton spade
        ("AK432.J32.54.432", False),  # five-card major
        ("AK2.J3265.432.54", False),  # five hearts
        ("AK2.J3.5432.5432", True),  # 3-2-4-4
        ("AK.J3.65432.5432", False),  # 2-2-5-4: five minor but not 3-3-2
        ("AK2.J.65432.5432", False),  # singleton
        ("AK.J32.765432.54", False),  # six diamonds
        ("AK32.J432.65432.", False),  # void
        ("AK32.J32.5432.54", True),  # 4-3-4-2 boundary of two
    ],
)
def test_balanced_means_two_to_four_in_every_suit_or_five_card_minor_with_3_3_2(hand, balanced):
    assert is_balanced(pbn(hand)) is balanced


@pytest.mark.parametrize(
    "spades, stopped",
    [
        ("A", True),
        ("K", True),
        ("K2", True),
        ("Q", False),
        ("Q2", False),
        ("Q32", True),  # a queen with two others
        ("Q432", True),  # ...or more (decision: "at least")
        ("J32", False),
        ("J432", True),  # a jack with three others
        ("J5432", True),
        ("T9876", False),
        ("", False),  # a void stops nothing
    ],
)
def test_stopper_is_ace_king_queen_with_two_others_or_jack_with_three(spades, stopped):
    assert has_stopper(_hand_with_spades(spades), Suit.SPADES) is stopped


def _hand_with_spades(spades: str) -> Hand:
    """Thirteen cards: exactly ``spades`` in spades, then small hearts, diamonds and clubs."""
    rest = "2345678" * 3
    needed = 13 - len(spades)
    hearts, diamonds, clubs = rest[:7], rest[7:needed], ""
    if needed < 7:
        hearts, diamonds = rest[:needed], ""
    elif needed > 14:
        diamonds, clubs = rest[7:14], rest[14:needed]
    return pbn(f"{spades}.{hearts}.{diamonds}.{clubs}")


@pytest.mark.parametrize(
    "hand, notrump",
    [
        ("AK2.KQ3.Q43.J432", True),  # 3-3-3-4, all stopped
        ("AK2.KQ3.Q43.5432", False),  # clubs unstopped
        ("AK2.KQ3.K4.J5432", True),  # one doubleton is allowed
        ("AK2.KQ.Q4.J65432", False),  # two doubletons
        ("AKQ2.KQ32.A.J432", False),  # singleton
        ("AKQ2.KQ32..J5432", False),  # void
        ("A43.K432.Q32.J43", False),  # jack with two others does not stop clubs
        ("Q2.A432.K432.A32", False),  # doubleton queen does not stop spades
    ],
)
def test_notrump_hand_needs_no_shortness_one_doubleton_at_most_and_all_stopped(hand, notrump):
    assert is_notrump_hand(pbn(hand)) is notrump


def test_functions_accept_the_seed_string_and_the_parsed_hand_alike():
    parsed = Hand.parse(SEED_HAND)
    for function in (high_card_points, distribution_points, shortness_points, is_balanced, is_notrump_hand):
        assert function(SEED_HAND) == function(parsed)
