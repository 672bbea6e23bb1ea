"""Cards, hands and deals: both text forms, their errors, and PBN round trips (SPEC decision 1)."""

import pytest

from tournaments.bridge.cards import FULL_DECK, Card, CardError, Deal, Hand, Suit, as_hand

SEED_HAND = "5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 10C"
SEED_HAND_PBN = "A.KT87.AJ9.T8542"

# The auction seed's deal, as the seed prints it (North, East, South, West).
SEED_DEAL_PBN = "N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32"


# ---- cards -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, suit, rank",
    [
        ("10H", Suit.HEARTS, 10),
        ("TH", Suit.HEARTS, 10),
        ("th", Suit.HEARTS, 10),
        ("10h", Suit.HEARTS, 10),
        ("AS", Suit.SPADES, 14),
        ("as", Suit.SPADES, 14),
        ("Kd", Suit.DIAMONDS, 13),
        ("qC", Suit.CLUBS, 12),
        ("JH", Suit.HEARTS, 11),
        ("2C", Suit.CLUBS, 2),
        ("9s", Suit.SPADES, 9),
        (" 5D ", Suit.DIAMONDS, 5),
    ],
)
def test_card_parse_reads_rank_then_suit_ten_as_10_or_t_any_case(text, suit, rank):
    assert Card.parse(text) == Card(suit, rank)


@pytest.mark.parametrize("text", ["H", "1H", "11H", "AX", "", "A", "HA", "0S", "10", "1 0H", "AHS"])
def test_card_parse_refuses_a_bad_token_naming_it(text):
    with pytest.raises(CardError, match=f"bad card {text!r}"):
        Card.parse(text)


@pytest.mark.parametrize("card, text", [(Card(Suit.HEARTS, 10), "10H"), (Card(Suit.SPADES, 14), "AS")])
def test_card_is_written_rank_then_suit_with_10_for_the_ten(card, text):
    assert str(card) == text


def test_full_deck_runs_two_to_ace_of_clubs_diamonds_hearts_spades():
    assert len(FULL_DECK) == len(set(FULL_DECK)) == 52
    assert [str(card) for card in FULL_DECK[:2]] == ["2C", "3C"]
    assert [str(FULL_DECK[index]) for index in (12, 13, 25, 26, 39, 51)] == [
        "AC",
        "2D",
        "AD",
        "2H",
        "2S",
        "AS",
    ]
    assert list(FULL_DECK) == sorted(FULL_DECK)


@pytest.mark.parametrize(
    "suit, letter, major",
    [
        (Suit.CLUBS, "C", False),
        (Suit.DIAMONDS, "D", False),
        (Suit.HEARTS, "H", True),
        (Suit.SPADES, "S", True),
    ],
)
def test_suits_rank_clubs_low_and_know_their_letter_and_kind(suit, letter, major):
    assert suit.letter == letter
    assert suit.is_major is major and suit.is_minor is not major
    assert Suit.from_letter(letter.lower()) is suit


def test_suit_from_letter_refuses_anything_else():
    with pytest.raises(CardError, match="'X'"):
        Suit.from_letter("X")
    with pytest.raises(CardError, match="'SH'"):
        Suit.from_letter("SH")


# ---- hands -----------------------------------------------------------------


def test_seed_hand_string_parses_to_thirteen_cards():
    hand = Hand.parse(SEED_HAND)
    assert len(hand.cards) == 13
    assert hand.lengths() == (5, 3, 4, 1)  # clubs, diamonds, hearts, spades
    assert hand.holding(Suit.CLUBS) == (10, 8, 5, 4, 2)
    assert hand.pbn() == SEED_HAND_PBN


@pytest.mark.parametrize(
    "text",
    [
        SEED_HAND,
        SEED_HAND.lower(),
        SEED_HAND.replace("10", "T"),
        SEED_HAND.replace("10", "t").lower(),
        " ".join(reversed(SEED_HAND.split())),
        ", ".join(SEED_HAND.split()),
        "  " + SEED_HAND.replace(" ", "   ") + "  ",
    ],
)
def test_hand_parse_accepts_10_or_t_any_case_any_order(text):
    assert Hand.parse(text) == Hand.parse(SEED_HAND)


@pytest.mark.parametrize(
    "text, message",
    [
        ("5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD", "13 cards, 12 given"),
        (SEED_HAND + " 3S", "13 cards, 14 given"),
        ("", "13 cards, 0 given"),
        ("5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 5C", "card 5C appears twice"),
        ("5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 10H", "card 10H appears twice"),
        ("5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 1C", "bad card '1C'"),
        ("5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD ZZ", "bad card 'ZZ'"),
        ("5C 7H AS JD 9D 2C KH 10H 4C 8H 8C AD 10X", "bad card '10X'"),
    ],
)
def test_hand_parse_needs_thirteen_distinct_cards_naming_the_bad_token(text, message):
    with pytest.raises(CardError, match=message):
        Hand.parse(text)


@pytest.mark.parametrize(
    "text",
    [SEED_HAND_PBN, "AKQJT98765432...", "...AKQJT98765432", "AK5.KQ2.AJ86.T92", "AKQ.-.JT987.65432"],
)
def test_pbn_hand_round_trips(text):
    hand = Hand.from_pbn(text)
    assert Hand.from_pbn(hand.pbn()) == hand
    assert hand.pbn() == text.replace("-", "")


def test_pbn_hand_reads_lower_case_and_a_dash_for_a_void():
    assert Hand.from_pbn("akq.-.jt987.65432") == Hand.from_pbn("AKQ..JT987.65432")


@pytest.mark.parametrize(
    "text, message",
    [
        ("AK5.KQ2.AJ86", "four suits"),
        ("AK5.KQ2.AJ86.T92.2", "four suits"),
        ("AK5.KQ2.AJ86.T9X", "'X'"),
        ("AK5.KQ2.AJ86.T9", "13 cards, not 12"),
        ("AK5.KQ2.AJ86.AA2", "AC appears twice"),
    ],
)
def test_pbn_hand_refuses_bad_text_saying_what_is_wrong(text, message):
    with pytest.raises(CardError, match=message):
        Hand.from_pbn(text)


def test_hand_writes_suits_from_spades_and_ranks_from_the_ace():
    hand = Hand.parse(SEED_HAND)
    assert str(hand) == "AS KH 10H 8H 7H AD JD 9D 10C 8C 5C 4C 2C"
    assert hand.holding_text(Suit.HEARTS) == "K 10 8 7"
    assert hand.holding_text(Suit.HEARTS, ten="T", separator="") == "KT87"
    assert hand.length(Suit.SPADES) == 1


def test_a_hand_knows_its_cards():
    hand = Hand.parse(SEED_HAND)
    assert Card.parse("AS") in hand
    assert Card.parse("KS") not in hand


def test_hands_are_immutable_values():
    hand = Hand.parse(SEED_HAND)
    with pytest.raises(AttributeError):
        hand.cards = frozenset()  # type: ignore[misc]
    assert hash(hand) == hash(Hand.parse(SEED_HAND.lower()))


def test_as_hand_accepts_a_hand_or_its_string():
    hand = Hand.parse(SEED_HAND)
    assert as_hand(hand) is hand
    assert as_hand(SEED_HAND) == hand


# ---- deals -----------------------------------------------------------------


def test_pbn_deal_round_trips_and_reads_by_seat():
    deal = Deal.from_pbn(SEED_DEAL_PBN)
    assert deal.pbn() == SEED_DEAL_PBN
    assert deal["W"] == deal.west == deal["west"] == Hand.from_pbn("Q43.AKQJT2.Q8.32")
    assert list(deal) == ["N", "E", "S", "W"]
    assert len(deal) == 4


def test_pbn_deal_may_start_from_any_seat():
    from_east = "E:982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32 KT75.9753.T543.J"
    assert Deal.from_pbn(from_east) == Deal.from_pbn(SEED_DEAL_PBN)
    assert Deal.from_pbn(SEED_DEAL_PBN).pbn("E") == from_east


def test_a_deal_is_a_mapping_that_says_no_to_an_unknown_seat():
    deal = Deal.from_pbn(SEED_DEAL_PBN)
    assert "N" in deal
    assert "X" not in deal
    assert deal.get("X") is None
    with pytest.raises(KeyError, match="'X'"):
        deal["X"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32", "starts with a seat"),
        ("X:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32", "starts with a seat"),
        ("N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764", "four hands"),
        ("N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.3", "W hand: a hand has 13"),
        ("N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.3J", "repeated: JC"),
    ],
)
def test_pbn_deal_refuses_bad_text_saying_what_is_wrong(text, message):
    with pytest.raises(CardError, match=message):
        Deal.from_pbn(text)


def test_a_deal_needs_all_four_hands():
    deal = Deal.from_pbn(SEED_DEAL_PBN)
    with pytest.raises(CardError, match="missing W"):
        Deal.from_hands({"N": deal.north, "E": deal.east, "S": deal.south})
