"""Shuffling and dealing from a permutation of 1..52 (SPEC decision 4)."""

import random

import pytest

from tests.examples import EXAMPLES
from tournaments.bridge.cards import Card, Deal, Suit
from tournaments.bridge.deck import (
    PermutationError,
    check_permutation,
    deal_from_permutation,
    deck_from_permutation,
    parse_permutation,
    permutation_of_deal,
    random_permutation,
)
from tournaments.bridge.seats import Seat

SEED_PERMUTATION_TEXT = (
    "38, 48, 11, 6, 20, 17, 46, 8, 37, 43, 7, 52, 36, 10, 25, 49, 50, 16, 33, 5, 42, 32, 9, 29, 1, 51, "
    "26, 18, 41, 15, 40, 31, 35, 45, 4, 12, 39, 30, 19, 21, 2, 34, 23, 3, 27, 22, 47, 14, 24, 28, 13, 44"
)
SEED_PERMUTATION = tuple(int(number) for number in SEED_PERMUTATION_TEXT.split(", "))
EXAMPLE_FILE = EXAMPLES / "auction-seed-example.permutation"

# The hands the auction seed prints for its permutation, South dealing.
SEED_HANDS = {
    Seat.N: {Suit.SPADES: "K 10 7 5", Suit.HEARTS: "9 7 5 3", Suit.DIAMONDS: "10 5 4 3", Suit.CLUBS: "J"},
    Seat.W: {Suit.SPADES: "Q 4 3", Suit.HEARTS: "A K Q J 10 2", Suit.DIAMONDS: "Q 8", Suit.CLUBS: "3 2"},
    Seat.E: {Suit.SPADES: "9 8 2", Suit.HEARTS: "8", Suit.DIAMONDS: "A K J 7", Suit.CLUBS: "A Q 10 8 5"},
    Seat.S: {Suit.SPADES: "A J 6", Suit.HEARTS: "6 4", Suit.DIAMONDS: "9 6 2", Suit.CLUBS: "K 9 7 6 4"},
}


def test_seed_permutation_starts_the_deck_as_the_seed_says():
    # "[38, 48, 11, 6, ...] would mean a deck shuffled to start with [KH, 10S, QC, 7C, ...]"
    deck = deck_from_permutation(SEED_PERMUTATION)
    assert [str(card) for card in deck[:4]] == ["KH", "10S", "QC", "7C"]
    assert len(set(deck)) == 52


@pytest.mark.parametrize("seat", list(Seat))
def test_seed_permutation_deals_the_seed_hands_with_south_dealing(seat):
    deal = deal_from_permutation(SEED_PERMUTATION, dealer="S")
    assert {suit: deal[seat].holding_text(suit) for suit in Suit} == SEED_HANDS[seat]


def test_south_gets_every_fourth_card_when_south_deals():
    deck = deck_from_permutation(SEED_PERMUTATION)
    deal = deal_from_permutation(SEED_PERMUTATION, dealer="S")
    assert deal.south.cards == frozenset(deck[3::4])  # positions 4, 8, ..., 52
    assert deal.west.cards == frozenset(deck[0::4])  # the dealer's left-hand opponent first


@pytest.mark.parametrize("dealer, first", [("N", Seat.E), ("E", Seat.S), ("S", Seat.W), ("W", Seat.N)])
def test_the_first_card_goes_to_the_dealers_left(dealer, first):
    deal = deal_from_permutation(SEED_PERMUTATION, dealer=dealer)
    assert deck_from_permutation(SEED_PERMUTATION)[0] in deal[first]


def test_the_example_file_holds_the_seed_permutation():
    if not EXAMPLE_FILE.exists():
        pytest.skip(f"{EXAMPLE_FILE} is not beside this checkout")
    assert parse_permutation(EXAMPLE_FILE.read_text()) == SEED_PERMUTATION


@pytest.mark.parametrize(
    "text",
    [
        SEED_PERMUTATION_TEXT,
        SEED_PERMUTATION_TEXT.replace(", ", " "),
        SEED_PERMUTATION_TEXT.replace(", ", ","),
        SEED_PERMUTATION_TEXT.replace(", ", "\n") + "\n",
    ],
)
def test_parse_permutation_reads_commas_and_or_spaces(text):
    assert parse_permutation(text) == SEED_PERMUTATION


@pytest.mark.parametrize(
    "text, message",
    [
        (SEED_PERMUTATION_TEXT.rsplit(",", 1)[0], "52 numbers, not 51"),
        (SEED_PERMUTATION_TEXT + ", 53", "52 numbers, not 53"),
        ("", "52 numbers, not 0"),
        (SEED_PERMUTATION_TEXT.replace("38,", "0,"), "position 1: 0 is outside 1..52"),
        (SEED_PERMUTATION_TEXT.replace(" 44", " 53"), "position 52: 53 is outside 1..52"),
        (SEED_PERMUTATION_TEXT.replace(" 44", " 38"), "repeated: 38; missing: 44"),
        (SEED_PERMUTATION_TEXT.replace(" 48,", " x,"), "position 2: 'x' is not a whole number"),
        (SEED_PERMUTATION_TEXT.replace(" 48,", " 4.8,"), "position 2: '4.8' is not a whole number"),
        (SEED_PERMUTATION_TEXT.replace(" 48,", " -48,"), "position 2: '-48' is not a whole number"),
        (SEED_PERMUTATION_TEXT.replace(" 48,", " \u00b2,"), "position 2: '\u00b2' is not a whole number"),
    ],
)
def test_parse_permutation_says_what_is_wrong(text, message):
    with pytest.raises(PermutationError, match=message.replace(".", r"\.")):
        parse_permutation(text)


@pytest.mark.parametrize(
    "numbers, message",
    [
        (list(range(1, 52)), "52 numbers, not 51"),
        ([1.0, *range(2, 53)], "position 1: 1.0 is not a whole number"),
        (["1", *range(2, 53)], "position 1: '1' is not a whole number"),
        ([True, *range(2, 53)], "position 1: True is not a whole number"),
        ([*range(1, 51), 1, 2], "repeated: 1, 2; missing: 51, 52"),
    ],
)
def test_check_permutation_refuses_anything_but_1_to_52_once_each(numbers, message):
    with pytest.raises(PermutationError, match=message.replace(".", r"\.")):
        check_permutation(numbers)


def test_the_identity_permutation_deals_the_unshuffled_deck_round_the_table():
    deal = deal_from_permutation(range(1, 53), dealer="N")
    # East gets cards 1, 5, 9, ...: 2C, 6C, 10C, AC, 5D, ...
    assert Card.parse("2C") in deal.east and Card.parse("6C") in deal.east and Card.parse("AC") in deal.east
    assert Card.parse("AS") in deal.north  # card 52, the last, to the dealer


def test_random_permutation_is_fisher_yates_reproducible_from_a_seeded_random():
    first = random_permutation(random.Random(591))
    assert first == random_permutation(random.Random(591))
    assert sorted(first) == list(range(1, 53))
    assert first != random_permutation(random.Random(592))
    # Python's own shuffle is the same Fisher-Yates walk over the same random draws.
    reference = list(range(1, 53))
    random.Random(591).shuffle(reference)
    assert first == tuple(reference)


def test_random_permutation_without_a_seed_is_a_valid_shuffle_and_varies():
    shuffles = {random_permutation() for _ in range(5)}
    assert all(sorted(shuffle) == list(range(1, 53)) for shuffle in shuffles)
    assert len(shuffles) > 1


def test_random_permutation_does_not_touch_the_global_random_state():
    random.seed(7)
    expected = random.random()
    random.seed(7)
    random_permutation()
    random_permutation(random.Random(1))
    assert random.random() == expected


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_permutation_of_deal_deals_back_the_same_deal(dealer):
    deal = deal_from_permutation(SEED_PERMUTATION, dealer="S")
    permutation = permutation_of_deal(deal, dealer)
    assert sorted(permutation) == list(range(1, 53))
    assert deal_from_permutation(permutation, dealer) == deal


def test_any_seeded_shuffle_deals_four_hands_of_thirteen():
    rng = random.Random(2011)
    for _ in range(50):
        deal = deal_from_permutation(random_permutation(rng), dealer=rng.choice("NESW"))
        assert isinstance(deal, Deal)
        assert sorted(len(deal[seat].cards) for seat in deal) == [13, 13, 13, 13]
