"""Calls and contracts: the 38 calls of an auction, and the contract an auction ends in.

A call is a ``Bid`` (a level 1..7 and a strain) or one of ``Pass``, ``Double`` and
``Redouble``. Bids order as the auction does: 1C < 1D < 1H < 1S < 1NT < 2C < ... < 7NT.

Text forms read (any case, surrounding spaces ignored): bids ``1C``..``7NT`` (``N`` also
for no trump); ``P``/``Pass``; ``X``/``D``/``Dbl``/``Double``; ``XX``/``R``/``Rdbl``/
``Redouble``. A contract is written ``4S``, ``4SX``, ``7NTXX`` (``N`` also for no trump).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Final, NamedTuple

from tournaments.bridge.cards import Suit
from tournaments.bridge.text import WordedError, gettext_noop, quoted

BOOK = 6
"""Tricks the declaring side must take before its bid's level counts."""

LEVELS = range(1, 8)


class IllegalCall(ValueError):
    """A call that cannot be made, or text that is no call; the message says why."""


class Strain(IntEnum):
    """The five strains in bidding order: the four suits, then no trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        """``'C'``, ``'D'``, ``'H'``, ``'S'`` or ``'NT'``."""
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit this strain names; ``None`` for no trump."""
        return None if self is Strain.NOTRUMP else Suit(self.value)

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @classmethod
    def from_text(cls, text: str) -> Strain:
        """Read ``C``, ``D``, ``H``, ``S``, ``NT`` or ``N`` (any case)."""
        strain = _STRAIN_FROM_TEXT.get(text.strip().upper())
        if strain is None:
            raise ValueError(f"unknown strain {quoted(text)}: use C, D, H, S or NT")
        return strain

    @classmethod
    def from_suit(cls, suit: Suit) -> Strain:
        return cls(int(suit))

    def __str__(self) -> str:
        return self.letter


_STRAIN_FROM_TEXT = {strain.letter: strain for strain in Strain} | {"N": Strain.NOTRUMP}


class Bid(NamedTuple):
    """A bid of ``level`` (1..7) in ``strain``; compares as bids are ranked in an auction."""

    level: int
    strain: Strain

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, Strain.{self.strain.name})"


class NonBid(Enum):
    """The three calls that are not bids."""

    PASS = "Pass"
    DOUBLE = "X"
    REDOUBLE = "XX"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return self.name.capitalize()


# Final, so that ``call is Pass`` narrows a call as ``call is NonBid.PASS`` does.
Pass: Final = NonBid.PASS
Double: Final = NonBid.DOUBLE
Redouble: Final = NonBid.REDOUBLE

Call = Bid | NonBid

ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in LEVELS for strain in Strain)
ALL_CALLS: tuple[Call, ...] = (*ALL_BIDS, Pass, Double, Redouble)
"""The 38 calls: the 35 bids in rank order, then Pass, Double and Redouble."""

_CALL_FROM_TEXT: dict[str, Call] = (
    {str(bid): bid for bid in ALL_BIDS}
    | {f"{bid.level}N": bid for bid in ALL_BIDS if bid.strain is Strain.NOTRUMP}
    | dict.fromkeys(("P", "PASS"), Pass)
    | dict.fromkeys(("X", "D", "DBL", "DOUBLE"), Double)
    | dict.fromkeys(("XX", "R", "RDBL", "REDOUBLE"), Redouble)
)


# Each bid by itself, so a Bid built by hand (maybe with an int strain) maps to the real one.
_CANONICAL_BID: dict[Bid, Bid] = {bid: bid for bid in ALL_BIDS}


def parse_call(text: str | Call) -> Call:
    """Read one call (``'1H'``, ``'3nt'``, ``'P'``, ``'Pass'``, ``'X'``, ``'XX'``); a call passes through."""
    if isinstance(text, NonBid):
        return text
    if isinstance(text, str):
        call = _CALL_FROM_TEXT.get(text) or _CALL_FROM_TEXT.get(text.strip().upper())
    else:
        call = _CANONICAL_BID.get(text) if isinstance(text, Bid) else None
    if call is None:
        raise IllegalCall(f"{quoted(text)} is not a call: use a bid 1C..7NT, P, X or XX")
    return call


_DOUBLING_SUFFIXES = ("", "X", "XX")
# ASCII digits only: \d would read '٤S' as 4S.
_CONTRACT_PATTERN = re.compile(r"([0-9]+)(NT|N|C|D|H|S)(X{0,2})")


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid of an auction and whether it was doubled (1) or redoubled (2)."""

    level: int
    strain: Strain
    doubling: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int) or self.level not in LEVELS:
            raise ValueError(f"a contract's level is 1..7, not {self.level!r}")
        if not isinstance(self.strain, Strain):
            object.__setattr__(self, "strain", Strain(self.strain))
        if self.doubling not in (0, 1, 2):
            raise ValueError(f"doubling is 0, 1 (doubled) or 2 (redoubled), not {self.doubling!r}")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``'3NT'``, ``'4SX'``, ``'7NTXX'``, ``'2n'`` (any case)."""
        match = _CONTRACT_PATTERN.fullmatch(text.strip().upper()) if isinstance(text, str) else None
        if match is None:
            raise WordedError(
                gettext_noop("bad contract %(text)s: write level, strain, then X or XX, as 4S or 3NTX"),
                text=quoted(text),
            )
        level_text, strain_text, doubling_text = match.groups()
        # A level of thousands of digits is refused before int(), which would refuse it less clearly.
        if len(level_text) > 1 or int(level_text) not in LEVELS:
            raise WordedError(
                gettext_noop("bad contract %(text)s: the level is 1..7, not %(level)s"),
                text=quoted(text),
                level=level_text[:20],
            )
        return cls(int(level_text), Strain.from_text(strain_text), len(doubling_text))

    @classmethod
    def from_bid(cls, bid: Bid, doubling: int = 0) -> Contract:
        return cls(bid.level, bid.strain, doubling)

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.strain)

    @property
    def tricks_needed(self) -> int:
        """Tricks the declaring side must take to make the contract: the level plus six."""
        return self.level + BOOK

    @property
    def is_doubled(self) -> bool:
        return self.doubling == 1

    @property
    def is_redoubled(self) -> bool:
        return self.doubling == 2

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}{_DOUBLING_SUFFIXES[self.doubling]}"


def as_contract(contract: Contract | str) -> Contract:
    """Accept a ``Contract`` or its text form (``'4SX'``)."""
    return contract if isinstance(contract, Contract) else Contract.parse(contract)
