"""A contract typed in the page's language is the same contract, and is shown back in its letters."""

from __future__ import annotations

import pytest

from tournaments.bridge.notation import PASSED_OUT, NotationError, Played, read_outcome
from tournaments.bridge.words import WORDS, words_for


@pytest.mark.parametrize(
    ("language", "typed", "english"),
    [
        ("fr", "3SAO-1", "3NTW-1"),
        ("fr", "3SAXE-2", "3NTXE-2"),
        ("fr", "4SN+1", "4SN+1"),
        ("fr", "3NTW-1", "3NTW-1"),  # the English letters are read on every page
        ("nl", "4SZ+1", "4SS+1"),
        ("nl", "3SAO=", "3NTE="),
        ("nl", "2HW=", "2HW="),
        ("de", "3SAO=", "3NTE="),
        ("de", "6SAS=", "6NTS="),
        ("de", "1CW-1", "1CW-1"),
        ("pl", "3BAN=", "3NTN="),
        ("pl", "3BAXXW+1", "3NTXXW+1"),
        ("en", "3NTXE-2", "3NTXE-2"),
    ],
)
def test_a_contract_typed_in_the_language_is_the_english_one(language: str, typed: str, english: str) -> None:
    assert read_outcome(typed, language=language) == read_outcome(english)


@pytest.mark.parametrize(
    ("language", "english", "shown"),
    [
        ("fr", "3NTW-1", "3SAO-1"),
        ("nl", "4SS+1", "4SZ+1"),
        ("de", "3NTE=", "3SAO="),
        ("pl", "3NTXN=", "3BAXN="),
    ],
)
def test_a_result_is_written_back_in_the_language(language: str, english: str, shown: str) -> None:
    outcome = read_outcome(english)
    assert isinstance(outcome, Played)
    assert outcome.text(language) == shown
    assert read_outcome(shown, language=language) == outcome


@pytest.mark.parametrize(
    ("language", "word"), [("fr", "Passe"), ("nl", "pas"), ("de", "PASSE"), ("pl", "Pas")]
)
def test_pass_is_read_in_the_language(language: str, word: str) -> None:
    assert read_outcome(word, language=language) is PASSED_OUT


def test_the_languages_letters_are_not_read_on_an_english_page() -> None:
    with pytest.raises(NotationError):
        read_outcome("3SAO-1")


@pytest.mark.parametrize("language", sorted(WORDS))
def test_no_seat_letter_means_another_seat_in_english(language: str) -> None:
    words = words_for(language)
    for index, letter in enumerate(words.seats):
        if letter in "NESW":
            assert "NESW".index(letter) == index


@pytest.mark.parametrize(("code", "language"), [("fr-BE", "fr"), ("nl_be", "nl"), ("it", "en"), (None, "en")])
def test_a_regional_code_gets_its_languages_words(code: str | None, language: str) -> None:
    assert words_for(code).language == language


@pytest.mark.parametrize(
    ("language", "typed", "english"),
    [
        ("fr", "3sa", "3NT"),
        ("fr", "3 SA XX", "3NTXX"),
        ("fr", "Passe", "Pass"),
        ("nl", "6SAX", "6NTX"),
        ("de", "pass", "Pass"),
        ("pl", "3BA", "3NT"),
        ("pl", "4S", "4S"),
        ("en", "3SA", "3SA"),  # not a contract in English: its parser says so
    ],
)
def test_a_contract_typed_in_the_language_is_given_to_the_services_in_english(language, typed, english):
    assert words_for(language).english_contract(typed) == english
