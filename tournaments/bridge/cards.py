"""Cards, hands and deals: immutable values, parsed from and formatted to text.

Two text forms are read and written. The opening-bid seed's hand string
(``'5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 10C'``: rank then suit, ``10`` or ``T`` for
the ten, any case, any order) and PBN (``'N:AK5.KQ2.AJ86.T92 ...'``: suits spade
first, ranks high first, seats clockwise from the one named).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from tournaments.bridge.seats import SEATS, Seat, seat_from
from tournaments.bridge.text import WordedError, gettext_noop, quoted

HAND_SIZE = 13
DECK_SIZE = 52


class CardError(WordedError):
    """A card, hand or deal that cannot be read; the message names the bad token."""


class Suit(IntEnum):
    """The four suits in rank order: clubs lowest, spades highest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "\u2663\u2666\u2665\u2660"[self]

    @property
    def is_major(self) -> bool:
        return self >= Suit.HEARTS

    @property
    def is_minor(self) -> bool:
        return self <= Suit.DIAMONDS

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        index = "CDHS".find(letter.upper())
        if len(letter) != 1 or index < 0:
            raise CardError(f"unknown suit {quoted(letter)}: use C, D, H or S")
        return cls(index)


# Suits from the top, the order in which a hand is written (PBN, diagrams).
SUITS_HIGH_FIRST: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_RANK_NAMES = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
_RANK_FROM_TEXT = {name: rank for rank, name in _RANK_NAMES.items()} | {"T": 10}

ACE, KING, QUEEN, JACK, TEN = 14, 13, 12, 11, 10


def rank_name(rank: int, *, ten: str = "10") -> str:
    """Return the rank as written on a hand record; ``ten='T'`` for PBN."""
    return ten if rank == TEN else _RANK_NAMES[rank]


def parse_rank(text: str) -> int:
    """Return the rank (2..14) named by ``text`` (``2``..``10``, ``T``, ``J``, ``Q``, ``K``, ``A``)."""
    rank = _RANK_FROM_TEXT.get(text.upper())
    if rank is None:
        raise CardError(f"unknown rank {quoted(text)}: use 2-10, T, J, Q, K or A")
    return rank


class Card(NamedTuple):
    """One card; orders by suit, then rank, as the unshuffled deck does."""

    suit: Suit
    rank: int

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read a card written rank then suit (``'10H'``, ``'th'``, ``'AS'``)."""
        text = token.strip()
        if len(text) < 2:
            raise CardError(f"bad card {quoted(token)}: write the rank then the suit, as 10H or AS")
        try:
            return cls(Suit.from_letter(text[-1]), parse_rank(text[:-1]))
        except CardError as error:
            raise CardError(f"bad card {quoted(token)}: {error}") from None

    def __str__(self) -> str:
        return f"{rank_name(self.rank)}{self.suit.letter}"


def parse_lead(text: str) -> str:
    """Return an opening lead written as a card, normalised suit first (``'SA'``, ``'H10'``), or ``''``.

    Blank means no lead recorded. Either order is read (``'HT'``, ``'th'``, ``'10H'``), ASCII
    only, so that the lead the traveller shows is always a real card.
    """
    compact = text.strip().upper()
    if not compact:
        return ""
    if compact.isascii() and 2 <= len(compact) <= 3:
        for suit_text, rank_text in ((compact[0], compact[1:]), (compact[-1], compact[:-1])):
            if suit_text in "CDHS" and rank_text in _RANK_FROM_TEXT:
                return f"{suit_text}{rank_name(_RANK_FROM_TEXT[rank_text])}"
    raise CardError(
        gettext_noop("bad lead %(text)s: write a card, suit then rank, as SA, H10 or D2"), text=quoted(text)
    )


FULL_DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in range(2, 15))
"""The unshuffled deck: 2..A of clubs, then diamonds, hearts, spades (SPEC decision 4)."""


@dataclass(frozen=True, slots=True)
class Hand:
    """Thirteen distinct cards."""

    cards: frozenset[Card]

    def __post_init__(self) -> None:
        if len(self.cards) != HAND_SIZE:
            raise CardError(f"a hand has {HAND_SIZE} cards, not {len(self.cards)}")

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Hand:
        """Build a hand, refusing a repeated card by name."""
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(f"card {card} appears twice")
            seen.add(card)
        return cls(frozenset(seen))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read the seed's form: 13 cards separated by spaces (or commas)."""
        tokens = text.replace(",", " ").split()
        if len(tokens) != HAND_SIZE:
            raise CardError(f"a hand has {HAND_SIZE} cards, {len(tokens)} given in {quoted(text)}")
        return cls.from_cards(Card.parse(token) for token in tokens)

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Read one PBN hand, ``'AK5.KQ2.AJ86.T92'`` (spades first; ``-`` or empty for a void)."""
        holdings = text.strip().split(".")
        if len(holdings) != 4:
            raise CardError(f"bad PBN hand {quoted(text)}: four suits separated by dots are needed")
        cards = [
            Card(suit, parse_rank(char))
            for suit, holding in zip(SUITS_HIGH_FIRST, holdings, strict=True)
            for char in holding.strip()
            if char != "-"
        ]
        return cls.from_cards(cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, key=lambda card: (-card.suit, -card.rank)))

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def holding(self, suit: Suit) -> tuple[int, ...]:
        """Return the ranks held in ``suit``, highest first."""
        return tuple(sorted((card.rank for card in self.cards if card.suit == suit), reverse=True))

    def length(self, suit: Suit) -> int:
        return sum(1 for card in self.cards if card.suit == suit)

    def lengths(self) -> tuple[int, int, int, int]:
        """Return the suit lengths indexed by ``Suit`` (clubs first)."""
        counts = [0, 0, 0, 0]
        for card in self.cards:
            counts[card.suit] += 1
        return counts[0], counts[1], counts[2], counts[3]

    def holding_text(self, suit: Suit, *, ten: str = "10", separator: str = " ") -> str:
        """Return one suit's ranks as written, high first (``'K 10 7 5'``)."""
        return separator.join(rank_name(rank, ten=ten) for rank in self.holding(suit))

    def pbn(self) -> str:
        return ".".join(self.holding_text(suit, ten="T", separator="") for suit in SUITS_HIGH_FIRST)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)


def as_hand(hand: Hand | str) -> Hand:
    """Accept a parsed hand or the seed's hand string."""
    return hand if isinstance(hand, Hand) else Hand.parse(hand)


@dataclass(frozen=True, slots=True)
class Deal(Mapping[str, Hand]):
    """Four hands that together hold the 52 cards, read by seat: ``deal['W']`` or ``deal.west``."""

    north: Hand
    east: Hand
    south: Hand
    west: Hand

    def __post_init__(self) -> None:
        cards = [card for hand in (self.north, self.east, self.south, self.west) for card in hand.cards]
        if len(set(cards)) != DECK_SIZE:
            repeated = sorted({card for card in cards if cards.count(card) > 1})
            raise CardError(f"a deal holds each card once; repeated: {' '.join(map(str, repeated))}")

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand] | Mapping[str, Hand]) -> Deal:
        by_seat = {seat_from(seat): hand for seat, hand in hands.items()}
        missing = [seat.value for seat in SEATS if seat not in by_seat]
        if missing:
            raise CardError(f"a deal needs all four hands; missing {', '.join(missing)}")
        return cls(by_seat[Seat.N], by_seat[Seat.E], by_seat[Seat.S], by_seat[Seat.W])

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read ``'N:AK5.KQ2.AJ86.T92 QJ.JT98.KT5.AKQ3 ...'`` (seats clockwise from the one named)."""
        first, _, rest = text.strip().partition(":")
        try:
            seat = seat_from(first)
        except ValueError:
            raise CardError(
                f"bad PBN deal {quoted(text)}: it starts with a seat and a colon, as N:"
            ) from None
        hand_texts = rest.split()
        if len(hand_texts) != 4:
            raise CardError(f"bad PBN deal {quoted(text)}: four hands separated by spaces are needed")
        hands = {}
        for offset, hand_text in enumerate(hand_texts):
            try:
                hands[seat.rotate(offset)] = Hand.from_pbn(hand_text)
            except CardError as error:
                raise CardError(f"bad PBN deal, {seat.rotate(offset).name} hand: {error}") from None
        return cls.from_hands(hands)

    def pbn(self, first: Seat | str = "N") -> str:
        start = seat_from(first)
        return f"{start.value}:" + " ".join(self[start.rotate(i)].pbn() for i in range(4))

    def __getitem__(self, seat: Seat | str) -> Hand:
        # A Mapping signals a missing key with KeyError; ``in`` and ``get`` rely on it.
        try:
            hand: Hand = getattr(self, seat_from(seat).attribute)
        except ValueError as error:
            raise KeyError(str(error)) from None
        return hand

    def __iter__(self) -> Iterator[str]:
        return iter(seat.value for seat in SEATS)

    def __len__(self) -> int:
        return 4
