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
  the same, which keeps the comparison within a surname's entries rather than all pairs;
- or their names differ only by a near spelling of one word (issue 32): a letter added
  or dropped (``Baker`` and ``Bakker``, ``Tara`` and ``Tarah``, ``Ann`` and ``Anne``) or
  two neighbouring letters swapped (``Baker`` and ``Bakre``), the shorter word at least
  three letters long. A letter *changed* is not a near spelling: ``Mark`` and ``Mary``,
  ``Jane`` and ``June`` are as often a couple as a typo, so ``Smith`` and ``Smyth`` are
  not matched either, nor ``Baker`` and ``Parker`` (two letters). The cost accepted:
  ``Paul`` and ``Paula`` are matched, where neither has a federation number;
- or their names look the same on a page though their letters differ (issue 46): a
  Cyrillic or Greek letter drawn as a Latin one (``Ann Аble``), or a right-to-left
  override that shows ``elbA nnA`` as ``Ann Able`` (``bridge.names.look_alike``).

The federation number decides: the same number is always a likely duplicate, and two
different numbers never are, whatever the names (two numbers are two members, and a
merge refuses them). A name likeness counts where one or both have no number.

These are suggestions for the director, who decides; nothing here merges anything.
Player ids are any hashable values; the entries keep the order they were given in.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from tournaments.bridge.names import look_alike


class Likeness(StrEnum):
    """Why two entries look like the same member, strongest reason first."""

    FEDERATION_NUMBER = "same federation number"
    NAME = "same name but for case, accents or spacing"
    LOOK_ALIKE = "looks the same: letters of another alphabet, or text turned right to left"
    INITIAL = "same name but for an initial"
    SPELLING = "same name but for a letter added, dropped or swapped"


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
    number = {entry[0]: federation_key(entry[2]) for entry in entries}
    name = {entry[0]: entry[1] for entry in entries}
    found: dict[tuple[Hashable, Hashable], Likeness] = {}
    for group in _groups(entries, lambda entry: number[entry[0]]):
        for pair in combinations(group, 2):
            found[pair] = Likeness.FEDERATION_NUMBER
    candidates: list[tuple[Likeness, list[list[Hashable]], Callable[[str, str], bool]]] = [
        (Likeness.NAME, _groups(entries, lambda entry: name_key(entry[1])), lambda _a, _b: True),
        (
            Likeness.LOOK_ALIKE,
            _groups(entries, lambda entry: name_key(look_alike(entry[1]))),
            _differ_as_typed,
        ),
        (Likeness.INITIAL, _groups(entries, lambda entry: _surname(entry[1])), differ_by_an_initial),
        (Likeness.SPELLING, _spelling_groups(entries), differ_by_a_letter),
    ]
    for likeness, groups, alike in candidates:
        for group in groups:
            for first, second in combinations(group, 2):
                pair = (first, second) if position[first] < position[second] else (second, first)
                if (
                    pair not in found
                    and not (number[first] and number[second])  # both numbered: the numbers decided
                    and alike(name[first], name[second])
                ):
                    found[pair] = likeness
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


def _differ_as_typed(left: str, right: str) -> bool:
    """Two names that look the same but are not the same letters (issue 46): ``Ann Able`` and
    ``Ann Аble`` with a Cyrillic А, or ``\u202eelbA nnA``, which a right-to-left override shows
    as ``Ann Able``."""
    return name_key(left) != name_key(right)


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


def differ_by_a_letter(left: str, right: str) -> bool:
    """Whether two names are one and the same but for a near spelling of one word.

    The words are compared as ``name_key`` reads them (case and accents aside); see the
    module's docstring for what a near spelling is and why a changed letter is not one.
    """
    a, b = _words(left), _words(right)
    if len(a) != len(b):
        return False
    differences = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(differences) == 1 and _one_letter_apart(*differences[0])


MIN_SPELLED = 3  # "Ann" and "Anne"; not "Al" and "Ali", "Ed" and "Ted"


def _one_letter_apart(x: str, y: str) -> bool:
    """One letter added or dropped, or two neighbouring letters swapped; no word under three."""
    short, long = sorted((x, y), key=len)
    if len(short) < MIN_SPELLED:
        return False
    if len(long) == len(short) + 1:
        return any(long[:place] + long[place + 1 :] == short for place in range(len(long)))
    if len(long) == len(short):
        apart = [place for place in range(len(x)) if x[place] != y[place]]
        return (
            len(apart) == 2
            and apart[1] == apart[0] + 1
            and (x[apart[0]], x[apart[1]]) == (y[apart[1]], y[apart[0]])
        )
    return False


def _spelling_groups(entries: list[tuple[Hashable, str, str]]) -> list[list[Hashable]]:
    """Ids whose names may be a letter apart, found without comparing every pair.

    Each name is keyed by each of its words in turn written whole or with one letter
    left out, the other words kept. A letter added (``tara``, ``tarah``) shares the
    shorter form; two letters swapped share the form without one of them. A shared key
    is only a candidate: ``differ_by_a_letter`` decides.
    """
    groups: dict[tuple[int, tuple[str, ...]], list[Hashable]] = {}
    for entry in entries:
        words = _words(entry[1])
        for place, word in enumerate(words):
            if len(word) < MIN_SPELLED:
                continue
            forms = {word} | {word[:cut] + word[cut + 1 :] for cut in range(len(word))}
            for form in forms:
                key = (place, (*words[:place], form, *words[place + 1 :]))
                groups.setdefault(key, []).append(entry[0])
    return [ids for ids in groups.values() if len(ids) > 1]


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
