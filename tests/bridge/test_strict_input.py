"""The rules package reads ASCII digits and real cards only, and refuses huge numbers clearly."""

from __future__ import annotations

import pytest

from tournaments.bridge.calls import Contract
from tournaments.bridge.cards import CardError, parse_lead
from tournaments.bridge.deck import PermutationError, parse_permutation
from tournaments.bridge.formats.legacy import LegacyFormatError, parse_score_file
from tournaments.bridge.scoring import result_tricks

IDENTITY = [str(number) for number in range(1, 53)]


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        ("", ""),
        ("   ", ""),
        ("SA", "SA"),
        ("sa", "SA"),
        ("H10", "H10"),
        ("HT", "H10"),
        ("ht", "H10"),
        ("D2", "D2"),
        (" ck ", "CK"),
        ("KH", "HK"),
        ("10S", "S10"),
    ],
)
def test_a_lead_is_a_real_card_normalised_suit_first(text, lead):
    assert parse_lead(text) == lead


@pytest.mark.parametrize("text", ["ZZ", "S", "S1", "S11", "X2", "SS", "AK", "H٩", "٩H", "S 10", "HAK", "H0"])
def test_anything_but_a_card_is_not_a_lead(text):
    with pytest.raises(CardError, match="lead"):
        parse_lead(text)


@pytest.mark.parametrize("text", ["٤S", "４S", "٣NT", "𝟒H"])
def test_a_contract_level_is_an_ascii_digit(text):
    with pytest.raises(ValueError, match="bad contract"):
        Contract.parse(text)


def test_a_contract_level_of_thousands_of_digits_is_refused_clearly():
    with pytest.raises(ValueError, match="level is 1..7"):
        Contract.parse("4" * 5000 + "S")


@pytest.mark.parametrize("text", ["٩", "١٠", "+١", "-٢", "９"])
def test_tricks_are_ascii_digits(text):
    with pytest.raises(ValueError, match="bad result"):
        result_tricks("4S", text)


@pytest.mark.parametrize("text", ["9" * 5000, "+" + "1" * 5000, "-" + "1" * 5000])
def test_a_result_of_thousands_of_digits_is_refused_clearly(text):
    with pytest.raises(ValueError, match="impossible result"):
        result_tricks("4S", text)


@pytest.mark.parametrize(
    "token", ["٣", "３", "1" * 5000, "0" * 4999 + "99"], ids=["arabic-indic", "fullwidth", "huge", "padded"]
)
def test_a_permutation_number_is_a_short_ascii_number(token):
    tokens = [token, *IDENTITY[1:]]

    with pytest.raises(PermutationError, match="position 1") as refused:
        parse_permutation(" ".join(tokens))

    assert len(str(refused.value)) < 200


def test_leading_zeros_do_not_count_against_a_permutation_number():
    assert parse_permutation(" ".join(["0" * 4999 + "1", *IDENTITY[1:]]))[0] == 1


@pytest.mark.parametrize(
    "text",
    ["١ A\nSCORES\n10\n", "1 A\nSCORES\n١٠\n", "1 A\n2 B\nSCORES\n10 ٢٠\n"],
    ids=["pair number", "score", "second score"],
)
def test_a_legacy_file_reads_ascii_digits_only(text):
    with pytest.raises(LegacyFormatError):
        parse_score_file(text)
