"""What a PBN file holds for ClubScore: boards (deal, double dummy) and the results of their tables."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tournaments.bridge.cards import Deal
from tournaments.bridge.seats import board_dealer, board_vulnerability

PBN_VERSION = "2.1"
# [DoubleDummyTricks] is not in the standard's text; BridgeComposer introduced it and every
# producer writes its 20 hex digits as the standard's OptimumResultTable (5.7) lists its
# rows: declarers N, S, E, W, each with the strains NT, S, H, D, C. BridgeComposer 5.57's
# own file (tests/fixtures/pbn/bridgecomposer-hand-record.pbn) has both, and they agree.
DD_DECLARERS = ("N", "S", "E", "W")
DD_STRAINS = ("NT", "S", "H", "D", "C")

# ClubScore's vulnerability names to PBN's, and every PBN spelling back.
VULNERABLE_OUT = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}
VULNERABLE_IN = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    "NS": "NS",
    "EW": "EW",
    "ALL": "Both",
    "BOTH": "Both",
}


@dataclass(frozen=True)
class PbnBoard:
    """One board of a hand record: its deal and, when analysed, its double-dummy figures."""

    number: int
    deal: Deal
    dd_tricks: Mapping[str, Mapping[str, int]] | None = None  # declarer -> strain -> tricks
    par_score: int | None = None  # from North-South
    par_contracts: str = ""  # as ClubScore stores them: '4SEx-3, 4SWx-3'
    # The board's results, one row a table, column name -> value as [ScoreTable] writes it.
    score_rows: tuple[Mapping[str, str], ...] = ()

    @property
    def dealer(self) -> str:
        return board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return board_vulnerability(self.number)
