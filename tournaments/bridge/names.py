"""Players' names as typed, pasted or imported: one spelling of what the reader sees.

Two names that look the same on every page must not be two players unnoticed (issue 46,
item 9): "Ann Аble" with a Cyrillic А, or "\u202eelbA nnA", whose right-to-left override
shows "Ann Able". So a name is

- **cleaned** where it enters (``clean_name``): Unicode's NFKC (a full-width Ａ, a
  ligature ﬁ, a non-breaking space read as the letters and space they are), its format
  characters dropped (the bidi embeddings, overrides and isolates, zero-width spaces
  and joiners, the soft hyphen: category Cf), its control characters and runs of
  spacing read as one space;
- **refused where typed** when one word mixes alphabets (``mixed_script_words``): no
  real name writes one word in two; Japanese, Chinese and Korean words mixing their
  own scripts (and Latin) are one writing;
- **compared as seen** among the likely duplicates (``look_alike``): the letters of
  another alphabet that look like Latin ones (the small map below, from Unicode's
  confusables for Cyrillic and Greek) read as those, and a right-to-left override's text
  read backwards, as it is shown.

The map is ours, not a package's: the maintained one on PyPI (``confusable-homoglyphs``)
answers whether a string *has* confusables but gives no skeleton to compare two names
by, and a name needs only these letters (docs/decisions/0065).
"""

from __future__ import annotations

import unicodedata

_RLO, _LRO, _PDF = "\u202e", "\u202d", "\u202c"
_EAST_ASIAN = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "LATIN"})
# Letters that are not an alphabet's own (a modifier apostrophe in O'Brien's Hawaiian spelling).
_NO_SCRIPT = frozenset({"MODIFIER", ""})

# Cyrillic and Greek letters drawn as a Latin letter is (Unicode's confusables.txt, those a
# name can hold), lower and upper case.
_LOOK_ALIKE = str.maketrans(
    {
        # Cyrillic
        "а": "a", "А": "A", "в": "b", "В": "B", "с": "c", "С": "C", "е": "e", "Е": "E",
        "ё": "ë", "Ё": "Ë", "һ": "h", "Н": "H", "і": "i", "І": "I", "ї": "ï", "Ї": "Ï",
        "ј": "j", "Ј": "J", "к": "k", "К": "K", "м": "m", "М": "M", "о": "o", "О": "O",
        "р": "p", "Р": "P", "ԛ": "q", "Ԛ": "Q", "ѕ": "s", "Ѕ": "S", "т": "t", "Т": "T",
        "у": "y", "У": "Y", "х": "x", "Х": "X", "ԁ": "d", "ԝ": "w", "Ԝ": "W", "ү": "y",
        # Greek
        "α": "a", "Α": "A", "β": "b", "Β": "B", "ε": "e", "Ε": "E", "Ζ": "Z", "η": "n",
        "Η": "H", "ι": "i", "Ι": "I", "κ": "k", "Κ": "K", "Μ": "M", "ν": "v", "Ν": "N",
        "ο": "o", "Ο": "O", "ρ": "p", "Ρ": "P", "τ": "t", "Τ": "T", "υ": "u", "Υ": "Y",
        "χ": "x", "Χ": "X", "ω": "w",
    }
)  # fmt: skip


def clean_name(text: str) -> str:
    """Return the name in NFKC, without format characters, its spacing one space between words."""
    text = unicodedata.normalize("NFKC", text)
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if category == "Cf":
            continue
        kept.append(" " if category == "Cc" else char)
    return " ".join("".join(kept).split())


def script(char: str) -> str:
    """The alphabet a letter belongs to, as Unicode names it (``LATIN``, ``CYRILLIC``, ``CJK``)."""
    return unicodedata.name(char, "").split(" ")[0]


def word_scripts(word: str) -> list[str]:
    """The alphabets of a word's letters, in the order met (a digit or a mark has none)."""
    found: list[str] = []
    for char in word:
        if char.isalpha() and (name := script(char)) not in _NO_SCRIPT and name not in found:
            found.append(name)
    return found


def mixed_script_words(name: str) -> list[tuple[str, list[str]]]:
    """The words of ``name`` that mix alphabets, each with its alphabets (none for a real name)."""
    mixed = []
    for word in name.split():
        scripts = word_scripts(word)
        if len(scripts) > 1 and not set(scripts) <= _EAST_ASIAN:
            mixed.append((word, scripts))
    return mixed


def look_alike(name: str) -> str:
    """The name as a reader sees it, in Latin letters where another alphabet's look the same:
    ``Ann Аble`` (Cyrillic А) and ``\u202eelbA nnA`` both read ``Ann Able``."""
    return clean_name(_as_shown(name)).translate(_LOOK_ALIKE)


def _as_shown(text: str) -> str:
    """The text in the order it is shown: a right-to-left override's run written backwards
    (to its pop, or to the end); a left-to-right override changes nothing in Latin."""
    shown: list[str] = []
    run: list[str] = []
    reversing = False
    for char in text:
        if char == _RLO:
            reversing = True
        elif char in (_PDF, _LRO) and reversing:
            shown.extend(reversed(run))
            run, reversing = [], False
        elif reversing:
            run.append(char)
        else:
            shown.append(char)
    shown.extend(reversed(run))
    return "".join(shown)


def odd_letter(word: str, scripts: list[str]) -> str:
    """The letter to point at: the first of the alphabet the word has fewest letters of (not
    Latin, of two as few): the Cyrillic А of ``Аble``."""
    letters = [char for char in word if char.isalpha() and script(char) in scripts]
    fewest = min(scripts, key=lambda name: (sum(script(char) == name for char in letters), name == "LATIN"))
    return next(char for char in letters if script(char) == fewest)


def mixed_script_reason(name: str) -> str | None:
    """Why ``name`` is refused where it is typed (English, as ``bridge`` speaks), or None."""
    for word, scripts in mixed_script_words(name):
        odd = odd_letter(word, scripts)
        written = " and ".join(found.title() for found in scripts)
        return (
            f"the word “{word}” of the name mixes {written} letters ({odd} is {script(odd).title()}): "
            "type it in one alphabet"
        )
    return None
