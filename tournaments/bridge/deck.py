"""Shuffling and dealing: a deck from a permutation of 1..52, and the deal from that deck.

Card number k of the permutation is the k-th card of the unshuffled deck (2..A of
clubs, then diamonds, hearts, spades); the deal gives one card at a time, starting with
the dealer's left-hand opponent (SPEC decision 4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tournaments.bridge.cards import DECK_SIZE, FULL_DECK, Card, CardError, Deal, Hand
from tournaments.bridge.seats import SEATS, Seat, seat_from
from tournaments.bridge.text import quoted


class PermutationError(CardError):
    """A permutation that is not 1..52 once each; the message says what is wrong."""


_DECK_NUMBERS = frozenset(range(1, DECK_SIZE + 1))


def check_permutation(permutation: Sequence[int]) -> tuple[int, ...]:
    """Return the permutation as a tuple, or say what keeps it from being 1..52 once each."""
    numbers = tuple(permutation)
    # The usual case, plain ints 1..52 once each, is settled at C speed (the simulation checks
    # thousands a second); anything else goes through the checks that say what is wrong.
    if len(numbers) == DECK_SIZE and set(map(type, numbers)) == {int} and set(numbers) == _DECK_NUMBERS:
        return numbers
    if len(numbers) != DECK_SIZE:
        raise PermutationError(f"a permutation has {DECK_SIZE} numbers, not {len(numbers)}")
    for position, number in enumerate(numbers, start=1):
        if isinstance(number, bool) or not isinstance(number, int):
            raise PermutationError(f"position {position}: {number!r} is not a whole number")
        if not 1 <= number <= DECK_SIZE:
            raise PermutationError(f"position {position}: {number} is outside 1..{DECK_SIZE}")
    repeated = sorted(number for number, count in Counter(numbers).items() if count > 1)
    if repeated:
        missing = sorted(set(range(1, DECK_SIZE + 1)) - set(numbers))
        raise PermutationError(
            f"repeated: {', '.join(map(str, repeated))}; missing: {', '.join(map(str, missing))}"
        )
    return numbers


_MAX_NUMBER_DIGITS = 2


def parse_permutation(text: str) -> tuple[int, ...]:
    """Read 52 numbers separated by commas and/or spaces, naming any token that is not one."""
    tokens = text.replace(",", " ").split()
    numbers = []
    for position, token in enumerate(tokens, start=1):
        # ASCII only: str.isdigit() also admits superscripts, which int() refuses.
        if not (token.isascii() and token.isdigit()):
            raise PermutationError(f"position {position}: {quoted(token)} is not a whole number")
        # Thousands of digits would make int() raise its own error; no card number is that long.
        significant = token.lstrip("0") or "0"
        if len(significant) > _MAX_NUMBER_DIGITS:
            raise PermutationError(f"position {position}: {token[:20]}... is outside 1..{DECK_SIZE}")
        numbers.append(int(significant))
    return check_permutation(numbers)


_CARD_BY_NUMBER = dict(enumerate(FULL_DECK, start=1))


def deck_from_permutation(permutation: Sequence[int]) -> tuple[Card, ...]:
    """Return the shuffled deck: position k holds card number ``permutation[k]``."""
    return tuple(map(_CARD_BY_NUMBER.__getitem__, check_permutation(permutation)))


def deal_from_permutation(permutation: Sequence[int], dealer: Seat | str = "S") -> Deal:
    """Deal the shuffled deck one card at a time, starting with the dealer's left-hand opponent."""
    deck = deck_from_permutation(permutation)
    first = seat_from(dealer).lho
    # Card k goes to the seat k places round from the first: every fourth card, one slice a seat
    # (a seat lookup per card was most of the simulation's dealing time).
    return Deal.from_hands({first.rotate(step): Hand(frozenset(deck[step::4])) for step in range(4)})


def random_permutation(rng: random.Random | None = None) -> tuple[int, ...]:
    """Return a Fisher-Yates shuffle of 1..52.

    Secure by default (``random.SystemRandom``, the operating system's randomness that
    ``secrets`` uses), because a club's boards must not be predictable; pass a seeded
    ``random.Random`` for a reproducible shuffle.
    """
    numbers = list(range(1, DECK_SIZE + 1))
    # random.shuffle is this very Fisher-Yates walk (from the top, each card swapped with a
    # uniform draw below its position + 1) in fewer interpreted steps, so a seeded shuffle
    # comes out as it always has; the bidding simulation deals thousands a second.
    (rng if rng is not None else random.SystemRandom()).shuffle(numbers)
    return tuple(numbers)


def permutation_of_deal(deal: Deal, dealer: Seat | str = "S") -> tuple[int, ...]:
    """Return the permutation that ``deal_from_permutation`` turns back into ``deal``.

    Within each hand the cards go in deck order, so the result is one of many that
    give the same deal: the one a hand record prints.
    """
    first = seat_from(dealer).lho
    ordered = {seat: sorted(deal[seat].cards) for seat in SEATS}
    index = {card: number for number, card in enumerate(FULL_DECK, start=1)}
    return tuple(index[ordered[first.rotate(position)][position // 4]] for position in range(DECK_SIZE))
