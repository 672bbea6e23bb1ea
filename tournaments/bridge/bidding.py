"""The auction seed's bidding system: open, answer partner once, and the opener's one rebid.

Points are high card points plus shortness points (void 3, singleton 2, doubleton 1;
SPEC decision 2). Each partnership bids as if the other side were silent; the only thing
it takes from the opponents is the last bid, because every call must be legal.

The seed's rules, in the order it gives them:

- Partner has not opened: with 13+ points open, else pass. A player whose partner has
  not opened opens even when the opponents already have.
- Opening: a 5+ card suit, or no trump with 16+ and a no-trump hand, or the longer
  (then stronger, then clubs) of clubs and diamonds, at the lowest legal level.
- Answering partner's opening, the first rule that applies: 13+ jump one level above the
  lowest legal bid (raise with 3+ cards in partner's suit, else no trump with a no-trump
  hand, else the best suit); 10+ the same order at the lowest legal level (decision 10);
  8+ the best suit if it goes at the level of partner's opening; 6+ with 3+ cards in
  partner's suit raise at the lowest legal level; else pass.
- The opener's rebid, from the team's points (own points plus the least the answer
  showed): 3NT at 25 if either bid no trump; four of a major at 27, five of a minor at 29,
  in the opener's suit or partner's when the opener holds four of it (the opener's own
  suit when both qualify); six at 32, seven at 36; else pass.
- The answerer never bids again; the opener rebids at most once; everyone else passes.

Decisions where the seed is open (also in ``docs/decisions.md``):

1. No trump before a long suit. With 16+ points and a no-trump hand the opening is no
   trump even when a five-card suit would also qualify. The only such shape is 5-3-3-2;
   the seed's own example explains West's suit opening by the missing no-trump hand, so
   the no-trump test comes first, as in standard bidding (1NT shows a balanced 16+).
2. Two longest suits of five or more: open the higher-ranking, as bridge players do
   (it leaves room to show the other suit cheaply).
3. The answerer's "best suit": the longest; of equal length the one with more high card
   points (the seed's own meaning of "stronger"); then the higher-ranking.
4. Partner's no-trump opening has no "suit" to raise, so the two raise rules skip it:
   13+ answers no trump with a no-trump hand, else jumps in the best suit; 6-9 passes.
5. "At the lowest possible level" and "one level higher than required" are measured from
   the last bid of either side; a bid above 7 cannot be made and the player passes instead.
   The 8+ rule applies only when the best suit can be bid at the level of partner's
   opening; otherwise the 6+ raise rule is tried.
6. What the answer showed is read from the calls, as the opener would: a jump 13, a
   no trump 10, a raise of the opening strain 6, a new suit at the opening's level 8,
   a new suit above it 10, a pass 0. A 10-12 hand that raises (decision 10) looks like a
   6-9 raise and is counted as 6, the least that call promises.
7. The opener rebids at its next turn after the answer, even when partner passed (partner
   then showed 0 points), which only happens when the opponents kept the auction open.
8. The rebid's level is exact ("bid at that level"): when that bid is not higher than the
   last bid (partner's answer already reached it, or the opponents bid past it) the opener
   passes rather than bidding higher than the team's points justify.
9. The rebid rules are tried in the seed's order (no trump, majors, minors), so with 25+
   points and a no-trump bid on either side the strain is no trump; slam levels keep the
   strain of the first rule that applies.
10. The 10+ answer reads the 13+ rule's order into it: with 3+ cards in partner's suit it
    raises (at the lowest legal level) before trying no trump or its own suit, so 1D - 2D
    with three diamonds and five spades, not 1S. The seed's 10+ rule names only no trump
    and the best suit; the course's reference tests raise first, and so does ClubScore.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import cycle

from tournaments.bridge.auction import Auction
from tournaments.bridge.calls import Bid, Call, Pass, Strain
from tournaments.bridge.cards import Deal, Hand, Suit, as_hand
from tournaments.bridge.deck import deal_from_permutation, random_permutation
from tournaments.bridge.evaluation import (
    high_card_points_by_suit,
    is_notrump_hand,
    shortness_points_of_lengths,
)
from tournaments.bridge.seats import Seat, seat_from

MAX_LEVEL = 7

OPENING_POINTS = 13
NOTRUMP_OPENING_POINTS = 16
OPENING_SUIT_LENGTH = 5

JUMP_ANSWER_POINTS = 13
NEW_LEVEL_ANSWER_POINTS = 10
SAME_LEVEL_ANSWER_POINTS = 8
RAISE_POINTS = 6
RAISE_LENGTH = 3

FIT_LENGTH = 4
"""Cards the opener needs in partner's suit to choose it for the final contract."""

SMALL_SLAM_POINTS = 32
GRAND_SLAM_POINTS = 36

_SUIT_STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)
_MAJORS = (Strain.HEARTS, Strain.SPADES)
_MINORS = (Strain.CLUBS, Strain.DIAMONDS)

# The seed's game rules in its order: strains, team points for game, the game's level.
_GAME_RULES: tuple[tuple[tuple[Strain, ...], int, int], ...] = (
    ((Strain.NOTRUMP,), 25, 3),
    (_MAJORS, 27, 4),
    (_MINORS, 29, 5),
)


class HandProfile:
    """What the bidding system reads from a hand, worked out once per hand.

    ``points`` (HCP plus shortness), ``lengths`` and ``suit_points`` (HCP) by suit are
    read at once; whether it is a no-trump hand only when a rule asks, because only
    hands of 10+ points ever do and the stopper test is the costliest.
    """

    __slots__ = ("hand", "points", "lengths", "suit_points", "_notrump")

    def __init__(self, hand: Hand | str) -> None:
        self.hand = as_hand(hand)
        self.lengths = self.hand.lengths()
        self.suit_points = high_card_points_by_suit(self.hand)
        self.points = sum(self.suit_points) + shortness_points_of_lengths(self.lengths)
        self._notrump: bool | None = None

    @property
    def notrump(self) -> bool:
        """Whether the hand is a no-trump hand (no singleton or void, one doubleton at most, all stopped)."""
        if self._notrump is None:
            self._notrump = is_notrump_hand(self.hand)
        return self._notrump

    def __repr__(self) -> str:
        return f"HandProfile({str(self.hand)!r})"


def lowest_bid(strain: Strain, last_bid: Bid | None) -> Bid | None:
    """Return the cheapest legal bid in ``strain`` after ``last_bid``; ``None`` above seven."""
    if last_bid is None:
        return Bid(1, strain)
    level = last_bid.level if strain > last_bid.strain else last_bid.level + 1
    return Bid(level, strain) if level <= MAX_LEVEL else None


def jump_bid(strain: Strain, last_bid: Bid | None) -> Bid | None:
    """Return the bid one level above the cheapest legal one in ``strain``; ``None`` above seven."""
    cheapest = lowest_bid(strain, last_bid)
    if cheapest is None or cheapest.level == MAX_LEVEL:
        return None
    return Bid(cheapest.level + 1, strain)


def _bid_or_pass(bid: Bid | None) -> Call:
    return Pass if bid is None else bid


def opening_strain(profile: HandProfile) -> Strain | None:
    """Return the strain the hand opens in, or ``None`` below opening points."""
    if profile.points < OPENING_POINTS:
        return None
    if profile.points >= NOTRUMP_OPENING_POINTS and profile.notrump:
        return Strain.NOTRUMP
    lengths = profile.lengths
    # The longest suit; of two equally long ones the higher-ranking (decision 2).
    longest, strain = max(zip(lengths, _SUIT_STRAINS, strict=True))
    if longest >= OPENING_SUIT_LENGTH:
        return strain
    clubs = (lengths[Suit.CLUBS], profile.suit_points[Suit.CLUBS])
    diamonds = (lengths[Suit.DIAMONDS], profile.suit_points[Suit.DIAMONDS])
    return Strain.DIAMONDS if diamonds > clubs else Strain.CLUBS


def opening_call(profile: HandProfile, last_bid: Bid | None = None) -> Call:
    """Return the opening bid at the lowest legal level, or Pass."""
    strain = opening_strain(profile)
    return Pass if strain is None else _bid_or_pass(lowest_bid(strain, last_bid))


def best_suit(profile: HandProfile) -> Strain:
    """Return the longest suit; of equal length the one with more HCP, then the higher-ranking."""
    return max(zip(profile.lengths, profile.suit_points, _SUIT_STRAINS, strict=True))[2]


def _answer_strain(profile: HandProfile, raised_suit: Strain | None) -> Strain:
    """Partner's suit when raising it, else no trump with a no-trump hand, else the best suit."""
    if raised_suit is not None:
        return raised_suit
    return Strain.NOTRUMP if profile.notrump else best_suit(profile)


def answer_call(profile: HandProfile, opening: Bid, last_bid: Bid | None) -> Call:
    """Return the answer to partner's ``opening`` when ``last_bid`` is the bid to beat."""
    partners_suit = None if opening.strain is Strain.NOTRUMP else opening.strain
    fit = partners_suit is not None and profile.lengths[partners_suit] >= RAISE_LENGTH
    points = profile.points
    if points >= JUMP_ANSWER_POINTS:
        return _bid_or_pass(jump_bid(_answer_strain(profile, partners_suit if fit else None), last_bid))
    if points >= NEW_LEVEL_ANSWER_POINTS:
        return _bid_or_pass(lowest_bid(_answer_strain(profile, partners_suit if fit else None), last_bid))
    if points >= SAME_LEVEL_ANSWER_POINTS:
        bid = lowest_bid(best_suit(profile), last_bid)
        if bid is not None and bid.level == opening.level:
            return bid
    if points >= RAISE_POINTS and fit and partners_suit is not None:
        return _bid_or_pass(lowest_bid(partners_suit, last_bid))
    return Pass


def answer_shows(answer: Call, opening: Bid, last_bid: Bid | None) -> int:
    """Return the fewest points ``answer`` promises, read from the calls alone (decision 6).

    ``last_bid`` is the bid the answer had to beat.
    """
    if answer is Pass or not isinstance(answer, Bid):
        return 0
    cheapest = lowest_bid(answer.strain, last_bid)
    if cheapest is not None and answer.level > cheapest.level:
        return JUMP_ANSWER_POINTS
    if answer.strain is Strain.NOTRUMP:
        return NEW_LEVEL_ANSWER_POINTS
    if answer.strain == opening.strain:
        return RAISE_POINTS
    if answer.level == opening.level:
        return SAME_LEVEL_ANSWER_POINTS
    return NEW_LEVEL_ANSWER_POINTS


def _agreed_strain(
    profile: HandProfile, own: Strain, partners: Strain | None, strains: tuple[Strain, ...]
) -> Strain | None:
    """The opener's strain if it is one of ``strains``, else partner's if the opener supports it."""
    if own in strains:
        return own
    if partners in strains and (partners is Strain.NOTRUMP or profile.lengths[partners] >= FIT_LENGTH):
        return partners
    return None


def rebid_target(profile: HandProfile, own: Strain, partners: Strain | None, team_points: int) -> Bid | None:
    """Return the final contract the opener aims for, or ``None`` when the team should stop."""
    for strains, game_points, game_level in _GAME_RULES:
        if team_points < game_points:
            continue
        strain = _agreed_strain(profile, own, partners, strains)
        if strain is None:
            continue
        if team_points >= GRAND_SLAM_POINTS:
            return Bid(7, strain)
        if team_points >= SMALL_SLAM_POINTS:
            return Bid(6, strain)
        return Bid(game_level, strain)
    return None


def rebid_call(profile: HandProfile, opening: Bid, answer: Call, shown: int, last_bid: Bid | None) -> Call:
    """Return the opener's one rebid: the target contract if it is still legal, else Pass."""
    partners = answer.strain if isinstance(answer, Bid) else None
    target = rebid_target(profile, opening.strain, partners, profile.points + shown)
    if target is None or (last_bid is not None and target <= last_bid):
        return Pass
    return target


class _Partnership:
    """One side's progress through the system: who opened, the answer, whether the rebid is made."""

    __slots__ = ("opener", "opening", "answer", "shown", "has_rebid")

    def __init__(self) -> None:
        self.opener: Seat | None = None
        self.opening: Bid | None = None
        self.answer: Call | None = None
        self.shown = 0
        self.has_rebid = False

    def next_call(self, seat: Seat, profile: HandProfile, last_bid: Bid | None) -> Call:
        """Return ``seat``'s call: open if no one on the side has, answer once, rebid once, else pass."""
        if self.opening is None:
            if profile.points < OPENING_POINTS:
                return Pass
            call = opening_call(profile, last_bid)
            if isinstance(call, Bid):
                self.opener, self.opening = seat, call
            return call
        if seat is not self.opener:
            if self.answer is not None:
                return Pass
            self.answer = answer_call(profile, self.opening, last_bid)
            self.shown = answer_shows(self.answer, self.opening, last_bid)
            return self.answer
        if self.answer is None or self.has_rebid:
            return Pass
        self.has_rebid = True
        return rebid_call(profile, self.opening, self.answer, self.shown, last_bid)


def simulate_auction(deal: Deal, dealer: Seat | str = "S") -> Auction:
    """Bid ``deal`` by the seed's system from ``dealer`` until the auction ends."""
    auction = Auction(dealer)
    north_south, east_west = _Partnership(), _Partnership()
    players = {
        Seat.N: (Seat.N, north_south, HandProfile(deal.north)),
        Seat.E: (Seat.E, east_west, HandProfile(deal.east)),
        Seat.S: (Seat.S, north_south, HandProfile(deal.south)),
        Seat.W: (Seat.W, east_west, HandProfile(deal.west)),
    }
    for seat, side, profile in cycle([players[auction.seat_of(step)] for step in range(4)]):
        if auction.is_complete:
            break
        auction.call(side.next_call(seat, profile, auction.last_bid))
    return auction


def simulate_random_deals(
    count: int, rng: random.Random | None = None, dealer: Seat | str = "S"
) -> Iterator[tuple[Deal, Auction]]:
    """Deal ``count`` random deals (secure unless ``rng`` is given) and bid each one."""
    first = seat_from(dealer)
    for _ in range(count):
        deal = deal_from_permutation(random_permutation(rng), first)
        yield deal, simulate_auction(deal, first)


@dataclass
class AuctionTally:
    """Counts over many simulated auctions: passed out, final contracts, declarers."""

    deals: int = 0
    passed_out: int = 0
    contracts: Counter[Bid] = field(default_factory=Counter)
    declarers: Counter[Seat] = field(default_factory=Counter)

    def add(self, auction: Auction) -> None:
        self.deals += 1
        contract, declarer = auction.contract, auction.declarer
        if contract is None or declarer is None:
            self.passed_out += 1
            return
        self.contracts[contract.bid] += 1
        self.declarers[declarer] += 1
