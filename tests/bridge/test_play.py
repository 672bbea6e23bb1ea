"""The play of the cards: the lead, following suit, who wins a trick, and the end of play."""

import random

import pytest

from tournaments.bridge.cards import Card, Deal, Suit
from tournaments.bridge.deck import deal_from_permutation
from tournaments.bridge.play import IllegalPlay, Play, winning_index
from tournaments.bridge.seats import Seat

# The auction seed's example deal (South deals): West declares 4H, North leads.
SEED_PERMUTATION = (
    38, 48, 11, 6, 20, 17, 46, 8, 37, 43, 7, 52, 36, 10, 25, 49, 50, 16, 33, 5, 42, 32, 9, 29, 1, 51,
    26, 18, 41, 15, 40, 31, 35, 45, 4, 12, 39, 30, 19, 21, 2, 34, 23, 3, 27, 22, 47, 14, 24, 28, 13, 44,
)  # fmt: skip

# Each player holds one whole suit: North spades, East hearts, South diamonds, West clubs.
WHOLE_SUITS = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


@pytest.fixture
def seed_play() -> Play:
    return Play(deal_from_permutation(SEED_PERMUTATION, dealer="S"), "4H", "W")


@pytest.mark.parametrize(
    "played, trump, winner",
    [
        ("2H AH 3H KH", None, 1),  # highest of the suit led
        ("KH AS 3H 2H", None, 0),  # a discard, however high, does not win
        ("KH 2S 3H AH", Suit.SPADES, 1),  # a trump beats the suit led
        ("KH 2S 3S AH", Suit.SPADES, 2),  # the highest trump
        ("2C 3D 4H AC", Suit.DIAMONDS, 1),
        ("2S 3S 4S 5S", Suit.SPADES, 3),  # trumps led: highest trump
        ("2S AD KD QD", None, 0),  # nobody follows: the card led wins
    ],
)
def test_trick_goes_to_highest_trump_else_highest_of_the_suit_led(played, trump, winner):
    assert winning_index(cards(played), trump) == winner


def test_declarers_left_hand_opponent_leads_first(seed_play):
    assert seed_play.opening_leader == Seat.N
    assert seed_play.next_seat == Seat.N
    assert seed_play.dummy == Seat.E
    assert seed_play.trump == Suit.HEARTS


def test_a_card_out_of_turn_is_refused_naming_whose_turn_it_is(seed_play):
    with pytest.raises(IllegalPlay, match="East cannot play AD: it is North's turn"):
        seed_play.play("E", "AD")


def test_a_card_not_in_the_players_hand_is_refused(seed_play):
    with pytest.raises(IllegalPlay, match="North cannot play AS: it is not in their hand"):
        seed_play.play("N", "AS")


def test_a_card_already_played_is_refused():
    play = Play(WHOLE_SUITS, "1NT", "S")  # West leads
    play.play("W", "2C").play("N", "2S").play("E", "2H").play("S", "2D")  # West wins with the only club
    with pytest.raises(IllegalPlay, match="2C: it has already been played"):
        play.play("W", "2C")


def test_a_player_who_can_follow_suit_must(seed_play):
    seed_play.play("N", "JC")  # East holds clubs
    with pytest.raises(
        IllegalPlay, match="East cannot play AD: they hold clubs, the suit led, and must follow"
    ):
        seed_play.play("E", "AD")
    seed_play.play("E", "5C")
    assert seed_play.current_trick == tuple(cards("JC 5C"))


def test_a_player_who_cannot_follow_suit_may_play_any_card(seed_play):
    seed_play.play("N", "3H").play("E", "8H").play("S", "4H").play("W", "AH")  # East's last heart
    seed_play.play("W", "QH").play("N", "5H")
    assert seed_play.legal_cards() == seed_play.remaining("E")
    seed_play.play("E", "AD")  # a discard
    assert seed_play.current_trick == tuple(cards("QH 5H AD"))


def test_legal_cards_are_the_suit_led_when_held_else_all(seed_play):
    assert seed_play.legal_cards() == seed_play.remaining("N")  # a lead: anything
    seed_play.play("N", "JC")
    assert seed_play.legal_cards() == frozenset(cards("AC QC 10C 8C 5C"))  # East's clubs
    seed_play.play("E", "AC")
    assert seed_play.legal_cards() == frozenset(cards("KC 9C 7C 6C 4C"))  # South's clubs
    seed_play.play("S", "4C")
    assert seed_play.legal_cards() == frozenset(cards("3C 2C"))


def test_the_winner_of_a_trick_leads_the_next(seed_play):
    seed_play.play("N", "JC").play("E", "AC").play("S", "4C").play("W", "2C")
    (trick,) = seed_play.tricks
    assert trick.leader == Seat.N and trick.winner == Seat.E and trick.suit_led == Suit.CLUBS
    assert seed_play.next_seat == Seat.E
    assert seed_play.current_trick == ()
    assert seed_play.declarer_tricks == 1 and seed_play.defender_tricks == 0


def test_a_ruff_wins_the_trick_for_the_trumping_side():
    play = Play(WHOLE_SUITS, "4S", "N")  # East leads hearts; only North holds trumps
    play.play("E", "AH").play("S", "2D").play("W", "2C").play("N", "2S")
    assert play.tricks[0].winner == Seat.N
    assert play.next_seat == Seat.N
    assert play.tricks_won("S") == 1 and play.tricks_won("E") == 0


def test_no_trump_the_leader_wins_when_nobody_can_follow():
    play = Play(WHOLE_SUITS, "3NT", "N")
    for _ in range(13):
        play.play("E", next(iter(play.legal_cards())))
        for seat in ("S", "W", "N"):
            play.play(seat, next(iter(play.legal_cards())))
    assert play.is_complete
    assert play.defender_tricks == 13 and play.declarer_tricks == 0


def test_thirteen_tricks_end_play_with_every_card_played_once():
    rng = random.Random(591)
    play = Play(deal_from_permutation(SEED_PERMUTATION, dealer="S"), "4H", "W")
    while not play.is_complete:
        play.play(play.next_seat, rng.choice(sorted(play.legal_cards())))
    played = [card for trick in play.tricks for card in trick.cards]
    assert len(play.tricks) == 13
    assert len(set(played)) == 52
    assert play.declarer_tricks + play.defender_tricks == 13
    assert play.next_seat is None
    assert play.legal_cards() == frozenset()
    assert all(play.remaining(seat) == frozenset() for seat in Seat)
    with pytest.raises(IllegalPlay, match="all 13 tricks have been played"):
        play.play("N", "AS")


def test_every_trick_follows_suit_when_the_player_could():
    rng = random.Random(2011)
    deal = deal_from_permutation(SEED_PERMUTATION, dealer="S")
    play = Play(deal, "3NT", "E")
    while not play.is_complete:
        play.play(play.next_seat, rng.choice(sorted(play.legal_cards())))
    held = {seat: set(deal[seat].cards) for seat in Seat}
    for trick in play.tricks:
        for offset, card in enumerate(trick.cards):
            seat = trick.leader.rotate(offset)
            could_follow = any(other.suit == trick.suit_led for other in held[seat])
            assert card.suit == trick.suit_led or not could_follow
            held[seat].remove(card)


def test_play_takes_the_contract_as_text_or_value_and_cards_as_text():
    play = Play(WHOLE_SUITS, "7NTXX", "west")
    assert play.declarer == Seat.W and play.trump is None and play.opening_leader == Seat.N
    play.play(Seat.N, Card(Suit.SPADES, 14))
    play.play("e", "ah")
    assert play.current_trick == tuple(cards("AS AH"))


def test_a_refused_card_changes_nothing(seed_play):
    before = (seed_play.next_seat, seed_play.remaining("N"), seed_play.current_trick)
    with pytest.raises(IllegalPlay):
        seed_play.play("N", "AS")
    assert (seed_play.next_seat, seed_play.remaining("N"), seed_play.current_trick) == before
