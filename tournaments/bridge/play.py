"""The play of the cards: thirteen tricks from a deal, checked card by card.

The full-game seed's rules: declarer's left-hand opponent leads to the first trick; each
player in turn plays a card from their hand, following the suit led when able; the
highest trump wins the trick, or without one the highest card of the suit led; the
winner leads to the next trick. Play ends after thirteen tricks.

Declarer plays dummy's cards, but the card still comes from dummy's hand and in dummy's
turn, so the seat passed to ``Play.play`` is the hand the card comes from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tournaments.bridge.calls import Contract, as_contract
from tournaments.bridge.cards import Card, Deal, Suit
from tournaments.bridge.seats import SEATS, Seat, seat_from

TRICKS_PER_DEAL = 13


class IllegalPlay(ValueError):
    """A card that cannot be played now; the message names the seat, the card and the reason."""


class Trick(NamedTuple):
    """A completed trick: who led, the four cards in the order played, and who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    @property
    def suit_led(self) -> Suit:
        return self.cards[0].suit


def winning_index(cards: Sequence[Card], trump: Suit | None) -> int:
    """Return the position in ``cards`` (the order played) of the card that wins the trick."""
    led = cards[0].suit

    def strength(card: Card) -> tuple[int, int]:
        # A trump beats the suit led, which beats any discard.
        return (2 if card.suit == trump else 1 if card.suit == led else 0, card.rank)

    return max(range(len(cards)), key=lambda position: strength(cards[position]))


class Play:
    """The cards played so far to the tricks of one deal, under one contract."""

    def __init__(self, deal: Deal, contract: Contract | str, declarer: Seat | str) -> None:
        self.deal = deal
        self.contract = as_contract(contract)
        self.declarer = seat_from(declarer)
        self.trump: Suit | None = self.contract.strain.suit
        self._held: dict[Seat, set[Card]] = {seat: set(deal[seat].cards) for seat in SEATS}
        self._tricks: list[Trick] = []
        self._leader = self.declarer.lho
        self._current: list[Card] = []

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.lho

    @property
    def is_complete(self) -> bool:
        return len(self._tricks) == TRICKS_PER_DEAL

    @property
    def next_seat(self) -> Seat | None:
        """The seat to play next; ``None`` once thirteen tricks are played."""
        return None if self.is_complete else self._leader.rotate(len(self._current))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """The cards played so far to the trick in progress, from its leader."""
        return tuple(self._current)

    def remaining(self, seat: Seat | str) -> frozenset[Card]:
        """The cards ``seat`` still holds."""
        return frozenset(self._held[seat_from(seat)])

    def legal_cards(self) -> frozenset[Card]:
        """The cards the next player may play: any on a lead, else the suit led if they hold it."""
        seat = self.next_seat
        if seat is None:
            return frozenset()
        held = self._held[seat]
        if not self._current:
            return frozenset(held)
        following = {card for card in held if card.suit == self._current[0].suit}
        return frozenset(following or held)

    def play(self, seat: Seat | str, card: Card | str) -> Play:
        """Play ``card`` from ``seat``'s hand, or raise ``IllegalPlay`` saying why it cannot be played."""
        player = seat_from(seat)
        played = card if isinstance(card, Card) else Card.parse(card)
        reason = self._why_illegal(player, played)
        if reason is not None:
            raise IllegalPlay(f"{player.full_name} cannot play {played}: {reason}")
        self._held[player].remove(played)
        self._current.append(played)
        if len(self._current) == 4:
            self._close_trick()
        return self

    def _why_illegal(self, player: Seat, card: Card) -> str | None:
        next_seat = self.next_seat
        if next_seat is None:
            return f"all {TRICKS_PER_DEAL} tricks have been played"
        if player != next_seat:
            return f"it is {next_seat.full_name}'s turn to play"
        if card not in self._held[player]:
            if card in self.deal[player]:
                return "it has already been played"
            return "it is not in their hand"
        if self._current:
            led = self._current[0].suit
            if card.suit != led and any(held.suit == led for held in self._held[player]):
                return f"they hold {led.name.lower()}, the suit led, and must follow suit"
        return None

    def _close_trick(self) -> None:
        cards = (self._current[0], self._current[1], self._current[2], self._current[3])
        winner = self._leader.rotate(winning_index(cards, self.trump))
        self._tricks.append(Trick(self._leader, cards, winner))
        self._leader = winner
        self._current = []

    def tricks_won(self, seat: Seat | str) -> int:
        """The tricks won so far by the side of ``seat``."""
        side = seat_from(seat).side
        return sum(1 for trick in self._tricks if trick.winner.side == side)

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won(self.declarer)

    @property
    def defender_tricks(self) -> int:
        return self.tricks_won(self.declarer.lho)
