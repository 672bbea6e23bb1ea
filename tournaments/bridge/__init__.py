"""The rules of bridge as plain Python values and functions; nothing here imports Django.

Each module holds one concept; this package re-exports the public API the rest of
ClubScore uses (``from tournaments.bridge import contract_score``). The re-exports load
their module on first use (PEP 562), so a process that needs one rule — the models
need only the board cycle, ``simpscore`` only the legacy format — does not pay for
importing the bidding simulation and the play of the cards at start-up. Add a new
public name to ``_EXPORTS`` under its module.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing at run time costs the simpscore command's start ~25 M instructions
if TYPE_CHECKING:
    from typing import Any

_EXPORTS: dict[str, tuple[str, ...]] = {
    "adjusted": (
        "Adjustment",
        "AdjustmentError",
        "AdjustmentPercentages",
        "Artificial",
        "Assigned",
        "adjusted_board",
        "artificial_percentage",
    ),
    "auction": ("Auction",),
    "bidding": (
        "AuctionTally",
        "HandProfile",
        "simulate_auction",
        "simulate_random_deals",
    ),
    "calls": (
        "ALL_CALLS",
        "Bid",
        "Call",
        "Contract",
        "Double",
        "IllegalCall",
        "Pass",
        "Redouble",
        "Strain",
        "parse_call",
    ),
    "cards": (
        "Card",
        "CardError",
        "Deal",
        "Hand",
        "Suit",
    ),
    "deck": (
        "PermutationError",
        "deal_from_permutation",
        "parse_permutation",
        "random_permutation",
    ),
    "evaluation": (
        "distribution_points",
        "has_stopper",
        "high_card_points",
        "high_card_points_by_suit",
        "is_balanced",
        "is_notrump_hand",
        "shortness_points",
        "suit_high_card_points",
    ),
    "imps": (
        "butler_datum",
        "butler_imps",
        "cross_imps",
        "imps",
    ),
    "layout": (
        "format_auction",
        "format_deal",
        "format_deal_and_auction",
        "format_tally",
    ),
    "formats.legacy": (
        "LegacyFormatError",
        "LegacyPair",
        "ScoreFile",
        "format_score_file",
        "parse_score_bytes",
        "parse_score_file",
        "simpscore_report",
    ),
    "matchpoints": (
        "BoardMatchpoints",
        "board_matchpoints",
        "matchpoints",
        "mean_percentage",
        "neuberg",
        "percentages",
    ),
    "movements": (
        "Encounter",
        "Movement",
        "MovementError",
        "format_movement_chart",
        "howell",
        "mitchell",
    ),
    "opening": ("opening_bid",),
    "play": (
        "IllegalPlay",
        "Play",
        "Trick",
    ),
    "scoring": (
        "contract_score",
        "ns_score",
        "result_tricks",
    ),
    "seats": (
        "Seat",
        "board_dealer",
        "board_vulnerability",
        "board_vulnerability_text",
    ),
}

_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
