"""The opening bid by the opening-bid seed's rules (Goren, as the seed simplifies it).

Points are high card points plus *length* points (one per card over four in a suit;
SPEC decision 2). The rules are tried in the seed's order and the first that applies
gives the bid, even where a later one would choose differently (SPEC decision 3):

1. ``1NT``: 16-18 high card points, balanced.
2. ``1H``/``1S``: 13-21 points and a five-card or longer major; the longer major, spades
   when they are equally long.
3. ``1C``/``1D``: 13-21 points; the longer minor, clubs when they are equally long.
4. ``1C``/``1D``: balanced with 19-20 high card points; the longer minor, with 3-3 clubs
   and with 4-4 diamonds. (A balanced hand of 19-20 high card points has at most 21
   points, so rule 3 always answers first; the rule is kept so the list reads as the
   seed's, and is tested on its own.)
5. ``2NT``: 21-23 high card points, balanced.
6. Two of a suit: 22 or more points and a five-card or longer suit. With two such suits
   (the seed's sub-rules, read as choosing the suit for this bid, not as a rule of their
   own): the major if only one is a major, else the one with more high card points, else
   the longer, else the lower-ranking.
7. Three of a suit: 5-9 high card points and a suit of exactly seven cards.
8. Four of a suit: 6-10 high card points ("6-108" in the seed is a typo) and a suit of
   eight or more cards.
9. Otherwise no bid: ``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tournaments.bridge.cards import Hand, Suit, as_hand
from tournaments.bridge.evaluation import (
    distribution_points,
    high_card_points,
    high_card_points_by_suit,
    is_balanced,
)

LONG_SUIT = 5
PREEMPT_THREE_LENGTH = 7
PREEMPT_FOUR_LENGTH = 8


@dataclass(frozen=True, slots=True)
class OpeningFacts:
    """What the opening rules look at, counted once per hand."""

    high_card_points: int
    points: int
    lengths: tuple[int, int, int, int]
    suit_points: tuple[int, int, int, int]
    balanced: bool

    @classmethod
    def of(cls, hand: Hand | str) -> OpeningFacts:
        parsed = as_hand(hand)
        high_cards = high_card_points(parsed)
        return cls(
            high_card_points=high_cards,
            points=high_cards + distribution_points(parsed),
            lengths=parsed.lengths(),
            suit_points=high_card_points_by_suit(parsed),
            balanced=is_balanced(parsed),
        )

    def length(self, suit: Suit) -> int:
        return self.lengths[suit]


def _bid(level: int, suit: Suit) -> str:
    return f"{level}{suit.letter}"


def one_notrump(facts: OpeningFacts) -> str | None:
    if 16 <= facts.high_card_points <= 18 and facts.balanced:
        return "1NT"
    return None


def one_of_a_major(facts: OpeningFacts) -> str | None:
    hearts, spades = facts.length(Suit.HEARTS), facts.length(Suit.SPADES)
    if 13 <= facts.points <= 21 and max(hearts, spades) >= LONG_SUIT:
        return _bid(1, Suit.SPADES if spades >= hearts else Suit.HEARTS)
    return None


def one_of_a_minor(facts: OpeningFacts) -> str | None:
    clubs, diamonds = facts.length(Suit.CLUBS), facts.length(Suit.DIAMONDS)
    if 13 <= facts.points <= 21:
        return _bid(1, Suit.DIAMONDS if diamonds > clubs else Suit.CLUBS)
    return None


def one_of_a_minor_balanced_strong(facts: OpeningFacts) -> str | None:
    clubs, diamonds = facts.length(Suit.CLUBS), facts.length(Suit.DIAMONDS)
    if facts.balanced and 19 <= facts.high_card_points <= 20:
        diamonds_win = diamonds > clubs or (diamonds == clubs and diamonds >= 4)
        return _bid(1, Suit.DIAMONDS if diamonds_win else Suit.CLUBS)
    return None


def two_notrump(facts: OpeningFacts) -> str | None:
    if 21 <= facts.high_card_points <= 23 and facts.balanced:
        return "2NT"
    return None


def _better_long_suit(facts: OpeningFacts, first: Suit, second: Suit) -> Suit:
    """Choose between two five-card suits by the seed's order of tie-breaks."""
    if first.is_major != second.is_major:
        return first if first.is_major else second
    if facts.suit_points[first] != facts.suit_points[second]:
        return max(first, second, key=lambda suit: facts.suit_points[suit])
    if facts.length(first) != facts.length(second):
        return max(first, second, key=facts.length)
    return min(first, second)


def two_of_a_suit(facts: OpeningFacts) -> str | None:
    long_suits = [suit for suit in Suit if facts.length(suit) >= LONG_SUIT]
    if facts.points < 22 or not long_suits:
        return None
    # Thirteen cards hold at most two suits of five or more.
    chosen = long_suits[0] if len(long_suits) == 1 else _better_long_suit(facts, *long_suits)
    return _bid(2, chosen)


def three_of_a_suit(facts: OpeningFacts) -> str | None:
    if 5 <= facts.high_card_points <= 9:
        for suit in Suit:
            if facts.length(suit) == PREEMPT_THREE_LENGTH:
                return _bid(3, suit)
    return None


def four_of_a_suit(facts: OpeningFacts) -> str | None:
    if 6 <= facts.high_card_points <= 10:
        for suit in Suit:
            if facts.length(suit) >= PREEMPT_FOUR_LENGTH:
                return _bid(4, suit)
    return None


OpeningRule = Callable[[OpeningFacts], str | None]

OPENING_RULES: tuple[OpeningRule, ...] = (
    one_notrump,
    one_of_a_major,
    one_of_a_minor,
    one_of_a_minor_balanced_strong,
    two_notrump,
    two_of_a_suit,
    three_of_a_suit,
    four_of_a_suit,
)
"""The seed's rules in the order written; the first that gives a bid wins."""


def opening_bid(hand: Hand | str) -> str | None:
    """Return the opening bid (``'1NT'``, ``'1S'``, ``'4H'``...) or ``None`` when the hand should pass."""
    facts = OpeningFacts.of(hand)
    for rule in OPENING_RULES:
        bid = rule(facts)
        if bid is not None:
            return bid
    return None
