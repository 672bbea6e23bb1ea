"""The auction seed's bidding system, rule by rule, on hand-built hands and deals.

Hands are PBN (spades.hearts.diamonds.clubs); each comment gives the points the seed
counts: high card points plus shortness (void 3, singleton 2, doubleton 1).
"""

from __future__ import annotations

import random

import pytest

from tournaments.bridge.auction import Auction
from tournaments.bridge.bidding import (
    AuctionTally,
    HandProfile,
    answer_call,
    answer_shows,
    jump_bid,
    lowest_bid,
    opening_call,
    rebid_call,
    simulate_auction,
    simulate_random_deals,
)
from tournaments.bridge.calls import Bid, Pass, Strain, parse_call
from tournaments.bridge.cards import Deal, Hand, Suit
from tournaments.bridge.deck import deal_from_permutation, parse_permutation
from tournaments.bridge.evaluation import suit_high_card_points
from tournaments.bridge.seats import Seat

SEED_PERMUTATION = (
    "38, 48, 11, 6, 20, 17, 46, 8, 37, 43, 7, 52, 36, 10, 25, 49, 50, 16, 33, 5, 42, 32, 9, 29, 1, 51, "
    "26, 18, 41, 15, 40, 31, 35, 45, 4, 12, 39, 30, 19, 21, 2, 34, 23, 3, 27, 22, 47, 14, 24, 28, 13, 44"
)
SEED_DEAL = deal_from_permutation(parse_permutation(SEED_PERMUTATION), "S")


def profile(pbn: str) -> HandProfile:
    return HandProfile(Hand.from_pbn(pbn))


def bid(text: str) -> Bid:
    call = parse_call(text)
    assert isinstance(call, Bid)
    return call


# --- points ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "points"),
    [(Seat.S, 9), (Seat.W, 16), (Seat.N, 6), (Seat.E, 16)],  # as the seed's commentary counts them
)
def test_points_are_high_card_points_plus_shortness_as_in_the_seeds_example(seat, points):
    assert HandProfile(SEED_DEAL[seat]).points == points


def test_a_profile_reads_suit_lengths_and_suit_strengths_by_suit():
    west = HandProfile(SEED_DEAL.west)  # S Q43, H AKQJT2, D Q8, C 32
    assert west.lengths == (2, 2, 6, 3)
    assert west.suit_points == tuple(suit_high_card_points(SEED_DEAL.west, suit) for suit in Suit)
    assert west.suit_points == (0, 2, 10, 2)
    assert west.notrump is False


# --- opening ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "opening"),
    [
        ("AKJ52.K43.Q52.32", "1S"),  # 14: five spades
        ("AKJ52.K43.952.32", "Pass"),  # 12: below opening points
        ("Q43.AKQJT2.Q8.32", "1H"),  # 16 but two doubletons, no club stopper: the six-card suit
        ("AK5.K32.AJ86.Q92", "1NT"),  # 17, 4-3-3-3, every suit stopped
        ("AJ5.K32.AJ86.K92", "1NT"),  # 16, just enough for no trump
        ("AJ5.K32.AJ86.Q92", "1D"),  # 15, a no-trump hand one point short: the longer minor
        ("AK5.K3.AJ865.Q92", "1NT"),  # 18, 5-3-3-2 no-trump hand: no trump before the five-card minor
        ("AJ865.K3.AK5.Q92", "1NT"),  # 18, 5-3-3-2 no-trump hand: no trump before the five-card major
        ("AK5.K32.J986.Q92", "1D"),  # 13, a no-trump hand but below 16: the longer minor
        ("AQ952.KJ852.4.A2", "1S"),  # 17, five spades and five hearts: the higher-ranking
        ("A2.4.KQ852.AJ952", "1D"),  # 18, five diamonds and five clubs: the higher-ranking
        ("AJ952.4.A.KQ8532", "1C"),  # 18, six clubs beat five spades: the longest suit
        ("AK52.K432.Q52.32", "1D"),  # 13, no five-card suit: three diamonds beat two clubs
        ("AK52.K432.32.Q52", "1C"),  # 13, three clubs beat two diamonds
        ("AK52.K43.Q52.J32", "1D"),  # 13, three each: diamonds hold more points (2 to 1)
        ("AK52.K43.J32.Q52", "1C"),  # 13, three each: clubs hold more points
        ("AK52.K43.Q32.Q52", "1C"),  # 14, three each and two points each: clubs
        ("AK5.K4.Q532.Q532", "1C"),  # 15, four each and two points each: clubs
    ],
)
def test_the_opening_bid(hand, opening):
    assert str(opening_call(profile(hand))) == opening


@pytest.mark.parametrize(
    ("hand", "last_bid", "opening"),
    [
        ("Q43.AKQJT2.Q8.32", "1S", "2H"),  # hearts go to the two level over the opponents' 1S
        ("AK5.K32.AJ86.Q92", "1S", "1NT"),  # no trump still fits at the one level
        ("AKJ52.K43.Q52.32", "7NT", "Pass"),  # nothing is left above 7NT
    ],
)
def test_an_opening_after_the_opponents_opened_takes_the_lowest_legal_level(hand, last_bid, opening):
    assert str(opening_call(profile(hand), bid(last_bid))) == opening


@pytest.mark.parametrize(
    ("strain", "last_bid", "lowest", "jump"),
    [
        (Strain.CLUBS, None, "1C", "2C"),
        (Strain.SPADES, "1H", "1S", "2S"),
        (Strain.CLUBS, "1H", "2C", "3C"),
        (Strain.HEARTS, "1H", "2H", "3H"),
        (Strain.NOTRUMP, "6S", "6NT", "7NT"),
        (Strain.SPADES, "6NT", "7S", None),
        (Strain.CLUBS, "7C", None, None),
    ],
)
def test_lowest_and_jump_bids(strain, last_bid, lowest, jump):
    last = None if last_bid is None else bid(last_bid)
    assert lowest_bid(strain, last) == (bid(lowest) if lowest else None)
    assert jump_bid(strain, last) == (bid(jump) if jump else None)


# --- answering ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        # 13+: one level above the lowest legal bid.
        ("A52.Q43.KQ52.K32", "3H"),  # 14 with three hearts: jump raise
        ("AQ52.K3.Q852.K32", "2NT"),  # 15, two hearts, a no-trump hand: jump in no trump
        ("982.8.AKJ7.AQT85", "3C"),  # 16, the seed's East: jump in the best suit
        ("AQJ52.3.KQ52.K32", "2S"),  # 17, best suit spades: 1S would do, so 2S
        # 10-12: no trump with a no-trump hand, else the best suit, at the lowest level.
        ("K52.K3.Q852.K432", "1NT"),  # 12, no-trump hand
        ("52.3.8652.AKJ432", "2C"),  # 11, six clubs: the next level is allowed
        ("AKJ52.32.J52.432", "1S"),  # 10, spades fit at the one level
        ("8652.3.AKQ2.8432", "2D"),  # 11, three four-card suits: diamonds hold the points
        # 8-9: the best suit only at the opening's level.
        ("KJ52.32.Q52.J432", "1S"),  # 8, spades and clubs four each: spades hold more points
        ("52.Q32.852.KQJ32", "2H"),  # 9, clubs would need the two level: raise with three hearts
        ("52.J2.8532.KQ932", "Pass"),  # 8, clubs would need the two level, two hearts: pass
        # 6-7: a raise by one with three or more of partner's suit.
        ("52.Q32.K852.8532", "2H"),  # 6 with three hearts
        ("Q52.32.K852.8532", "Pass"),  # 6 with two hearts
        ("52.Q32.Q852.8532", "Pass"),  # 5 with three hearts: too weak
    ],
)
def test_the_answer_to_a_one_heart_opening(hand, answer):
    assert str(answer_call(profile(hand), bid("1H"), bid("1H"))) == answer


@pytest.mark.parametrize(
    ("hand", "opening", "answer"),
    [
        # 10-12 with three or more of partner's suit raises before showing its own suit,
        # as the 13+ rule does (the course's reference reading; issue 13, point 11).
        ("KQJ52.4.Q64.JT98", "1D", "2D"),  # 11, three diamonds and five spades: not 1S
        ("KQJ52.4.964.QJT8", "1C", "2C"),  # 11, four clubs and five spades: not 1S
        ("KQJ52.43.Q64.J98", "1D", "2D"),  # 10, a no-trump hand with three diamonds: raise first
        ("AJ852.Q43.K52.32", "1H", "2H"),  # 11, three hearts and five spades on a major too
        ("KQJ52.4.Q6.JT984", "1D", "1S"),  # 11, two diamonds: no raise, the best suit
    ],
)
def test_a_ten_to_twelve_answer_raises_with_three_card_support(hand, opening, answer):
    assert str(answer_call(profile(hand), bid(opening), bid(opening))) == answer


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        ("AQ52.K3.Q852.K32", "3NT"),  # 15, no-trump hand: 2NT is the lowest, so 3NT
        ("AQJ52.3.KQ52.K32", "3S"),  # 17, not a no-trump hand: jump in spades
        ("52.3.8652.AKJ432", "2C"),  # 11: the best suit at the lowest level
        ("52.Q32.852.KQJ32", "Pass"),  # 9: no suit fits at the one level, and no trump is no suit to raise
        ("Q52.432.K852.853", "Pass"),  # 6 with three cards everywhere: still nothing to raise
    ],
)
def test_the_answer_to_a_one_no_trump_opening(hand, answer):
    assert str(answer_call(profile(hand), bid("1NT"), bid("1NT"))) == answer


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        ("A52.Q43.KQ52.K32", "4H"),  # 14 with three hearts: 3H is the lowest over 2S, so 4H
        ("K52.K3.Q852.K432", "2NT"),  # 12, no-trump hand: the lowest no trump over 2S
        ("KJ52.32.Q52.J432", "Pass"),  # 8: spades cannot go at the one level any more, two hearts
        ("52.Q32.K852.8532", "3H"),  # 6 with three hearts: the lowest legal raise over 2S
    ],
)
def test_an_answer_over_the_opponents_bid_stays_legal(hand, answer):
    assert str(answer_call(profile(hand), bid("1H"), bid("2S"))) == answer


@pytest.mark.parametrize(
    ("answer", "opening", "last_bid", "shown"),
    [
        ("Pass", "1H", "1H", 0),
        ("3C", "1H", "1H", 13),  # a jump
        ("2NT", "1H", "1H", 13),
        ("3H", "1H", "1H", 13),
        ("1NT", "1H", "1H", 10),  # no trump without a jump
        ("2C", "1H", "1H", 10),  # a new suit a level up
        ("1S", "1H", "1H", 8),  # a new suit at the opening's level
        ("2H", "1H", "1H", 6),  # a simple raise
        ("3H", "1H", "2S", 6),  # a raise as low as the opponents allow
        ("4H", "1H", "2S", 13),
        ("2NT", "1NT", "1NT", 10),
        ("3NT", "1NT", "1NT", 13),
    ],
)
def test_what_an_answer_shows(answer, opening, last_bid, shown):
    assert answer_shows(parse_call(answer), bid(opening), bid(last_bid)) == shown


# --- the opener's rebid ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "opening", "answer", "last_bid", "rebid"),
    [
        ("AK5.K32.AJ86.Q92", "1NT", "2NT", "2NT", "3NT"),  # 17 + 10 = 27: no trump reaches 25
        ("Q43.AKQJT2.Q8.32", "1H", "3C", "3C", "4H"),  # the seed's West: 16 + 13 = 29, own major
        ("A52.K3.852.AKJ52", "1C", "3C", "3C", "5C"),  # 16 + 13 = 29: five of the minor
        ("AKQ52.AK3.K52.32", "1S", "3S", "3S", "6S"),  # 20 + 13 = 33: small slam
        ("AKQ52.AK3.AK2.32", "1S", "3S", "3S", "7S"),  # 24 + 13 = 37: grand slam
        ("AK5.KQ2.AJ86.Q92", "1NT", "3NT", "3NT", "6NT"),  # 19 + 13 = 32
        ("AK5.AK2.AK86.Q92", "1NT", "3NT", "3NT", "7NT"),  # 23 + 13 = 36
        ("AKJ52.K43.Q52.32", "1S", "2S", "2S", "Pass"),  # 14 + 6 = 20: no game
        ("AKJ52.K43.Q52.32", "1S", "3S", "3S", "4S"),  # 14 + 13 = 27: just enough for a major game
        ("AJ5.K3.852.AQ852", "1C", "1NT", "1NT", "3NT"),  # 15 + 10 = 25: just enough for 3NT
        ("AJ5.K3.852.KQ852", "1C", "1NT", "1NT", "Pass"),  # 14 + 10 = 24
        ("AJ52.K3.52.AQ852", "1C", "2S", "2S", "4S"),  # 16 + 13 = 29, four spades: partner's major
        ("AJ5.K3.J52.AQ852", "1C", "2S", "2S", "5C"),  # 16 + 13 = 29, three spades: own minor
        ("AJ5.K3.852.AQ852", "1C", "2S", "2S", "Pass"),  # 15 + 13 = 28, three spades: no game
        ("AJ52.AKJ52.52.32", "1H", "2S", "2S", "4H"),  # 15 + 13 = 28, both majors qualify: own suit
        ("AJ52.K3.52.AQ852", "1C", "1NT", "1NT", "3NT"),  # 16 + 10 = 26: no trump comes first
        ("AK5.K32.AJ86.Q92", "1NT", "3NT", "3NT", "Pass"),  # 17 + 13 = 30: already in 3NT
        ("Q43.AKQJT2.Q8.32", "1H", "3C", "4S", "Pass"),  # the opponents bid past 4H: stop
        ("AKQJ2.AKQ.AK2.32", "1S", "Pass", "2H", "4S"),  # 27 alone: partner's pass showed nothing
        ("AKQ52.AK3.K52.32", "1S", "Pass", "2H", "Pass"),  # 20 alone
    ],
)
def test_the_openers_rebid(hand, opening, answer, last_bid, rebid):
    opening_bid, answer_call_made, last = bid(opening), parse_call(answer), bid(last_bid)
    shown = answer_shows(answer_call_made, opening_bid, opening_bid)
    assert str(rebid_call(profile(hand), opening_bid, answer_call_made, shown, last)) == rebid


# --- whole auctions ---------------------------------------------------------------------


def test_the_seeds_example_auction():
    auction = simulate_auction(SEED_DEAL, "S")
    assert str(auction) == "Pass 1H Pass 3C Pass 4H Pass Pass Pass"
    assert auction.declarer == Seat.W


def test_four_passes_pass_the_deal_out():
    # Each player holds one ace, king, queen and jack, 4-3-3-3: ten points each.
    deal = Deal.from_pbn("N:AT98.KT9.QT9.JT9 K76.Q876.J87.A87 Q54.J54.A654.K65 J32.A32.K32.Q432")
    auction = simulate_auction(deal, "S")
    assert str(auction) == "Pass Pass Pass Pass"
    assert auction.is_passed_out
    assert auction.declarer is None


def test_both_sides_open_and_the_answerer_stays_silent_afterwards():
    # South (14) opens 1S; West (14), whose partner has not opened, opens 2H regardless;
    # North (14, three spades) jump-raises to 3S; East (1) passes; South: 14 + 13 = 27 -> 4S;
    # West: 14 + 0, pass; North has answered and passes with 14 points.
    deal = Deal.from_pbn("S:AKJ52.K43.Q52.32 Q4.AQJ52.K43.J54 T98.T98.AJT.AKQ6 763.76.9876.T987")
    auction = simulate_auction(deal, "S")
    assert str(auction) == "1S 2H 3S Pass 4S Pass Pass Pass"
    assert auction.declarer == Seat.S


def test_a_slam_in_a_fierce_competitive_auction():
    # Each player holds one suit: 10 HCP + three voids = 19 points. South opens 1D, West 2C;
    # North jumps to 3S, East to 5H (4H is the lowest); South: 19 + 13 = 32 and no four spades
    # -> 6D; West's 6C would not be higher than 6D, so West passes.
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    auction = simulate_auction(deal, "S")
    assert str(auction) == "1D 2C 3S 5H 6D Pass Pass Pass"
    assert auction.declarer == Seat.S


def test_a_ten_point_answer_raises_a_one_diamond_opening_with_three_diamonds():
    # South (15) opens 1D; West (12) passes; North (11: three diamonds, five spades, not a
    # no-trump hand) raises to 2D rather than bidding 1S; South: 15 + 6 = 21, pass.
    deal = Deal.from_pbn("S:3.K32.AKJ52.Q432 AT98.QJT9.83.A75 KQJ52.4.Q64.JT98 764.A8765.T97.K6")
    auction = simulate_auction(deal, "S")
    assert str(auction) == "1D Pass 2D Pass Pass Pass"
    assert auction.declarer == Seat.S


def test_declarer_is_the_first_of_the_side_to_name_the_strain():
    # South opens 1C (16, five clubs, four spades); West (10) passes; North (14, two clubs, no
    # heart stopper) jumps to 2S; East (5) passes; South: 16 + 13 = 29 with four spades -> 4S.
    # North named spades first, so North declares South's 4S.
    deal = Deal.from_pbn("S:AJ52.K3.52.AQ852 97.QJ76.KQ98.J97 KQT86.T98.AJT.K6 43.A542.7643.T43")
    auction = simulate_auction(deal, "S")
    assert str(auction) == "1C Pass 2S Pass 4S Pass Pass Pass"
    assert auction.declarer == Seat.N


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W"])
def test_random_auctions_keep_to_the_system(dealer):
    """Over many deals, in each side the opener bids at most twice and the answerer at most once."""
    for _deal, auction in simulate_random_deals(300, random.Random(f"system-{dealer}"), dealer):
        assert auction.is_complete
        bid_positions: dict[Seat, list[int]] = {}
        for index, call in enumerate(auction.calls):
            if isinstance(call, Bid):
                bid_positions.setdefault(auction.seat_of(index), []).append(index)
        for side in ((Seat.N, Seat.S), (Seat.E, Seat.W)):
            opener_first = sorted(bid_positions[seat] for seat in side if seat in bid_positions)
            if opener_first:
                assert len(opener_first[0]) <= 2
            if len(opener_first) == 2:
                assert len(opener_first[1]) == 1


def test_a_seeded_run_repeats_and_the_tally_adds_up():
    first = [auction.calls for _deal, auction in simulate_random_deals(50, random.Random(7))]
    again = [auction.calls for _deal, auction in simulate_random_deals(50, random.Random(7))]
    assert first == again
    tally = AuctionTally()
    for _deal, auction in simulate_random_deals(200, random.Random(7)):
        tally.add(auction)
    assert tally.deals == 200
    assert tally.passed_out + sum(tally.contracts.values()) == 200
    assert sum(tally.declarers.values()) == 200 - tally.passed_out


def test_a_simulated_auction_is_an_ordinary_auction():
    auction = simulate_auction(SEED_DEAL, "S")
    assert isinstance(auction, Auction)
    assert Auction("S", auction.calls).declarer == auction.declarer
    assert auction.calls[0] is Pass
