"""What every dealing-machine format shares: its error, its boards, and the machines' card numbers.

The Duplimate family (BRI, DGE, DUP, DLM) and Big Deal's BER number the 52 cards the same
way: spades first, then hearts, diamonds, clubs, each from the ace down, so card 1 is the
ace of spades, 13 the deuce of spades, 14 the ace of hearts and 52 the deuce of clubs
(Duplimate's convert.pdf: "Spade ace has no. 01 and the club deuce no. 52"). Seats are
numbered from North clockwise, 0 to 3 here (BER writes them 1 to 4, DLM packs two in a
letter). None of these formats names a dealer or a vulnerability: a board's are the ones
its number fixes (the 16-board cycle), as on every board ClubScore stores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.bridge.cards import DECK_SIZE, HAND_SIZE, Card, CardError, Deal, Hand, Suit
from tournaments.bridge.seats import MAX_BOARD_NUMBER, SEATS

# The cards in the machines' order: the ace of spades first, the deuce of clubs last.
MACHINE_ORDER: tuple[Card, ...] = tuple(
    Card(suit, rank)
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    for rank in range(14, 1, -1)
)
_MACHINE_NUMBER = {card: number for number, card in enumerate(MACHINE_ORDER, start=1)}

Board = tuple[int, Deal]  # a board number and its deal: what every reader gives and every writer takes


class DealFileError(ValueError):
    """A dealing file that cannot be read or written; says where (line, record, byte) and what is wrong.

    ``where`` is ``'line 12'``, ``'record 3 (board 3), byte 146'`` or ``'the file'``.
    """

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


@dataclass(frozen=True)
class FileBoard:
    """One board of a dealing file: its number, its deal and, when the file gives it, its double dummy.

    Only a PBN file carries the double-dummy tricks ([DoubleDummyTricks]: declarer ->
    strain -> tricks); the machines' formats carry the deal alone.
    """

    number: int
    deal: Deal
    dd_tricks: Mapping[str, Mapping[str, int]] | None = None


@dataclass(frozen=True)
class DealFile:
    """What a dealing file holds: its format's name (``'dup'``, ``'pbn'``...) and its boards in file order."""

    format: str
    boards: tuple[FileBoard, ...]


def machine_number(card: Card) -> int:
    """Return the card's number on the machines, 1 (ace of spades) to 52 (deuce of clubs)."""
    return _MACHINE_NUMBER[card]


def machine_card(number: int) -> Card:
    """Return card ``number`` (1-52) of the machines' order."""
    return MACHINE_ORDER[number - 1]


def seats_of_cards(deal: Deal) -> tuple[int, ...]:
    """Return, for each card in the machines' order, the seat that holds it: 0 North to 3 West."""
    holder = {card: index for index, seat in enumerate(SEATS) for card in deal[seat].cards}
    return tuple(holder[card] for card in MACHINE_ORDER)


def deal_from_seats(seats: Sequence[int], where: str) -> Deal:
    """Build a deal from each card's seat (machines' order); ``where`` names the record in an error."""
    if len(seats) != DECK_SIZE:
        raise DealFileError(where, f"{len(seats)} cards are placed, not {DECK_SIZE}")
    hands: list[list[Card]] = [[], [], [], []]
    for card, seat in zip(MACHINE_ORDER, seats, strict=True):
        hands[seat].append(card)
    return deal_from_hands(hands, where)


def deal_from_hands(hands: Sequence[Iterable[Card]], where: str) -> Deal:
    """Build a deal from four hands, North first; a hand of 12 cards or a card twice is named."""
    built = {}
    listed_hands = [list(cards) for cards in hands]
    wrong = [
        f"{seat.full_name} {len(cards)}"
        for seat, cards in zip(SEATS, listed_hands, strict=True)
        if len(cards) != HAND_SIZE
    ]
    if wrong:
        raise DealFileError(where, f"a hand holds {HAND_SIZE} cards, but here {' and '.join(wrong)} cards")
    for seat, listed in zip(SEATS, listed_hands, strict=True):
        try:
            built[seat] = Hand.from_cards(listed)
        except CardError as error:
            raise DealFileError(where, f"{seat.full_name}'s hand: {error}") from None
    try:
        return Deal.from_hands(built)
    except CardError as error:
        raise DealFileError(where, str(error)) from None


def rest_of_deck(hands: Sequence[Sequence[Card]], where: str) -> list[Card]:
    """Return the cards three hands leave: the fourth hand, which BRI and LIN may leave out."""
    held = [card for hand in hands for card in hand]
    repeated = sorted({card for card in held if held.count(card) > 1})
    if repeated:
        raise DealFileError(where, f"card {repeated[0]} is given twice")
    taken = set(held)
    return [card for card in MACHINE_ORDER if card not in taken]


def check_board_number(number: int, where: str, highest: int = MAX_BOARD_NUMBER) -> int:
    """Return ``number`` if it is a board number the format holds (1 to ``highest``), else refuse it."""
    if not 1 <= number <= highest:
        raise DealFileError(where, f"board {number} is outside 1-{highest}, the boards this format holds")
    return number


def consecutive_numbers(boards: Sequence[Board], name: str, *, first: int | None = None) -> None:
    """Refuse boards a format of consecutive records cannot hold: a gap, a repeat, or not from ``first``.

    BRI, DGE and BER number their records 1, 2, 3...; DUP and DLM from a first board: a
    missing board cannot be left out, and a board cannot come twice.
    """
    numbers = [number for number, _ in boards]
    if not numbers:
        raise DealFileError("the boards", f"there is no dealt board to write as {name}")
    start = numbers[0] if first is None else first
    expected = list(range(start, start + len(numbers)))
    if numbers != expected:
        wrong = next(
            index for index, (got, want) in enumerate(zip(numbers, expected, strict=True)) if got != want
        )
        raise DealFileError(
            "the boards",
            f"{name} holds consecutive boards from {start} in order, and board {expected[wrong]} "
            f"{'is not dealt' if expected[wrong] not in numbers else 'is out of order'}",
        )
