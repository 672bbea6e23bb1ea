"""Which member paid a bank line: by his reference or number, else by his name.

A pure function of the line and the club's payers. A reference (the account's payment
reference, the member's number, his federation number) matches where it stands whole in
the line's text, its characters joined or split by a space, dot or dash (``CS-0042`` is
found in ``cs 0042``); one of fewer than three characters never does (a ``7`` is in every
date). Failing that, his name matches when each of its words is in the payer's name the
bank gives (or anywhere in the line, when the bank gives none), in any order and case,
accents aside, or his surname with his first initial (``ORTIZ O``, ``O. Ortiz``). Two
payers fitting equally is no match: the treasurer chooses. Money out is never matched.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from tournaments.money.bankfiles.lines import BankLine

MIN_REFERENCE = 3


class MatchedBy(StrEnum):
    REFERENCE = "reference"
    NAME = "name"
    NONE = ""


@dataclass(frozen=True)
class Payer:
    """Someone a line may be from: ``key`` is the caller's (an account's id), ``references`` his numbers."""

    key: int
    name: str
    references: tuple[str, ...] = ()


@dataclass(frozen=True)
class Match:
    """The payer a line is from (None: nobody, or several), how, and the other candidates' names."""

    payer: Payer | None
    by: MatchedBy
    candidates: tuple[str, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return self.payer is None and len(self.candidates) > 1


def folded(text: str) -> str:
    """Return ``text`` upper case without accents, every run of other characters one space."""
    decomposed = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    letters = "".join(c for c in decomposed if not unicodedata.combining(c)).upper()
    return " ".join(re.sub(r"[^0-9A-Z]+", " ", letters).split())


def _reference_pattern(reference: str) -> re.Pattern[str] | None:
    compact = re.sub(r"[^0-9A-Z]", "", folded(reference))
    if len(compact) < MIN_REFERENCE:
        return None
    return re.compile(r"(?<![0-9A-Z])" + r"[ ]?".join(map(re.escape, compact)) + r"(?![0-9A-Z])")


def _by_reference(text: str, payer: Payer) -> bool:
    patterns = (_reference_pattern(reference) for reference in payer.references if reference)
    return any(pattern.search(text) for pattern in patterns if pattern is not None)


def _by_name(words: set[str], payer: Payer) -> bool:
    name = folded(payer.name).split()
    if not name:
        return False
    if all(word in words for word in name):
        return True
    return len(name) > 1 and name[-1] in words and name[0][0] in words


def match_line(line: BankLine, payers: list[Payer]) -> Match:
    """Return who paid ``line``, by reference first, then by name; nobody for money out."""
    if line.amount <= 0:
        return Match(None, MatchedBy.NONE)
    text = folded(line.text)
    found = [payer for payer in payers if _by_reference(text, payer)]
    if len(found) == 1:
        return Match(found[0], MatchedBy.REFERENCE)
    if found:
        return Match(None, MatchedBy.NONE, tuple(payer.name for payer in found))
    words = set(folded(line.name or line.text).split())
    found = [payer for payer in payers if _by_name(words, payer)]
    if len(found) == 1:
        return Match(found[0], MatchedBy.NAME)
    return Match(None, MatchedBy.NONE, tuple(payer.name for payer in found))
