"""Hand evaluation: points, shape and stoppers, as the seeds define them.

Two point counts are kept apart because the seeds disagree (SPEC decision 2): the
opening-bid seed adds *length* points (``distribution_points``), the auction seed adds
*shortness* points (``shortness_points``). Each feature uses the one its seed names.

Every function accepts a ``Hand`` or the opening-bid seed's hand string.

Decision (auction seed, "stoppers in all suits"): "a queen with 2 other cards" is read
as a queen with *at least* two others (Qxx or longer), and "a jack with 3 other cards"
as a jack with at least three others (Jxxx or longer); a longer holding guards the
suit at least as well, and nothing in the seed suggests that length un-stops it.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.bridge.cards import ACE, JACK, KING, QUEEN, Hand, Suit, as_hand

# A4 K3 Q2 J1: the rank above the ten, counted from the jack.
_POINTS_BY_RANK = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}

# The auction seed: void 3, singleton 2, doubleton 1.
_SHORTNESS_POINTS_BY_LENGTH = (3, 2, 1)

# The smallest holding with which each honour stops a suit (auction seed).
_STOPPER_LENGTH_BY_HONOUR = {ACE: 1, KING: 1, QUEEN: 3, JACK: 4}


def high_card_points(hand: Hand | str) -> int:
    """Return the high card points: ace 4, king 3, queen 2, jack 1."""
    return sum(_POINTS_BY_RANK.get(card.rank, 0) for card in as_hand(hand).cards)


def suit_high_card_points(hand: Hand | str, suit: Suit) -> int:
    """Return the high card points held in one suit."""
    return sum(_POINTS_BY_RANK.get(rank, 0) for rank in as_hand(hand).holding(suit))


def high_card_points_by_suit(hand: Hand | str) -> tuple[int, int, int, int]:
    """Return the high card points of every suit, indexed by ``Suit`` (clubs first).

    One pass over the cards, for the bidding simulation's hot loop, where calling
    ``suit_high_card_points`` four times would cost four sorts.
    """
    points = [0, 0, 0, 0]
    for card in as_hand(hand).cards:
        if card.rank >= JACK:
            points[card.suit] += _POINTS_BY_RANK[card.rank]
    return points[0], points[1], points[2], points[3]


def distribution_points(hand: Hand | str) -> int:
    """Return the opening-bid seed's length points: one for each card over four in a suit."""
    return sum(max(0, length - 4) for length in as_hand(hand).lengths())


def shortness_points(hand: Hand | str) -> int:
    """Return the auction seed's shortness points: void 3, singleton 2, doubleton 1."""
    return shortness_points_of_lengths(as_hand(hand).lengths())


def shortness_points_of_lengths(lengths: Iterable[int]) -> int:
    """Return the shortness points of a hand with these suit lengths.

    For callers that already hold the lengths (the bidding simulation's hot loop).
    """
    return sum(
        _SHORTNESS_POINTS_BY_LENGTH[length] for length in lengths if length < len(_SHORTNESS_POINTS_BY_LENGTH)
    )


def is_balanced(hand: Hand | str) -> bool:
    """Whether the hand is balanced by the opening-bid seed.

    Every suit has two to four cards, or a five-card minor goes with 3-3-2 in the others.
    """
    lengths = as_hand(hand).lengths()
    if all(2 <= length <= 4 for length in lengths):
        return True
    five_card_minor = lengths[Suit.CLUBS] == 5 or lengths[Suit.DIAMONDS] == 5
    return five_card_minor and sorted(lengths) == [2, 3, 3, 5]


def has_stopper(hand: Hand | str, suit: Suit) -> bool:
    """Whether the hand stops ``suit``: the ace or king, a queen with two others, a jack with three."""
    holding = as_hand(hand).holding(suit)
    return any(
        honour in holding and len(holding) >= length for honour, length in _STOPPER_LENGTH_BY_HONOUR.items()
    )


def is_notrump_hand(hand: Hand | str) -> bool:
    """Whether the hand suits no trump by the auction seed.

    No singleton or void, at most one doubleton, and a stopper in every suit.
    """
    parsed = as_hand(hand)
    lengths = parsed.lengths()
    if min(lengths) < 2 or lengths.count(2) > 1:
        return False
    return all(has_stopper(parsed, suit) for suit in Suit)
