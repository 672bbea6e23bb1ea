"""Reading a pasted seating list (issue 24, point 11)."""

from __future__ import annotations

import pytest

from tournaments.bridge.seating import (
    SeatingLine,
    SeatingListError,
    SeatingProblem,
    parse_seating_list,
    read_pair_label,
    read_seating_list,
)


def test_a_list_reads_number_direction_and_names_in_either_order():
    """Issue 24, point 11: a whole field seated from one pasted list."""
    text = (
        "1 NS: Alice Smith & Bob Jones\n\n  ew 1 :Carol  White&Dan Black  \nN-S 2: Eve Green\n3: Gus & Hal\n"
    )

    assert parse_seating_list(text) == [
        SeatingLine(1, 1, "NS", ("Alice Smith", "Bob Jones")),
        SeatingLine(3, 1, "EW", ("Carol White", "Dan Black")),
        SeatingLine(4, 2, "NS", ("Eve Green",)),
        SeatingLine(5, 3, "", ("Gus", "Hal")),
    ]


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        (
            "1 NS: A & B\nAlice & Bob",
            2,
            "'Alice & Bob' is not a pair: write it as 1 NS: Alice Smith & Bob Jones.",
        ),
        ("1 NS: A & B\n1 NS: C & D", 2, "NS 1 is already seated on line 1."),
        ("1 NS: A & ", 1, "a player's name is missing: write the two names with & between them."),
        ("1 NS: A & B & C", 1, "a pair has two players, this line names 3."),
        (
            "\u00b2 NS: A & B",
            1,
            "'\u00b2 NS: A & B' is not a pair: write it as 1 NS: Alice Smith & Bob Jones.",
        ),
        ("  \n", 1, "the list is empty: write one pair a line, as 1 NS: Alice Smith & Bob Jones."),
        ("".join(f"{n}: A{n} & B{n}\n" for n in range(1, 202)), 201, "a list seats at most 200 pairs."),
    ],
)
def test_a_line_that_cannot_be_read_is_refused_naming_it(text, line, reason):
    """Issue 24, point 11: the list's errors name their line."""
    with pytest.raises(SeatingListError) as refused:
        parse_seating_list(text)

    assert refused.value.problems == (SeatingProblem(line, reason),)


def test_every_line_that_cannot_be_read_is_named_in_one_reading():
    """Issue 28, point 6: a list with three bad lines names all three, not the first alone."""
    text = "1 NS: A & B\nAlice & Bob\n1 NS: C & D\n2 EW: E & \n2 NS: F & G\n"

    with pytest.raises(SeatingListError) as refused:
        parse_seating_list(text)

    assert refused.value.problems == (
        SeatingProblem(2, "'Alice & Bob' is not a pair: write it as 1 NS: Alice Smith & Bob Jones."),
        SeatingProblem(3, "NS 1 is already seated on line 1."),
        SeatingProblem(4, "a player's name is missing: write the two names with & between them."),
    )
    assert read_seating_list(text).seats == [
        SeatingLine(1, 1, "NS", ("A", "B")),
        SeatingLine(5, 2, "NS", ("F", "G")),
    ]


@pytest.mark.parametrize(
    ("typed", "read"),
    [("3", (3, "")), ("NS 3", (3, "NS")), ("3ew", (3, "EW")), (" n-s 12 ", (12, "NS")), ("E-W7", (7, "EW"))],
)
def test_a_pair_on_a_traveller_reads_as_its_number_and_field(typed, read):
    assert read_pair_label(typed) == read


@pytest.mark.parametrize("typed", ["", "x", "3 NS EW", "NS", "1234567", "٣", "3\x00"])
def test_a_traveller_cell_that_is_no_pair_is_refused_by_name(typed):
    with pytest.raises(ValueError, match="is not a pair: write its number, as 3 or NS 3."):
        read_pair_label(typed)
