"""The printed deal and auction, laid out as the auction seed shows them (SPEC decision 5).

The diagram puts North on top, West and East side by side, South below; each hand is
its seat's name and then one line a suit, spades first, ranks from the ace down. North's
and South's lines start in the column just after West's longest line, and East's just
after the longest North or South line, so no two hands overlap. No line ends in a space.

Under the diagram comes the auction: the seats in calling order from the dealer, each
call in its seat's column, one round a line, then who declares.

``format_tally`` prints the summary of many simulated auctions (``simulate --count``);
declarers' shares are of all deals, passed-out ones included, so the shares add to 100%.
"""

from __future__ import annotations

from tournaments.bridge.auction import Auction
from tournaments.bridge.bidding import AuctionTally
from tournaments.bridge.calls import LEVELS, Bid, Strain
from tournaments.bridge.cards import SUITS_HIGH_FIRST, Deal, Hand
from tournaments.bridge.seats import SEATS, Seat

AUCTION_INDENT = "   "
"""The auction's header, rounds and declarer line all start three columns in."""


def hand_lines(hand: Hand, seat: Seat) -> list[str]:
    """Return the seat's name, then one line a suit (``'S K 10 7 5'``; a void is the bare letter)."""
    lines = [seat.full_name]
    for suit in SUITS_HIGH_FIRST:
        holding = hand.holding_text(suit)
        lines.append(f"{suit.letter} {holding}" if holding else suit.letter)
    return lines


def format_deal(deal: Deal) -> str:
    """Return the four hands in the standard diagram, lines joined by newlines (no final newline)."""
    north, east, south, west = (hand_lines(deal[seat], seat) for seat in (Seat.N, Seat.E, Seat.S, Seat.W))
    middle_indent = max(map(len, west))
    east_indent = middle_indent + max(map(len, north + south))
    pad = " " * middle_indent
    lines = [pad + line for line in north]
    lines += [left.ljust(east_indent) + right for left, right in zip(west, east, strict=True)]
    lines += [pad + line for line in south]
    return "\n".join(lines)


def format_auction(auction: Auction) -> str:
    """Return the header of seats from the dealer, the calls a round a line, and the declarer line.

    Each call starts in the column of its seat's name; ``Declarer: None`` when no one bid.
    """
    names = [auction.dealer.rotate(step).full_name for step in range(4)]
    columns = [len(name) + 1 for name in names]
    lines = [AUCTION_INDENT + " ".join(names)]
    for calls in auction.rounds():
        cells = [str(call).ljust(width) for call, width in zip(calls, columns, strict=False)]
        lines.append((AUCTION_INDENT + "".join(cells)).rstrip())
    declarer = auction.declarer
    lines.append(f"{AUCTION_INDENT}Declarer: {declarer.full_name if declarer else 'None'}")
    return "\n".join(lines)


def format_deal_and_auction(deal: Deal, auction: Auction) -> str:
    """Return the deal diagram with the auction under it, as ``manage.py simulate`` prints it."""
    return f"{format_deal(deal)}\n{format_auction(auction)}"


def _share(count: int, total: int) -> str:
    return f"{count} ({100 * count / total:.1f}%)" if total else str(count)


def format_tally(tally: AuctionTally) -> str:
    """Return the summary of many simulated auctions: passed out, contracts by level and strain, declarers."""
    lines = [f"Deals: {tally.deals}", f"Passed out: {_share(tally.passed_out, tally.deals)}"]
    lines.append("Contracts by level and strain:")
    lines.append("Level" + "".join(f"{strain.letter:>7}" for strain in Strain) + f"{'All':>7}")
    for level in LEVELS:
        counts = [tally.contracts[Bid(level, strain)] for strain in Strain]
        lines.append(f"{level:>5}" + "".join(f"{count:>7}" for count in counts) + f"{sum(counts):>7}")
    by_strain = [sum(tally.contracts[Bid(level, strain)] for level in LEVELS) for strain in Strain]
    lines.append("  All" + "".join(f"{count:>7}" for count in by_strain) + f"{sum(by_strain):>7}")
    lines.append("Declarers:")
    lines += [f"  {seat.full_name:<6}{_share(tally.declarers[seat], tally.deals)}" for seat in SEATS]
    return "\n".join(lines)
