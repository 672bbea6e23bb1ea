"""The rules of bridge as plain Python values and functions; nothing here imports Django.

Each helper module holds one concept; this package re-exports the public API the rest of
ClubScore uses. Add your own names with a small edit; keep the list sorted by module.
"""

from tournaments.bridge.auction import Auction
from tournaments.bridge.bidding import AuctionTally, HandProfile, simulate_auction, simulate_random_deals
from tournaments.bridge.calls import (
    ALL_CALLS,
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
from tournaments.bridge.cards import Card, CardError, Deal, Hand, Suit
from tournaments.bridge.deck import (
    PermutationError,
    deal_from_permutation,
    parse_permutation,
    random_permutation,
)
from tournaments.bridge.evaluation import (
    distribution_points,
    has_stopper,
    high_card_points,
    high_card_points_by_suit,
    is_balanced,
    is_notrump_hand,
    shortness_points,
    suit_high_card_points,
)
from tournaments.bridge.layout import format_auction, format_deal, format_deal_and_auction, format_tally
from tournaments.bridge.legacy import (
    LegacyFormatError,
    LegacyPair,
    ScoreFile,
    format_score_file,
    parse_score_bytes,
    parse_score_file,
    simpscore_report,
)
from tournaments.bridge.matchpoints import (
    BoardMatchpoints,
    board_matchpoints,
    matchpoints,
    mean_percentage,
    percentages,
)
from tournaments.bridge.opening import opening_bid
from tournaments.bridge.play import IllegalPlay, Play, Trick
from tournaments.bridge.scoring import contract_score, ns_score, result_tricks
from tournaments.bridge.seats import Seat, board_dealer, board_vulnerability

__all__ = [
    "ALL_CALLS",
    "Auction",
    "AuctionTally",
    "HandProfile",
    "simulate_auction",
    "simulate_random_deals",
    "Bid",
    "Call",
    "Contract",
    "Double",
    "IllegalCall",
    "Pass",
    "Redouble",
    "Strain",
    "parse_call",
    "distribution_points",
    "has_stopper",
    "high_card_points",
    "high_card_points_by_suit",
    "is_balanced",
    "is_notrump_hand",
    "shortness_points",
    "suit_high_card_points",
    "format_auction",
    "format_deal",
    "format_deal_and_auction",
    "format_tally",
    "LegacyFormatError",
    "LegacyPair",
    "ScoreFile",
    "format_score_file",
    "parse_score_bytes",
    "parse_score_file",
    "simpscore_report",
    "BoardMatchpoints",
    "board_matchpoints",
    "matchpoints",
    "mean_percentage",
    "percentages",
    "opening_bid",
    "IllegalPlay",
    "Play",
    "Trick",
    "contract_score",
    "ns_score",
    "result_tricks",
    "Card",
    "CardError",
    "Deal",
    "Hand",
    "PermutationError",
    "Seat",
    "Suit",
    "board_dealer",
    "board_vulnerability",
    "deal_from_permutation",
    "parse_permutation",
    "random_permutation",
]
