"""The printed deal and auction: the seed's example byte for byte, voids, indents, no trailing spaces."""

from __future__ import annotations

import pytest

from tests.examples import EXAMPLES
from tournaments.bridge.auction import Auction
from tournaments.bridge.bidding import AuctionTally
from tournaments.bridge.calls import Bid, Strain
from tournaments.bridge.cards import Deal
from tournaments.bridge.deck import deal_from_permutation, parse_permutation
from tournaments.bridge.layout import format_auction, format_deal, format_deal_and_auction, format_tally
from tournaments.bridge.seats import Seat

SEED_PERMUTATION = (EXAMPLES / "auction-seed-example.permutation").read_text()
SEED_OUTPUT = (EXAMPLES / "auction-seed-example.txt").read_text()
SEED_CALLS = ["Pass", "1H", "Pass", "3C", "Pass", "4H", "Pass", "Pass", "Pass"]

# Every player holds one ace, king, queen and jack, 4-3-3-3: ten points each, all pass.
FLAT_DEAL = Deal.from_pbn("N:AT98.KT9.QT9.JT9 K76.Q876.J87.A87 Q54.J54.A654.K65 J32.A32.K32.Q432")
FLAT_DEAL_DIAGRAM = """\
         North
         S A 10 9 8
         H K 10 9
         D Q 10 9
         C J 10 9
West               East
S J 3 2            S K 7 6
H A 3 2            H Q 8 7 6
D K 3 2            D J 8 7
C Q 4 3 2          C A 8 7
         South
         S Q 5 4
         H J 5 4
         D A 6 5 4
         C K 6 5"""

# Each player holds one whole suit: three voids a hand.
ONE_SUIT_EACH = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def test_the_seeds_example_prints_byte_for_byte():
    deal = deal_from_permutation(parse_permutation(SEED_PERMUTATION), "S")
    assert format_deal_and_auction(deal, Auction("S", SEED_CALLS)) + "\n" == SEED_OUTPUT


def test_a_flat_deal_indents_north_after_wests_longest_line_and_east_after_the_longest_north_south_line():
    # West's longest line is "C Q 4 3 2" (9 columns); North's "S A 10 9 8" is the longest
    # North/South line (10 columns), so East starts in column 9 + 10 = 19.
    assert format_deal(FLAT_DEAL) == FLAT_DEAL_DIAGRAM


def test_a_passed_out_auction_prints_four_passes_and_no_declarer():
    auction = Auction("S", ["Pass"] * 4)
    assert format_auction(auction) == "   South West North East\n   Pass  Pass Pass  Pass\n   Declarer: None"


@pytest.mark.parametrize(
    ("dealer", "header"),
    [
        ("N", "   North East South West"),
        ("E", "   East South West North"),
        ("S", "   South West North East"),
        ("W", "   West North East South"),
    ],
)
def test_the_auction_header_starts_with_the_dealer(dealer, header):
    assert format_auction(Auction(dealer, ["Pass"] * 4)).splitlines()[0] == header


def test_each_call_starts_in_its_seats_column_and_lines_end_after_the_last_call():
    auction = Auction("W", ["1NT", "X", "XX", "Pass", "Pass", "Pass"])
    assert format_auction(auction).splitlines() == [
        "   West North East South",
        "   1NT  X     XX   Pass",
        "   Pass Pass",
        "   Declarer: West",
    ]


def test_a_void_prints_as_the_bare_suit_letter():
    lines = format_deal(ONE_SUIT_EACH).splitlines()
    north_suits = [line.strip() for line in lines[1:5]]
    assert north_suits == ["S A K Q J 10 9 8 7 6 5 4 3 2", "H", "D", "C"]
    assert [line.split()[0] for line in lines[6:9]] == ["S", "H", "D"]  # West's voids


def test_voids_do_not_move_east_and_no_line_ends_in_a_space():
    lines = format_deal(ONE_SUIT_EACH).splitlines()
    # West's clubs line and North's spades line are 28 columns each: East starts at 56.
    east_column = 28 + 28
    assert [line[east_column:] for line in lines[5:10]] == [
        "East",
        "S",
        "H A K Q J 10 9 8 7 6 5 4 3 2",
        "D",
        "C",
    ]
    assert all(line == line.rstrip() for line in lines)
    assert all(line.rstrip() for line in lines)


@pytest.mark.parametrize("deal", [FLAT_DEAL, ONE_SUIT_EACH], ids=["flat", "one-suit-each"])
def test_no_printed_line_of_the_deal_and_auction_ends_in_a_space(deal):
    text = format_deal_and_auction(deal, Auction("N", ["1C", "Pass", "Pass", "Pass"]))
    assert all(line == line.rstrip() for line in text.splitlines())
    assert not text.endswith("\n")


def test_the_tally_counts_contracts_by_level_and_strain_and_declarers_by_seat():
    tally = AuctionTally()
    tally.add(Auction("S", SEED_CALLS))  # 4H by West
    tally.add(Auction("N", ["1S", "Pass", "2S", "Pass", "4S", "Pass", "Pass", "Pass"]))  # 4S by North
    tally.add(Auction("E", ["Pass"] * 4))
    lines = format_tally(tally).splitlines()
    assert lines[:4] == [
        "Deals: 3",
        "Passed out: 1 (33.3%)",
        "Contracts by level and strain:",
        "Level      C      D      H      S     NT    All",
    ]
    assert lines[4 + 3] == "    4      0      0      1      1      0      2"
    assert lines[4 + 7] == "  All      0      0      1      1      0      2"
    assert lines[-5:] == [
        "Declarers:",
        "  North 1 (33.3%)",
        "  East  0 (0.0%)",
        "  South 0 (0.0%)",
        "  West  1 (33.3%)",
    ]
    assert tally.contracts == {Bid(4, Strain.HEARTS): 1, Bid(4, Strain.SPADES): 1}
    assert tally.declarers == {Seat.W: 1, Seat.N: 1}
