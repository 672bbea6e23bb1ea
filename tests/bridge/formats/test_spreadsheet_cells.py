"""The spreadsheet cell rule: text a spreadsheet would run gets an apostrophe; numbers stay numbers."""

from __future__ import annotations

import pytest

from tournaments.bridge.formats.spreadsheet_cells import csv_cell, figure, text_escaped


@pytest.mark.parametrize(
    "text",
    [
        '=HYPERLINK("http://x")',
        "+1+cmd|' /C calc'!A0",
        "-2+3",
        "@SUM(A1:A2)",
        "\t=1+1",
        "\r=1+1",
        "\uff1d1+1",  # a full-width equals sign
        "-120",  # text that looks like a number is still text
        "=",
    ],
)
def test_text_a_spreadsheet_would_run_gets_a_leading_apostrophe(text):
    assert text_escaped(text) == "'" + text


@pytest.mark.parametrize("text", ["Ann North", "3 NS", "4SX N +1", "3=", "", "O'Neil", "A. N."])
def test_other_text_is_left_as_it_is(text):
    assert text_escaped(text) == text


@pytest.mark.parametrize("number", [-120, -50, 0, 430, 3.5, -0.25, 55.25])
def test_numbers_stay_numbers_negative_or_not(number):
    assert csv_cell(number) == number and type(csv_cell(number)) is type(number)


def test_a_text_cell_is_escaped_and_nothing_is_an_empty_cell():
    assert csv_cell("@home") == "'@home"
    assert csv_cell(None) == ""


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [(52.125, 2, 52.13), (-0.05, 1, -0.1), (12.25, 1, 12.3), (60.0, 2, 60.0), (None, 2, None)],
)
def test_figures_are_rounded_as_the_pages_print_them(value, places, shown):
    """Half away from zero, on the decimal a page prints (Django's floatformat), not ``round``."""
    assert figure(value, places) == shown
