"""Calls, contracts and the auction: the full-game seed's rules of bidding."""

import pytest

from tournaments.bridge.auction import Auction
from tournaments.bridge.calls import (
    ALL_CALLS,
    Bid,
    Contract,
    Double,
    IllegalCall,
    Pass,
    Redouble,
    Strain,
    parse_call,
)
from tournaments.bridge.seats import Seat

# ---- calls -----------------------------------------------------------------


def test_there_are_38_distinct_calls_35_bids_in_rank_order_then_pass_double_redouble():
    assert len(ALL_CALLS) == 38
    assert len(set(ALL_CALLS)) == 38
    bids = [str(call) for call in ALL_CALLS[:35]]
    assert bids[:6] == ["1C", "1D", "1H", "1S", "1NT", "2C"]
    assert bids[-1] == "7NT"
    assert [str(call) for call in ALL_CALLS[35:]] == ["Pass", "X", "XX"]


def test_bids_compare_as_the_auction_ranks_them():
    bids = [call for call in ALL_CALLS if isinstance(call, Bid)]
    assert all(lower < higher for lower, higher in zip(bids, bids[1:], strict=False))
    assert Bid(1, Strain.NOTRUMP) < Bid(2, Strain.CLUBS)
    assert Bid(3, Strain.SPADES) > Bid(3, Strain.HEARTS)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1C", Bid(1, Strain.CLUBS)),
        ("7nt", Bid(7, Strain.NOTRUMP)),
        ("3N", Bid(3, Strain.NOTRUMP)),
        (" 2h ", Bid(2, Strain.HEARTS)),
        ("4s", Bid(4, Strain.SPADES)),
        ("5D", Bid(5, Strain.DIAMONDS)),
        ("P", Pass),
        ("pass", Pass),
        ("Pass", Pass),
        ("X", Double),
        ("d", Double),
        ("Dbl", Double),
        ("XX", Redouble),
        ("r", Redouble),
        ("Rdbl", Redouble),
    ],
)
def test_parse_call_reads_bids_in_any_case_and_the_other_calls_by_their_short_names(text, expected):
    assert parse_call(text) == expected


@pytest.mark.parametrize("text", ["0C", "8NT", "1Z", "", "XXX", "NT", "1", "pas"])
def test_parse_call_refuses_text_that_is_no_call_naming_it(text):
    with pytest.raises(IllegalCall, match=repr(text).replace("(", r"\(")):
        parse_call(text)


@pytest.mark.parametrize("value", [Bid(8, Strain.CLUBS), Bid(0, Strain.NOTRUMP), (1, 0), 1, None])
def test_parse_call_refuses_a_value_that_is_no_call(value):
    with pytest.raises(IllegalCall, match="is not a call"):
        parse_call(value)


def test_parse_call_passes_a_call_through_as_the_one_real_call():
    assert parse_call(Bid(1, 0)) is ALL_CALLS[0]
    assert str(parse_call(Bid(1, 0))) == "1C"
    assert parse_call(Double) is Double


def test_every_call_reads_back_from_its_own_text():
    assert [parse_call(str(call)) for call in ALL_CALLS] == list(ALL_CALLS)


@pytest.mark.parametrize(
    "text, letter", [("C", "C"), ("d", "D"), ("H", "H"), ("s", "S"), ("NT", "NT"), ("n", "NT")]
)
def test_strain_reads_letters_and_writes_them(text, letter):
    assert Strain.from_text(text).letter == letter


def test_strain_from_text_refuses_an_unknown_letter():
    with pytest.raises(ValueError, match="'Z'"):
        Strain.from_text("Z")


# ---- contracts -------------------------------------------------------------


@pytest.mark.parametrize(
    "text, level, strain, doubling, written, tricks",
    [
        ("3NT", 3, Strain.NOTRUMP, 0, "3NT", 9),
        ("4SX", 4, Strain.SPADES, 1, "4SX", 10),
        ("7ntxx", 7, Strain.NOTRUMP, 2, "7NTXX", 13),
        ("1c", 1, Strain.CLUBS, 0, "1C", 7),
        ("2NX", 2, Strain.NOTRUMP, 1, "2NTX", 8),
        (" 5Dxx ", 5, Strain.DIAMONDS, 2, "5DXX", 11),
        ("6H", 6, Strain.HEARTS, 0, "6H", 12),
    ],
)
def test_contract_parses_level_strain_and_doubling(text, level, strain, doubling, written, tricks):
    contract = Contract.parse(text)
    assert (contract.level, contract.strain, contract.doubling) == (level, strain, doubling)
    assert str(contract) == written
    assert contract.tricks_needed == tricks


@pytest.mark.parametrize("text", ["0S", "8NT", "10H", "4SXXX", "4Z", "", "4", "S4", "4 S", "Pass"])
def test_contract_parse_refuses_bad_text_naming_it(text):
    with pytest.raises(ValueError, match=f"bad contract {text!r}"):
        Contract.parse(text)


def test_contract_refuses_a_level_or_doubling_out_of_range():
    with pytest.raises(ValueError, match="level"):
        Contract(0, Strain.CLUBS)
    with pytest.raises(ValueError, match="level"):
        Contract(4.0, Strain.CLUBS)
    with pytest.raises(ValueError, match="doubling"):
        Contract(1, Strain.CLUBS, 3)


def test_contracts_are_values():
    assert Contract.parse("4sx") == Contract(4, Strain.SPADES, 1)
    assert len({Contract.parse("4SX"), Contract(4, Strain.SPADES, 1)}) == 1


# ---- the auction -----------------------------------------------------------


def auction(dealer: str, calls: str) -> Auction:
    return Auction(dealer, calls.split())


def test_seed_example_auction_gives_four_hearts_by_west():
    # The auction seed's example: South deals; West opens 1H, East bids 3C, West 4H.
    finished = auction("S", "P 1H P 3C P 4H P P P")
    assert finished.is_complete
    assert str(finished.contract) == "4H"
    assert finished.declarer == Seat.W
    assert finished.dummy == Seat.E
    assert finished.opening_leader == Seat.N


@pytest.mark.parametrize(
    "dealer, calls, contract, declarer",
    [
        # Declarer is the first of the side to name the strain, even if partner bid it last.
        ("N", "1H P 2C P 4H P P P", "4H", Seat.N),
        ("N", "1C P 1H P 2H P 4H P P P", "4H", Seat.S),
        # The opponents naming the strain first does not make them declarer.
        ("N", "1S 2S P P 3S P P P", "3S", Seat.N),
        ("E", "1NT X P P P", "1NTX", Seat.E),
        ("W", "1D X XX P P P", "1DXX", Seat.W),
        ("S", "P P P 1C P P P", "1C", Seat.E),
        # A new bid wipes out an earlier double.
        ("N", "1S X 2H P P P", "2H", Seat.S),
        ("N", "1S X P P XX P P P", "1SXX", Seat.N),
        ("N", "1S X P P 2S P P P", "2S", Seat.N),
        ("N", "7NT X XX P P P", "7NTXX", Seat.N),
    ],
)
def test_contract_and_declarer_at_the_end_of_the_auction(dealer, calls, contract, declarer):
    finished = auction(dealer, calls)
    assert finished.is_complete
    assert str(finished.contract) == contract
    assert finished.declarer == declarer
    assert finished.dummy == declarer.partner
    assert finished.opening_leader == declarer.lho


def test_four_passes_pass_the_board_out():
    finished = auction("E", "P P P P")
    assert finished.is_complete and finished.is_passed_out
    assert finished.contract is None
    assert finished.declarer is None and finished.dummy is None and finished.opening_leader is None


@pytest.mark.parametrize("calls", ["", "P", "P P P", "1C", "1C P P", "1C X P", "P P P 1S P P"])
def test_the_auction_goes_on_until_three_passes_follow_a_call(calls):
    going = auction("N", calls)
    assert not going.is_complete
    assert not going.is_passed_out
    assert going.contract is None
    assert going.declarer is None


@pytest.mark.parametrize(
    "dealer, calls, next_seat",
    [("N", "", Seat.N), ("S", "", Seat.S), ("S", "P", Seat.W), ("W", "1C P", Seat.E), ("E", "P P P", Seat.N)],
)
def test_calls_go_clockwise_from_the_dealer(dealer, calls, next_seat):
    assert auction(dealer, calls).next_seat == next_seat


@pytest.mark.parametrize(
    "calls, illegal, reason",
    [
        ("1H", "1H", "not higher than the last bid, 1H"),
        ("1H", "1D", "not higher than the last bid, 1H"),
        ("3NT P", "3S", "not higher than the last bid, 3NT"),
        ("", "X", "no bid to double"),
        ("P P", "X", "no bid to double"),
        ("1H P", "X", "own side"),  # partner's bid
        ("1H X P", "X", "already doubled"),
        ("1H X XX", "X", "already redoubled"),
        ("", "XX", "no double to redouble"),
        ("1H", "XX", "no double to redouble"),
        ("1H X P", "XX", "only the side that bid 1H may redouble"),  # not the doublers
        ("1H X XX P", "XX", "already redoubled"),
        ("1H P P P", "P", "auction has ended"),
        ("P P P P", "1C", "auction has ended"),
    ],
)
def test_an_illegal_call_is_refused_with_the_reason_and_changes_nothing(calls, illegal, reason):
    going = auction("N", calls)
    before = (going.calls, going.next_seat, going.last_bid, going.is_complete)
    with pytest.raises(IllegalCall, match=reason):
        going.call(illegal)
    assert (going.calls, going.next_seat, going.last_bid, going.is_complete) == before
    assert not going.is_legal(illegal)


def test_the_refusal_names_the_seat_and_the_call():
    with pytest.raises(IllegalCall, match="East cannot call 1C"):
        auction("N", "1H").call("1C")


def test_a_player_may_bid_again_after_passing():
    going = auction("N", "P 1C P P 1H")
    assert going.last_bid == Bid(1, Strain.HEARTS)


def test_double_of_an_opponents_bid_after_two_passes_is_legal():
    assert auction("N", "1H P P").is_legal("X")


def test_redouble_by_partner_of_the_doubled_bidder_is_legal():
    assert auction("N", "1H X P").is_legal("P")
    assert auction("N", "1H X P P").is_legal("XX")  # North, after partner passed


def test_call_returns_the_auction_so_calls_chain():
    going = Auction("N")
    assert going.call("1C").call(Pass) is going


def test_calls_and_last_bid_record_what_was_said():
    going = auction("N", "1C X 1H")
    assert going.calls == (Bid(1, Strain.CLUBS), Double, Bid(1, Strain.HEARTS))
    assert going.last_bid == Bid(1, Strain.HEARTS)
    assert Auction("N").last_bid is None


@pytest.mark.parametrize(
    "calls, expected_count, expected_others",
    [
        ("", 35, ["Pass"]),
        ("1C", 34, ["Pass", "X"]),
        ("1C P", 34, ["Pass"]),
        ("1C X", 34, ["Pass", "XX"]),
        ("1C X XX", 34, ["Pass"]),
        ("7NT", 0, ["Pass", "X"]),
        ("7NT X", 0, ["Pass", "XX"]),
    ],
)
def test_legal_calls_are_the_higher_bids_then_pass_double_redouble_as_allowed(
    calls, expected_count, expected_others
):
    going = auction("N", calls)
    legal = going.legal_calls()
    bids = [call for call in legal if isinstance(call, Bid)]
    assert len(bids) == expected_count
    assert [str(call) for call in legal if not isinstance(call, Bid)] == expected_others
    assert all(going.is_legal(call) for call in legal)
    assert not any(going.is_legal(call) for call in ALL_CALLS if call not in legal)


def test_no_call_is_legal_once_the_auction_ends():
    assert auction("N", "1C P P P").legal_calls() == ()


def test_rounds_group_the_calls_four_to_a_line_from_the_dealer():
    rounds = auction("S", "P 1H P 3C P 4H P P P").rounds()
    assert [[str(call) for call in line] for line in rounds] == [
        ["Pass", "1H", "Pass", "3C"],
        ["Pass", "4H", "Pass", "Pass"],
        ["Pass"],
    ]


def test_auction_accepts_a_seat_or_its_name_as_dealer():
    assert Auction(Seat.W).dealer == Auction("west").dealer == Seat.W


def test_text_that_is_no_call_is_refused_and_not_legal():
    going = Auction("N")
    with pytest.raises(IllegalCall, match="'9C'"):
        going.call("9C")
    assert not going.is_legal("9C")
    assert going.calls == ()
