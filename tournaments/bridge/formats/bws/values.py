"""Bridgemate values: what a ``.bws`` file says about a session, section by section.

A ``.bws`` file is the Microsoft Access database Bridgemate Control Software (BCS) keeps
during a night: the scoring program writes the movement into it (``Section``,
``RoundData``), BCS adds what the tables send (``PlayerNumbers``, ``ReceivedData``) and,
when the director loads them, the hand records (``HandRecord``). These values hold what
ClubScore takes from it; ``reading`` makes them from the tables' rows, whoever read the
Access file.

A pair is a ``PairKey``: ``("NS", 3)`` and ``("EW", 3)`` in a Mitchell, where each field
is numbered from 1 as the table cards are, ``("", 3)`` in a Howell.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from enum import Enum

PairKey = tuple[str, int]


class BwsError(ValueError):
    """A Bridgemate file ClubScore cannot read; the message names the table and the row."""


class Outcome(Enum):
    """What a table's last word on a board says (``ReceivedData``, after corrections and erasures)."""

    PLAYED = "played"  # a contract and its result, or passed out
    ADJUSTED = "adjusted"  # the TD's artificial score, each side's percentage (60%-40%)
    NOT_PLAYED = "not played"  # the Bridgemate's NO PLAY, or a row with no contract
    ERASED = "erased"  # the TD erased the result and nothing was entered since
    ARBITRAL = "arbitral"  # an arbitral score BCS does not spell out: for the director
    WRONG_DIRECTION = "wrong direction"  # the pairs sat the wrong way round: for the director


@dataclass(frozen=True)
class BwsRound:
    """One table in one round of the movement (``RoundData``): who sits where, on which boards."""

    table: int
    round: int
    ns: int
    ew: int
    low_board: int
    high_board: int

    @property
    def boards(self) -> range:
        return range(self.low_board, self.high_board + 1)


@dataclass(frozen=True)
class BwsPlayer:
    """A player as a table entered him (``PlayerNumbers``): his number and the name BCS found."""

    pair: PairKey
    seat: str  # N, E, S or W
    number: str
    name: str
    where: str  # "PlayerNumbers row 3 (table 2, round 1, East)", for messages


@dataclass(frozen=True)
class BwsResult:
    """A table's result on a board: the last ``ReceivedData`` row for it, as BCS keeps them.

    ``row_id`` is that row's ``ID``, which only grows; a re-read that finds the same row
    saying the same (``said``) has nothing new for the board.
    """

    row_id: int
    table: int
    round: int
    board: int
    ns_pair: int
    ew_pair: int
    outcome: Outcome
    contract: str = ""  # '4SX', 'PASS' (passed out), '' for no contract
    declarer: str = ""
    tricks: int | None = None
    lead: str = ""  # as the Bridgemate wrote it ('S10'); checked by the importer
    ns_percentage: int | None = None  # an adjusted score's
    ew_percentage: int | None = None
    remarks: str = ""

    @property
    def said(self) -> str:
        """Everything the row says, in one text: a row BCS changed in place (erased, or
        corrected from BCS's own screen, keeping its ID) reads differently."""
        return "|".join(
            str(value)
            for value in (
                self.row_id,
                self.outcome.value,
                self.ns_pair,
                self.ew_pair,
                self.contract,
                self.declarer,
                self.tricks,
                self.lead,
                self.ns_percentage,
                self.ew_percentage,
                self.remarks,
            )
        )

    @property
    def key(self) -> tuple[int, int, int]:
        """The table, round and board: what a correction or an erasure replaces."""
        return (self.table, self.round, self.board)

    @property
    def where(self) -> str:
        return f"board {self.board}, table {self.table}, round {self.round} (ReceivedData ID {self.row_id})"


@dataclass(frozen=True)
class BwsDeal:
    """A board's four hands from ``HandRecord``, each a PBN hand (``AK5.KQ2.AJ86.T92``)."""

    board: int
    north: str
    east: str
    south: str
    west: str


@dataclass(frozen=True)
class BwsSection:
    """One section of the file: its movement, players, results and hand records."""

    id: int
    letter: str
    tables: int
    is_mitchell: bool
    rounds: tuple[BwsRound, ...] = ()
    players: tuple[BwsPlayer, ...] = ()
    results: tuple[BwsResult, ...] = ()
    deals: tuple[BwsDeal, ...] = ()

    @property
    def label(self) -> str:
        """How a director names it: ``A (11 tables, 297 results)``."""
        entered = sum(1 for result in self.results if result.outcome is not Outcome.ERASED)
        return f"{self.letter or self.id} ({self.tables} tables, {entered} results)"

    def pair_key(self, number: int, direction: str) -> PairKey:
        """The pair numbered ``number`` that sits ``direction`` (NS or EW) here."""
        return (direction, number) if self.is_mitchell else ("", number)

    @property
    def board_numbers(self) -> list[int]:
        """The boards the movement plays, the results name and the hand records deal."""
        numbers = {board for row in self.rounds for board in row.boards}
        numbers |= {result.board for result in self.results} | {deal.board for deal in self.deals}
        return sorted(numbers)


@dataclass(frozen=True)
class BwsFile:
    """The session a Bridgemate file holds: its name, date and identity, and its sections."""

    name: str
    date: datetime.date | None
    guid: str  # BCS's session GUID, or a stand-in for a file without one (see ``reading``)
    sections: tuple[BwsSection, ...] = field(default=())

    def section(self, letter: str | None) -> BwsSection:
        """The section named ``letter``, or the only one; raise ``BwsError`` naming the sections."""
        if letter is None or not letter.strip():
            if len(self.sections) == 1:
                return self.sections[0]
            raise BwsError(
                f"the file holds {len(self.sections)} sections: choose one of "
                + ", ".join(section.label for section in self.sections)
            )
        wanted = letter.strip().upper()
        for section in self.sections:
            if section.letter.upper() == wanted or str(section.id) == wanted:
                return section
        raise BwsError(
            f"the file has no section {letter.strip()!r}: its sections are "
            + ", ".join(section.label for section in self.sections)
        )
