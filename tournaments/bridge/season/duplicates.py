"""Likely duplicate players: one member entered twice, under two spellings or two numbers' forms.

Two entries are likely the same member when

- their federation numbers are the same once spaces are dropped, letters compared in
  any case and a number of digits only read without leading zeros (a spreadsheet drops
  them: ``012345`` and ``12345``);
- their names are the same once case, accents, spacing and punctuation are set aside
  (``José  García`` and ``jose garcia``, ``Van der Berg`` and ``Vanderberg``,
  ``Jean-Pierre`` and ``Jean Pierre``);
- or their names differ only by one initial: one has an initial where the other has a
  word starting with that letter (``J. Smith`` and ``John Smith``), or one has an extra
  initial (``John A. Smith`` and ``John Smith``). The surname (the last word) must be
  the same, which keeps the comparison within a surname's entries rather than all pairs.

These are suggestions for the director, who decides; nothing here merges anything.
Player ids are any hashable values; the entries keep the order they were given in.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations


class Likeness(StrEnum):
    """Why two entries look like the same member, strongest reason first."""

    FEDERATION_NUMBER = "same federation number"
    NAME = "same name but for case, accents or spacing"
    INITIAL = "same name but for an initial"


@dataclass(frozen=True)
class LikelyDuplicate:
    """Two entries that look like one member; ``first`` came before ``second`` in the input."""

    first: Hashable
    second: Hashable
    likeness: Likeness


def likely_duplicates(players: Iterable[tuple[Hashable, str, str]]) -> list[LikelyDuplicate]:
    """Return the pairs of ``(id, name, federation number)`` entries that look like one member.

    Each pair appears once, with its strongest reason, ordered by where its first and
    second entries came in the input.
    """
    entries = list(players)
    position = {entry[0]: place for place, entry in enumerate(entries)}
    found: dict[tuple[Hashable, Hashable], Likeness] = {}
    for likeness, groups in (
        (Likeness.FEDERATION_NUMBER, _groups(entries, lambda entry: federation_key(entry[2]))),
        (Likeness.NAME, _groups(entries, lambda entry: name_key(entry[1]))),
    ):
        for group in groups:
            for first, second in combinations(group, 2):
                found.setdefault((first, second), likeness)
    for group in _groups(entries, lambda entry: _surname(entry[1])):
        for first, second in combinations(group, 2):
            if (first, second) not in found and differ_by_an_initial(
                entries[position[first]][1], entries[position[second]][1]
            ):
                found[(first, second)] = Likeness.INITIAL
    ordered = sorted(found.items(), key=lambda item: (position[item[0][0]], position[item[0][1]]))
    return [LikelyDuplicate(first, second, likeness) for (first, second), likeness in ordered]


def federation_key(number: str) -> str:
    """The number as compared: no spaces, any case, a number of digits without leading zeros."""
    key = "".join(number.split()).casefold()
    if key.isdigit():
        return key.lstrip("0") or "0"
    return key


def name_key(name: str) -> str:
    """The name as compared when case, accents, spacing and punctuation are set aside."""
    return "".join(_words(name))


def differ_by_an_initial(left: str, right: str) -> bool:
    """Whether two names are one and the same but for one initial (see the module's docstring)."""
    a, b = _words(left), _words(right)
    if a == b:
        return False
    if len(a) == len(b):
        differences = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
        return len(differences) == 1 and _initial_of(*differences[0])
    if abs(len(a) - len(b)) != 1:
        return False
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return any(
        len(word) == 1 and longer[:place] + longer[place + 1 :] == shorter
        for place, word in enumerate(longer)
    )


def _initial_of(x: str, y: str) -> bool:
    """One word is the other's initial: ``j`` and ``john``."""
    short, long = sorted((x, y), key=len)
    return len(short) == 1 and len(long) > 1 and long.startswith(short)


def _words(name: str) -> list[str]:
    """The name's words, lower case, accents dropped, punctuation read as a space."""
    plain = unicodedata.normalize("NFKD", name.casefold())
    letters = "".join(char for char in plain if not unicodedata.combining(char))
    return "".join(char if char.isalnum() else " " for char in letters).split()


def _surname(name: str) -> str:
    words = _words(name)
    return words[-1] if words else ""


def _groups(
    entries: list[tuple[Hashable, str, str]], key: Callable[[tuple[Hashable, str, str]], str]
) -> list[list[Hashable]]:
    """Ids sharing a non-empty key, in input order; groups of one are left out."""
    groups: dict[str, list[Hashable]] = {}
    for entry in entries:
        value = key(entry)
        if value:
            groups.setdefault(value, []).append(entry[0])
    return [ids for ids in groups.values() if len(ids) > 1]
