"""Players' names cleaned where they enter, mixed alphabets found, look-alikes read as seen (issue 46)."""

from __future__ import annotations

import pytest

from tournaments.bridge.names import clean_name, look_alike, mixed_script_reason, mixed_script_words

CYRILLIC_A = "\u0410"
GREEK_O = "\u039f"


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("Ann Able", "Ann Able"),
        ("\uff21nn Able", "Ann Able"),  # a full-width A
        ("Ann\u00a0Able", "Ann Able"),  # a non-breaking space
        ("Ann \u200bAble", "Ann Able"),  # a zero-width space
        ("\u202eelbA nnA", "elbA nnA"),  # the override gone: the letters as they are
        ("\u2067Ann Able\u2069", "Ann Able"),  # a right-to-left isolate
        ("Ann\tAble\n", "Ann Able"),  # control characters read as spacing
        ("Ann Ab\u00adle", "Ann Able"),  # a soft hyphen
        ("\ufb01ona Fox", "fiona Fox"),  # a ligature read as its letters
        ("José García", "José García"),  # accents kept, composed
        ("Jose\u0301 Garci\u0301a", "José García"),
        ("Иван Петров", "Иван Петров"),
        ("山田 太郎", "山田 太郎"),
    ],
)
def test_a_name_is_kept_in_nfkc_without_format_characters_and_with_single_spaces(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize(
    "name, mixed",
    [
        (f"Ann {CYRILLIC_A}ble", [(f"{CYRILLIC_A}ble", ["CYRILLIC", "LATIN"])]),
        (f"B{GREEK_O}b Byrne", [(f"B{GREEK_O}b", ["LATIN", "GREEK"])]),
        ("Ann Able", []),
        ("Иван Петров", []),
        ("Ivan Петров", []),  # two words, two alphabets: each word is one
        ("山田 たろう", []),  # Japanese mixes its own scripts
        ("Dan O\u02bcBrien", []),  # a modifier apostrophe is no alphabet
        ("Zoë 2nd", []),
    ],
)
def test_a_word_mixing_alphabets_is_found(name, mixed):
    assert mixed_script_words(name) == mixed


def test_the_reason_names_the_word_and_the_odd_letter():
    reason = mixed_script_reason(f"Ann {CYRILLIC_A}ble")
    assert reason is not None
    assert f"“{CYRILLIC_A}ble”" in reason and "Cyrillic and Latin" in reason
    assert f"({CYRILLIC_A} is Cyrillic)" in reason


@pytest.mark.parametrize(
    "name", [f"Ann {CYRILLIC_A}ble", "\u202eelbA nnA", "\uff21nn Able", "\u0410nn \u0410ble", "Αnn Αble"]
)
def test_a_look_alike_reads_as_the_latin_name_it_shows(name):
    assert look_alike(name) == "Ann Able"


def test_a_real_name_in_another_alphabet_is_not_read_as_latin():
    assert look_alike("Иван Петров") != "Ivan Petrov"
