"""The auction: calls in turn from the dealer, which calls are legal, and the contract it ends in.

The rules are the full-game seed's (and the Laws'):
- a bid must be higher than the last bid;
- a double only of the last bid, when an opponent made it and it is not yet doubled;
- a redouble only of a double of one's own side's last bid, not yet redoubled;
- the auction ends after three passes in a row following any call, or four passes at the
  start (passed out);
- the contract is the last bid with the doubling it carries; declarer is the first player of
  the declaring side to name the contract's strain, even if partner made the final bid.

``Auction.call`` is on the simulation's hot path (about six calls a deal), so it keeps the
facts it needs as it goes instead of re-reading the calls.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.bridge.calls import (
    ALL_BIDS,
    Bid,
    Call,
    Contract,
    Double,
    IllegalCall,
    Pass,
    Redouble,
    Strain,
    parse_call,
)
from tournaments.bridge.seats import Seat, seat_from

_PASSES_TO_END = 3
_PASSES_TO_PASS_OUT = 4
_DOUBLING_WORDS = ("undoubled", "doubled", "redoubled")


class Auction:
    """The calls of one auction, checked one at a time as they are made."""

    __slots__ = (
        "dealer",
        "_seats",
        "_calls",
        "_last_bid",
        "_last_bid_side",
        "_doubling",
        "_passes_in_a_row",
        "_first_to_name",
    )

    def __init__(self, dealer: Seat | str, calls: Iterable[str | Call] = ()) -> None:
        self.dealer: Seat = seat_from(dealer)
        # Seats in calling order from the dealer; call i is made by _seats[i % 4].
        self._seats: tuple[Seat, ...] = tuple(self.dealer.rotate(step) for step in range(4))
        self._calls: list[Call] = []
        self._last_bid: Bid | None = None
        self._last_bid_side = -1  # 0 for the dealer's side, 1 for the other
        self._doubling = 0
        self._passes_in_a_row = 0
        # (side, strain) -> index in _seats of the first player of that side to name the strain.
        self._first_to_name: dict[tuple[int, Strain], int] = {}
        for call in calls:
            self.call(call)

    def call(self, call: str | Call) -> Auction:
        """Make the next call, or raise ``IllegalCall`` saying why it cannot be made.

        An illegal call leaves the auction as it was. Returns the auction, so calls chain.
        """
        made = parse_call(call)
        reason = self._why_illegal(made)
        if reason is not None:
            raise IllegalCall(f"{self.next_seat.full_name} cannot call {made}: {reason}")
        self._record(made)
        return self

    def _why_illegal(self, call: Call) -> str | None:
        if self.is_complete:
            return "the auction has ended"
        side = len(self._calls) & 1
        if call is Pass:
            return None
        if call is Double:
            if self._last_bid is None:
                return "there is no bid to double"
            if self._last_bid_side == side:
                return f"the last bid, {self._last_bid}, was made by your own side"
            if self._doubling:
                return f"the last bid, {self._last_bid}, is already {_DOUBLING_WORDS[self._doubling]}"
            return None
        if call is Redouble:
            if self._doubling == 0:
                return "there is no double to redouble"
            if self._doubling == 2:
                return f"the last bid, {self._last_bid}, is already redoubled"
            if self._last_bid_side != side:
                return f"only the side that bid {self._last_bid} may redouble"
            return None
        if self._last_bid is not None and call <= self._last_bid:
            return f"it is not higher than the last bid, {self._last_bid}"
        return None

    def _record(self, call: Call) -> None:
        position = len(self._calls) & 3
        self._calls.append(call)
        if call is Pass:
            self._passes_in_a_row += 1
            return
        self._passes_in_a_row = 0
        if isinstance(call, Bid):
            side = position & 1
            self._last_bid = call
            self._last_bid_side = side
            self._doubling = 0
            self._first_to_name.setdefault((side, call.strain), position)
        else:
            self._doubling += 1

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(self._calls)

    def __len__(self) -> int:
        return len(self._calls)

    @property
    def next_seat(self) -> Seat:
        """The seat whose turn it is to call (after the auction ends, the one that would be next)."""
        return self._seats[len(self._calls) & 3]

    def seat_of(self, index: int) -> Seat:
        """The seat that made call number ``index`` (from 0)."""
        return self._seats[index & 3]

    @property
    def last_bid(self) -> Bid | None:
        return self._last_bid

    @property
    def is_complete(self) -> bool:
        """Three passes after any call, or four passes to start with."""
        if self._last_bid is None:
            return self._passes_in_a_row >= _PASSES_TO_PASS_OUT
        return self._passes_in_a_row >= _PASSES_TO_END

    @property
    def is_passed_out(self) -> bool:
        return self._last_bid is None and self._passes_in_a_row >= _PASSES_TO_PASS_OUT

    @property
    def contract(self) -> Contract | None:
        """The final contract with its doubling; ``None`` while bidding goes on or when passed out."""
        if self._last_bid is None or not self.is_complete:
            return None
        return Contract(self._last_bid.level, self._last_bid.strain, self._doubling)

    @property
    def declarer(self) -> Seat | None:
        """The first player of the declaring side to name the final strain; ``None`` without a contract."""
        if self._last_bid is None or not self.is_complete:
            return None
        return self._seats[self._first_to_name[(self._last_bid_side, self._last_bid.strain)]]

    @property
    def dummy(self) -> Seat | None:
        declarer = self.declarer
        return None if declarer is None else declarer.partner

    @property
    def opening_leader(self) -> Seat | None:
        """Declarer's left-hand opponent, who leads to the first trick."""
        declarer = self.declarer
        return None if declarer is None else declarer.lho

    def is_legal(self, call: str | Call) -> bool:
        """Whether ``call`` may be made now (text that is no call is not legal)."""
        try:
            made = parse_call(call)
        except IllegalCall:
            return False
        return self._why_illegal(made) is None

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call that may be made now: the bids above the last one, then Pass, X, XX as allowed."""
        if self.is_complete:
            return ()
        start = 0 if self._last_bid is None else ALL_BIDS.index(self._last_bid) + 1
        others = tuple(call for call in (Pass, Double, Redouble) if self._why_illegal(call) is None)
        return ALL_BIDS[start:] + others

    def rounds(self) -> list[tuple[Call, ...]]:
        """The calls four to a line, each line starting with the dealer's call, for printing."""
        return [tuple(self._calls[start : start + 4]) for start in range(0, len(self._calls), 4)]

    def __str__(self) -> str:
        return " ".join(str(call) for call in self._calls)

    def __repr__(self) -> str:
        return f"Auction({self.dealer.value!r}, {[str(call) for call in self._calls]!r})"
