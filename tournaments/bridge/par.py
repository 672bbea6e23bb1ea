"""Par as players read it on a hand record: ``2♥ by E or W, NS −110``.

The analysis stores par in the double-dummy solver's notation, one entry per declarer
(``'2HE=, 2HW='``: level, strain, declarer, ``x`` when doubled, the result), and the par
score from North-South. A hand record says it the way a club prints it: suit symbols,
the declarers who reach the same par joined with "or", a result only when it is not
made exactly, and the score from North-South with a real minus sign (U+2212), so that
``−110`` never reads as a dash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MINUS = "\u2212"
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660", "NT": "NT"}
SEAT_ORDER = "NESW"
PASSED_OUT = "Passed out"

# The solver's '5DNx-2'; rows stored before it also read '4SX N -1' and '3NT NS' (a side, made).
_ENTRY = re.compile(
    r"^([1-7])\s*(NT|N|[CDHS])\s*(X{0,2})\s*(NS|EW|[NESW])\s*(X{0,2})\s*(=|[+-][0-9]{1,2})?$", re.IGNORECASE
)


class ParNotationError(ValueError):
    """A par entry that is not in the solver's notation; names the entry."""


@dataclass(frozen=True)
class ParWords:
    """The words a language says par with (the English ones by default): the declarers' and the
    contracts' joining word, how a contract is said ``by`` its declarers, the seats' letters
    (N, E, S, W in that order), the no-trump letters and North-South's, and a passed-out par."""

    by: str = "%(contracts)s by %(declarers)s"
    joined: str = " or "
    seats: tuple[str, str, str, str] = ("N", "E", "S", "W")
    no_trump: str = "NT"
    north_south: str = "NS"
    passed_out: str = PASSED_OUT


ENGLISH_PAR = ParWords()


def par_text(par_contracts: str, par_score: int | None, words: ParWords = ENGLISH_PAR) -> str:
    """Return par as a hand record prints it: ``'2HE=, 2HW='``, -110 -> ``'2♥ by E or W, NS −110'``,
    in ``words``' language (``'2♥ par E ou O, NS −110'`` in French).

    Returns "" when the board has no analysis (``par_score`` None) and "Passed out" when
    par is to pass the board out. Raises ``ParNotationError`` for an entry it cannot read.
    """
    if par_score is None:
        return ""
    groups = _contracts_by_declarers(par_contracts)
    if not groups:
        return words.passed_out if par_score == 0 else f"{words.north_south} {score_text(par_score)}"
    said = "; ".join(
        words.by
        % {
            "contracts": words.joined.join(contract.replace("NT", words.no_trump) for contract in contracts),
            "declarers": words.joined.join(words.seats[SEAT_ORDER.index(seat)] for seat in seats),
        }
        for seats, contracts in groups.items()
    )
    return f"{said}, {words.north_south} {score_text(par_score)}"


def score_text(score: int) -> str:
    """Return a score with its sign, a real minus sign for a negative one: ``+110``, ``−110``, ``0``."""
    if score < 0:
        return f"{MINUS}{-score}"
    return f"+{score}" if score else "0"


def contract_text(level: int, strain: str, doubled: str, result: str) -> str:
    """Return one par contract with its result: ``2♥``, ``5♦x−2``, ``3NT+1``."""
    made = "" if result == "=" else result.replace("-", MINUS)
    return f"{level}{SUIT_SYMBOLS[strain]}{doubled.lower()}{made}"


def _contracts_by_declarers(par_contracts: str) -> dict[tuple[str, ...], list[str]]:
    """Group the entries: each contract with the seats that declare it, then contracts by those seats."""
    seats_of: dict[str, list[str]] = {}
    for entry in (part.strip() for part in par_contracts.split(",")):
        if not entry or entry.lower() == "pass":
            continue
        match = _ENTRY.match(entry)
        if match is None:
            raise ParNotationError(f"par entry {entry!r} is not like '4SN=' or '5DEx-2'")
        level, strain, doubled_before, declarers, doubled_after, result = match.groups()
        strain = "NT" if strain.upper() in ("N", "NT") else strain.upper()
        contract = contract_text(int(level), strain, doubled_before or doubled_after, result or "=")
        seats = seats_of.setdefault(contract, [])
        seats.extend(seat for seat in declarers.upper() if seat not in seats)
    groups: dict[tuple[str, ...], list[str]] = {}
    for contract, seats in seats_of.items():
        groups.setdefault(tuple(sorted(seats, key=SEAT_ORDER.index)), []).append(contract)
    return groups
