"""What the field did on a board: its most frequent contract, how many bid and made what, and
its average tricks in each strain (decision 0079).

A contract is counted by its bid and the side that declared it (``4S`` by North-South),
doubled or not: the tables that reached 4S and the one that was doubled in it bid the same
thing. An average of tricks stands only where at least ``MIN_TABLES`` tables played the
strain from that side: one table is a lone data point, no evidence of what the field takes.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.bridge.calls import Contract
from tournaments.bridge.seats import seat_from

# The fewest tables that make a figure of the field's evidence; one table is a lone data point.
MIN_TABLES = 2
PASSED_OUT = "PASS"


@functools.lru_cache(maxsize=512)
def parsed_contract(text: str) -> Contract:
    """``Contract.parse``, kept: a field of thirty tables reads the same few contracts again and again."""
    return Contract.parse(text)


@dataclass(frozen=True)
class Played:
    """One table's played result: ``contract`` ('4SX', 'PASS'), ``declarer`` seat, ``tricks`` taken."""

    contract: str
    declarer: str = ""
    tricks: int | None = None

    @property
    def passed_out(self) -> bool:
        return self.contract.upper() == PASSED_OUT

    @property
    def parsed(self) -> Contract:
        return parsed_contract(self.contract)

    @property
    def side(self) -> str:
        return seat_from(self.declarer).side

    @property
    def key(self) -> ContractKey:
        if self.passed_out:
            return ContractKey(PASSED_OUT, "")
        return ContractKey(str(self.parsed.bid), self.side)

    @property
    def made(self) -> bool:
        return self.passed_out or (self.tricks is not None and self.tricks >= self.parsed.tricks_needed)


@dataclass(frozen=True, order=True)
class ContractKey:
    """A contract as the field bid it: the bid (``4S``, ``3NT``, ``PASS``) and the declaring side."""

    bid: str
    side: str

    @property
    def strain(self) -> str:
        return "" if self.bid == PASSED_OUT else self.bid[1:]


@dataclass(frozen=True)
class ContractCount:
    key: ContractKey
    tables: int
    made: int
    declarers: tuple[str, ...]  # the seats that declared it, most frequent first


@dataclass(frozen=True)
class StrainAverage:
    strain: str
    side: str
    tables: int
    tricks: float


@dataclass(frozen=True)
class FieldSummary:
    tables: int
    contracts: tuple[ContractCount, ...]  # most frequent first
    averages: tuple[StrainAverage, ...]  # only strains played by at least MIN_TABLES tables

    @property
    def most_frequent(self) -> ContractCount | None:
        """The field's contract: the most frequent, where at least MIN_TABLES tables bid it."""
        if not self.contracts or self.contracts[0].tables < MIN_TABLES:
            return None
        if len(self.contracts) > 1 and self.contracts[1].tables == self.contracts[0].tables:
            return None  # a tie names no contract the field chose
        return self.contracts[0]

    def average(self, strain: str, side: str) -> StrainAverage | None:
        for average in self.averages:
            if average.strain == strain and average.side == side:
                return average
        return None

    def count_of(self, key: ContractKey) -> int:
        return next((count.tables for count in self.contracts if count.key == key), 0)


def field_summary(results: Iterable[Played]) -> FieldSummary:
    """Summarise the field's played results on one board."""
    return _field_summary(tuple(results))


@functools.lru_cache(maxsize=256)
def _field_summary(played: tuple[Played, ...]) -> FieldSummary:
    """The summary of one board's results, kept: each player of the board reads the same field."""
    tables: Counter[ContractKey] = Counter()
    made: Counter[ContractKey] = Counter()
    declarers: dict[ContractKey, Counter[str]] = defaultdict(Counter)
    tricks: dict[tuple[str, str], list[int]] = defaultdict(list)
    for result in played:
        key = result.key
        tables[key] += 1
        made[key] += result.made
        if not result.passed_out and result.tricks is not None:
            declarers[key][result.declarer] += 1
            tricks[(key.strain, key.side)].append(result.tricks)
    counts = tuple(
        ContractCount(key, count, made[key], _by_frequency(declarers[key]))
        for key, count in sorted(tables.items(), key=lambda item: (-item[1], item[0]))
    )
    averages = tuple(
        StrainAverage(strain, side, len(taken), sum(taken) / len(taken))
        for (strain, side), taken in sorted(tricks.items())
        if len(taken) >= MIN_TABLES
    )
    return FieldSummary(len(played), counts, averages)


def _by_frequency(seats: Counter[str]) -> tuple[str, ...]:
    return tuple(seat for seat, _ in sorted(seats.items(), key=lambda item: (-item[1], item[0])))


def strains_played(results: Sequence[Played]) -> set[tuple[str, str]]:
    """The (declarer seat, strain) pairs the results were played in."""
    return {(r.declarer, r.parsed.strain.letter) for r in results if not r.passed_out}
