"""Likely duplicate players: the entries a director is shown as one member entered twice."""

from __future__ import annotations

import pytest

from tournaments.bridge.season.duplicates import (
    LikelyDuplicate,
    Likeness,
    differ_by_a_letter,
    differ_by_an_initial,
    federation_key,
    likely_duplicates,
)


@pytest.mark.parametrize(
    "left, right",
    [
        ("John Smith", "john smith"),
        ("José García", "Jose Garcia"),
        ("Anne  Marie   Dupont", " Anne Marie Dupont "),
        ("Van der Berg", "Vanderberg"),
        ("Jean-Pierre Roux", "Jean Pierre Roux"),
        ("Zoë O'Brien", "ZOE OBRIEN"),
        ("Ǆemal Ørsted", "Džemal Ørsted"),  # a compatibility letter, and a letter with no plain form
    ],
)
def test_names_differing_by_case_accents_or_spacing_are_the_same_name(left, right):
    assert likely_duplicates([(1, left, ""), (2, right, "")]) == [LikelyDuplicate(1, 2, Likeness.NAME)]


@pytest.mark.parametrize(
    "left, right",
    [
        ("J. Smith", "John Smith"),
        ("J Smith", "john smith"),
        ("John A. Smith", "John Smith"),
        ("John Smith", "John A Smith"),
        ("Mary J. Watson", "Mary Jane Watson"),
        ("É. Zola", "Emile Zola"),
    ],
)
def test_names_differing_by_one_initial_are_likely_the_same_member(left, right):
    assert differ_by_an_initial(left, right) and differ_by_an_initial(right, left)
    assert likely_duplicates([("a", left, ""), ("b", right, "")]) == [
        LikelyDuplicate("a", "b", Likeness.INITIAL)
    ]


@pytest.mark.parametrize(
    "left, right",
    [
        ("John Smith", "Jane Smith"),  # two words, not an initial
        ("J. Smith", "P. Smith"),
        ("J. Smith", "Kate Smith"),
        ("J. A. Smith", "John Smith"),  # two differences
        ("John Smith", "John Smithers"),
        ("John Smith", "John Smith"),  # the same name is the NAME likeness, not an initial
        ("John Smith", "Smith"),  # a dropped word that is not an initial
    ],
)
def test_names_differing_by_more_than_one_initial_are_not_matched_by_initial(left, right):
    assert not differ_by_an_initial(left, right)


def test_different_members_are_not_suggested():
    players = [
        (1, "John Smith", "100"),
        (2, "Jane Smith", "200"),
        (3, "John Smithers", ""),
        (4, "Ann Lee", ""),
    ]
    assert likely_duplicates(players) == []


@pytest.mark.parametrize(
    "left, right",
    [("12345", "12345"), ("012345", "12345"), ("123 45", "12345"), ("k123456", "K123456"), ("0", "000")],
)
def test_federation_numbers_in_other_forms_are_the_same_number(left, right):
    assert federation_key(left) == federation_key(right)
    found = likely_duplicates([(1, "Pat Jones", left), (2, "Patricia Jones", right)])
    assert found == [LikelyDuplicate(1, 2, Likeness.FEDERATION_NUMBER)]


@pytest.mark.parametrize("left, right", [("12345", "12346"), ("A100", "B100"), ("", "")])
def test_different_or_missing_federation_numbers_match_nobody(left, right):
    assert likely_duplicates([(1, "Pat Jones", left), (2, "Patricia Jones", right)]) == []


def test_each_pair_is_suggested_once_with_its_strongest_reason_in_input_order():
    players = [
        (30, "Ann Lee", ""),
        (10, "John Smith", "EBU 77"),
        (20, "J. Smith", "ebu77"),
        (40, "john  smith", ""),
        (50, "ANN LEE", ""),
    ]
    assert likely_duplicates(players) == [
        LikelyDuplicate(30, 50, Likeness.NAME),
        LikelyDuplicate(10, 20, Likeness.FEDERATION_NUMBER),
        LikelyDuplicate(10, 40, Likeness.NAME),
        LikelyDuplicate(20, 40, Likeness.INITIAL),
    ]


def test_empty_names_and_ids_of_any_hashable_type_are_accepted():
    players = [(None, "", ""), (("club", 1), "Ann Lee", ""), ("x", " ann lee", ""), (2.5, "   ", "")]
    assert likely_duplicates(players) == [LikelyDuplicate(("club", 1), "x", Likeness.NAME)]
    assert likely_duplicates([]) == []


@pytest.mark.parametrize(
    "left, right",
    [
        ("John Baker", "John Bakker"),  # a letter doubled
        ("Tara Jones", "Tarah Jones"),  # a letter added at the end
        ("Ann Lee", "Anne Lee"),  # the shortest word that counts: three letters
        ("Philip Roux", "Phillip Roux"),
        ("Kate Baker", "Kate Bakre"),  # two neighbouring letters swapped
        ("José Muñoz", "Jose Munnoz"),  # accents set aside first
        ("Mary Jane Watson", "Mary Jayne Watson"),
    ],
)
def test_names_differing_by_one_letter_added_dropped_or_swapped_are_likely_one_member(left, right):
    """Issue 32: near spellings of one name, as a list and a night's entry differ."""
    assert differ_by_a_letter(left, right) and differ_by_a_letter(right, left)
    assert likely_duplicates([("a", left, ""), ("b", right, "12")]) == [
        LikelyDuplicate("a", "b", Likeness.SPELLING)
    ]


@pytest.mark.parametrize(
    "left, right",
    [
        ("Ann Baker", "Ann Parker"),  # two letters apart
        ("John Smith", "John Smyth"),  # a letter changed: as often two people as one
        ("Mark Smith", "Mary Smith"),  # a couple, not a typo
        ("Jane Smith", "June Smith"),
        ("John Smith", "Jane Smith"),  # different first names
        ("Al Smith", "Ali Smith"),  # a word under three letters
        ("Tara Baker", "Tarah Bakker"),  # two words differ
        ("Tara Baker", "Tara Baker"),  # the same name is the NAME likeness
        ("Tara Baker", "Tarah"),  # a word dropped
        ("Ann Lee", "Ann Leeds"),  # two letters added
    ],
)
def test_names_more_than_one_letter_apart_or_with_a_letter_changed_are_not_near_spellings(left, right):
    assert not differ_by_a_letter(left, right) and not differ_by_a_letter(right, left)
    assert likely_duplicates([("a", left, ""), ("b", right, "")]) in (
        [],
        [LikelyDuplicate("a", "b", Likeness.NAME)],
    )


@pytest.mark.parametrize(
    "left, right",
    [
        ("John Smith", "john smith"),  # the same name
        ("J. Smith", "John Smith"),  # an initial
        ("Tara Baker", "Tarah Baker"),  # a near spelling
    ],
)
def test_two_different_federation_numbers_are_never_likely_duplicates(left, right):
    """Issue 32: the number decides. Two numbers are two members (and a merge refuses them)."""
    assert likely_duplicates([(1, left, "EBU 100"), (2, right, "EBU 200")]) == []
    assert likely_duplicates([(1, left, "EBU 100"), (2, right, "ebu100")]) == [
        LikelyDuplicate(1, 2, Likeness.FEDERATION_NUMBER)
    ]
    assert likely_duplicates([(1, left, "EBU 100"), (2, right, "")]) != []  # one number: the name


def test_near_spellings_are_found_among_many_players_in_input_order():
    players = [(n, f"Member{n} Club{n}", "") for n in range(2_000)]  # any two: both words differ
    players += [("b", "Tara Bakker", ""), ("a", "Tara Baker", ""), ("c", "Tarah Baker", "")]
    assert likely_duplicates(players) == [
        LikelyDuplicate("b", "a", Likeness.SPELLING),
        LikelyDuplicate("a", "c", Likeness.SPELLING),
    ]


@pytest.mark.parametrize(
    "look_alike",
    [
        "Ann \u0410ble",  # a Cyrillic capital A
        "\u0410nn \u0410ble",
        "\u202eelbA nnA",  # shown as "Ann Able" by its right-to-left override
        "Ann \u0391ble",  # a Greek capital alpha
    ],
)
def test_a_name_that_looks_the_same_in_other_letters_is_a_likely_duplicate(look_alike):
    """Issue 46: a look-alike is listed, and said to be one, not merely the same name."""
    assert likely_duplicates([(1, "Ann Able", ""), (2, look_alike, "")]) == [
        LikelyDuplicate(1, 2, Likeness.LOOK_ALIKE)
    ]
