"""The rules package's refusals in the page's language (``tournaments.night.bridge_errors``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.bridge.calls import Contract
from tournaments.bridge.notation import read_outcome
from tournaments.bridge.scoring import result_tricks
from tournaments.night.bridge_errors import translated


def _refusal(call) -> ValueError:
    with pytest.raises(ValueError) as caught:
        call()
    return caught.value


def test_english_is_the_error_as_it_was_written_byte_for_byte():
    for error in (
        _refusal(lambda: Contract.parse("9S")),
        _refusal(lambda: result_tricks(Contract.parse("3NT"), "+5")),
        _refusal(lambda: read_outcome("4SN+9")),
        _refusal(lambda: read_outcome("A55/45")),
    ):
        with translation.override("en"):
            assert translated(error) == str(error)


def test_a_contracts_refusal_is_said_in_polish():
    with translation.override("pl"):
        assert translated(_refusal(lambda: Contract.parse("9S"))) == (
            "błędny kontrakt '9S': wysokość to 1..7, nie 9"
        )


def test_a_results_refusal_names_the_contract_in_the_pages_letters():
    with translation.override("fr"):
        assert translated(_refusal(lambda: result_tricks(Contract.parse("3NT"), "+5"))) == (
            "résultat impossible '+5' pour 3SA : cela fait 14 levées, mais un camp en fait de 0 à 13"
        )


def test_an_adjusted_score_off_the_clubs_figures_is_said_in_german():
    with translation.override("de"):
        assert translated(_refusal(lambda: read_outcome("A55/45"))) == (
            "'A55/45': 55 % ist hier kein berichtigtes Ergebnis: Durchschnitt plus ist 60 %, "
            "Durchschnitt 50 %, Durchschnitt minus 40 %."
        )
