"""Player ratings: what a player relies on when the club shows him his rating.

Most cases are a few nights written out by hand; the fit itself is checked against the
model's least squares solved directly (dense matrix, Gaussian elimination), built here
from the formula in the module docstring, not from the module's own code.
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from tournaments.bridge.season.rating import (
    AVERAGE,
    PRIOR_SD,
    SESSION_SD,
    RatingInputError,
    expected_percentages,
    field_strength,
    pair_strength,
    rate_players,
    rate_sessions,
)

# Nights that show who is strong: the strong players win with anyone, the weak lose with anyone.
STRONG, WEAK = ("S1", "S2", "S3", "S4"), ("W1", "W2", "W3", "W4")


def mixed_nights() -> list[list[tuple]]:
    """Strong and weak players partnering one another, so each one's strength can be told apart."""
    nights = []
    for shift in range(4):
        pairs = [(STRONG[n], WEAK[(n + shift) % 4]) for n in range(4)]
        nights.append(
            [(pairs[0], 50, "all"), (pairs[1], 50, "all"), (pairs[2], 50, "all"), (pairs[3], 50, "all")]
        )
        nights.append(
            [
                ((STRONG[shift], STRONG[(shift + 1) % 4]), 64, "all"),
                ((STRONG[(shift + 2) % 4], STRONG[(shift + 3) % 4]), 62, "all"),
                ((WEAK[shift], WEAK[(shift + 1) % 4]), 38, "all"),
                ((WEAK[(shift + 2) % 4], WEAK[(shift + 3) % 4]), 36, "all"),
            ]
        )
    return nights


def test_a_player_carried_by_the_best_partner_is_rated_below_one_as_good_with_weaker_partners():
    history = [
        [(("Ace", "Av1"), 60, "f"), (("Weak", "Av2"), 40, "f"), (("Av3", "Av4"), 50, "f")] for _ in range(6)
    ]
    # Carried always plays with Ace, Solid with Weak; both score the same on the same nights.
    nights = [
        [
            (("Ace", "Carried"), 58, "f"),
            (("Weak", "Solid"), 58, "f"),
            (("Av1", "Av2"), 42, "f"),
            (("Av3", "Av4"), 42, "f"),
        ]
        for _ in range(6)
    ]
    ratings = rate_sessions(history + nights)
    assert ratings["Ace"] > ratings["Weak"]
    assert ratings["Carried"] < ratings["Solid"]


def test_a_55_in_a_strong_field_is_worth_more_than_a_55_in_a_weak_field():
    strong_night = [
        ((STRONG[0], STRONG[1]), 48, "f"),
        ((STRONG[2], STRONG[3]), 47, "f"),
        (("P1", "P2"), 55, "f"),
    ]
    weak_night = [((WEAK[0], WEAK[1]), 48, "f"), ((WEAK[2], WEAK[3]), 47, "f"), (("Q1", "Q2"), 55, "f")]
    ratings = rate_sessions([*mixed_nights(), strong_night, weak_night])
    assert field_strength([(STRONG[0], STRONG[1]), (STRONG[2], STRONG[3])], ratings) > field_strength(
        [(WEAK[0], WEAK[1]), (WEAK[2], WEAK[3])], ratings
    )
    assert ratings["P1"] > ratings["Q1"]
    assert ratings["P1"] > AVERAGE > ratings["Q1"]  # a 55 among the weak players is a poor result


@pytest.mark.parametrize(
    "sessions, equals",
    [
        pytest.param(
            [[(("a", "b"), 60, 1), (("c", "d"), 40, 1)], [(("c", "d"), 60, 1), (("a", "b"), 40, 1)]],
            [("a", "b", "c", "d")],
            id="each pair wins once",
        ),
        pytest.param(
            [
                [
                    (("a", "b"), 55, "NS"),
                    (("c", "d"), 45, "NS"),
                    (("e", "f"), 55, "EW"),
                    (("g", "h"), 45, "EW"),
                ]
            ],
            [("a", "b", "e", "f"), ("c", "d", "g", "h")],
            id="a Mitchell whose two fields mirror each other",
        ),
        pytest.param(
            [
                [(("a", "b"), 57, 0), (("c", "d"), 43, 0)],
                [(("a", "c"), 57, 0), (("b", "d"), 43, 0)],
                [(("a", "d"), 50, 0), (("b", "c"), 50, 0)],
            ],
            [("b", "c")],
            id="two players in mirror-image partnerships",
        ),
    ],
)
def test_players_in_symmetric_positions_get_equal_ratings(sessions, equals):
    ratings = rate_sessions(sessions)
    for group in equals:
        assert [ratings[player] for player in group] == pytest.approx([ratings[group[0]]] * len(group))


def test_renaming_the_players_renames_their_ratings():
    nights = mixed_nights()
    rename = {player: f"member {n}" for n, player in enumerate(STRONG + WEAK)}
    renamed = [
        [(tuple(rename[p] for p in players), pct, field) for players, pct, field in night] for night in nights
    ]
    ratings, renamed_ratings = rate_sessions(nights), rate_sessions(renamed)
    assert {rename[player]: value for player, value in ratings.items()} == pytest.approx(renamed_ratings)


def test_the_order_of_the_pairs_within_a_session_does_not_change_the_ratings():
    rng = random.Random(7)
    nights = [*mixed_nights(), *club_nights(rng, 12)]
    shuffled = [rng.sample(night, len(night)) for night in nights]
    assert rate_sessions(shuffled) == pytest.approx(rate_sessions(nights), abs=1e-9)


def test_the_order_of_the_sessions_matters_only_with_a_half_life():
    nights = club_nights(random.Random(3), 10)
    assert rate_sessions(nights[::-1]) == pytest.approx(rate_sessions(nights), abs=1e-9)
    assert rate_sessions(nights[::-1], half_life=3) != pytest.approx(
        rate_sessions(nights, half_life=3), abs=1e-3
    )


@pytest.mark.parametrize("half_life", [0, -3, True, float("nan"), "10"])
def test_a_half_life_that_is_not_a_positive_number_is_refused(half_life):
    with pytest.raises(RatingInputError, match="half_life must be a positive number of sessions"):
        rate_sessions([[(("a", "b"), 50, "f")]], half_life=half_life)


def test_a_half_life_follows_a_player_who_improved():
    field = [(("x1", "x2"), 50, "f"), (("x3", "x4"), 50, "f")]
    nights = [[(("Rising", "y"), 40, "f"), *field] for _ in range(8)] + [
        [(("Rising", "y"), 60, "f"), *field] for _ in range(4)
    ]
    assert rate_sessions(nights, half_life=2)["Rising"] > AVERAGE > rate_sessions(nights)["Rising"]


@pytest.mark.parametrize("count", [1, 2, 5, 20])
def test_every_further_session_makes_a_player_more_certain(count):
    nights = club_nights(random.Random(11), 21)
    regular = [[(("Reg", "Mate"), 52, "NS"), *night] for night in nights]
    before = rate_players(regular[:count])["Reg"]
    after = rate_players(regular[: count + 1])["Reg"]
    assert after.sessions == before.sessions + 1
    assert after.uncertainty < before.uncertainty < PRIOR_SD


def test_a_shorter_session_says_less_than_a_full_one():
    field = [(("x1", "x2"), 50, "f"), (("x3", "x4"), 50, "f")]
    short = rate_players([[(("p", "q"), 60, "f", 12), *field]])["p"]
    full = rate_players([[(("p", "q"), 60, "f", 24), *field]])["p"]
    assert short.uncertainty > full.uncertainty
    assert AVERAGE < short.rating < full.rating


def test_one_good_night_is_pulled_toward_the_average_more_than_ten():
    field = [(("x1", "x2"), 45, "f"), (("x3", "x4"), 45, "f")]
    once = rate_sessions([[(("Lucky", "L2"), 65, "f"), *field]])
    often = rate_sessions([[(("Steady", "S2"), 65, "f"), *field] for _ in range(10)])
    assert AVERAGE < once["Lucky"] < often["Steady"]


@pytest.mark.parametrize(
    "sessions, expected",
    [
        pytest.param([], {}, id="no sessions"),
        pytest.param([[]], {}, id="an empty session"),
        pytest.param(
            [[(("a", "b"), 70, "NS")]], {"a": AVERAGE, "b": AVERAGE}, id="a pair alone in its field"
        ),
        pytest.param(
            [[(("a", "b"), 70, "NS"), (("c", "d"), 30, "EW")]],
            {"a": AVERAGE, "b": AVERAGE, "c": AVERAGE, "d": AVERAGE},
            id="two fields of one pair",
        ),
        pytest.param([[(("solo",), 50, None), (("x", "y"), 50, None)]], None, id="a one-player pair"),
    ],
)
def test_small_inputs_are_rated_without_error(sessions, expected):
    rated = rate_players(sessions)
    if expected is not None:
        assert {player: value.rating for player, value in rated.items()} == pytest.approx(expected)
    assert all(value.uncertainty <= PRIOR_SD for value in rated.values())


def test_percentages_and_boards_may_be_any_real_numbers():
    as_floats = [[(("a", "b"), 56.25, "f"), (("c", "d"), 43.75, "f", 12)]]
    as_others = [[(("a", "b"), Decimal("56.25"), "f"), (("c", "d"), Fraction(175, 4), "f", Decimal(12))]]
    assert rate_sessions(as_others) == pytest.approx(rate_sessions(as_floats))


def test_player_and_field_ids_may_be_any_hashable_values():
    ids = [1, "1", (1, "a"), None, frozenset({2}), 2.5, True]
    nights = [
        [
            ((ids[0], ids[1]), 60, ("field", 1)),
            ((ids[2], ids[3]), 40, ("field", 1)),
            ((ids[4], ids[5]), 50, None),
        ],
        [((ids[6], ids[0]), 55, 0), ((ids[1], ids[2]), 45, 0)],
    ]
    ratings = rate_sessions(nights)
    assert set(ratings) == {1, "1", (1, "a"), None, frozenset({2}), 2.5}  # True is 1 as a key, as in Python
    assert max(ratings, key=ratings.get) == 1


@pytest.mark.parametrize(
    "result, message",
    [
        ((("a", "b"), 120, "f"), "session 1, pair 2: percentage must be a number from 0 to 100, got 120"),
        ((("a", "b"), "55", "f"), "session 1, pair 2: percentage must be a number"),
        ((("a", "b"), True, "f"), "session 1, pair 2: percentage must be a number"),
        ((("a", "b"), Decimal("NaN"), "f"), "session 1, pair 2: percentage must be a number"),
        ((("a", "b"), Decimal("sNaN"), "f"), "session 1, pair 2: percentage must be a number"),
        ((("a", "b"), float("nan"), "f"), "session 1, pair 2: percentage"),
        (("ab", 55, "f"), "session 1, pair 2: players must be a tuple of player ids"),
        (((), 55, "f"), "session 1, pair 2: a pair needs at least one player"),
        (((["a"], "b"), 55, "f"), "session 1, pair 2: player id must be hashable"),
        ((("a", "b"), 55, ["f"]), "session 1, pair 2: field must be hashable"),
        ((("a", "b"), 55), "session 1, pair 2: expected (players, percentage, field[, boards])"),
        ((("a", "b"), 55, "f", 0), "session 1, pair 2: boards must be a positive number"),
    ],
)
def test_a_result_that_cannot_be_rated_is_refused_naming_its_session_and_pair(result, message):
    with pytest.raises(
        RatingInputError, match="^" + message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
    ):
        rate_sessions([[(("c", "d"), 50, "f"), result]])


def test_expected_percentages_favour_the_stronger_pair_and_average_fifty():
    ratings = {"a": 60, "b": 56, "c": 50, "d": 46, "e": 40, "f": 44}
    pairs = [("a", "b"), ("c", "d"), ("e", "f")]
    expected = expected_percentages(pairs, ratings)
    assert expected == pytest.approx(
        [AVERAGE + 58 - (48 + 42) / 2, AVERAGE + 48 - (58 + 42) / 2, AVERAGE + 42 - 53]
    )
    assert sum(expected) == pytest.approx(AVERAGE * 3)
    assert expected_percentages([("a", "b")], ratings) == [AVERAGE]
    assert pair_strength(("a", "stranger"), ratings) == pytest.approx(55)
    assert field_strength(pairs, ratings) == pytest.approx((58 + 48 + 42) / 3)


def test_noise_free_results_give_back_the_order_of_the_strengths_that_made_them():
    rng = random.Random(5)
    hidden = {f"p{n}": 50 + rng.gauss(0, 6) for n in range(16)}
    nights = []
    for _ in range(60):
        players = rng.sample(sorted(hidden), 12)
        pairs = [tuple(players[n : n + 2]) for n in range(0, 12, 2)]
        nights.append(list(zip(pairs, expected_percentages(pairs, hidden), ["f"] * 6, strict=True)))
    ratings = rate_sessions(nights)
    assert sorted(hidden, key=hidden.get) == sorted(ratings, key=ratings.get)


def test_the_fit_is_the_least_squares_solution_of_the_written_model():
    nights = [*mixed_nights()[:3], *club_nights(random.Random(2), 4)]
    nights[-1] = [(*result, 12) for result in nights[-1]]
    players = list(dict.fromkeys(player for night in nights for result in night for player in result[0]))
    rows, targets, weights = [], [], []
    for night in nights:
        for field in {result[2] for result in night}:
            pairs = [result for result in night if result[2] == field]
            for this in pairs:
                others = [other for other in pairs if other is not this]
                row = [0.0] * len(players)
                for player in this[0]:
                    row[players.index(player)] += 1 / len(this[0])
                for other in others:
                    for player in other[0]:
                        row[players.index(player)] -= 1 / len(other[0]) / len(others)
                rows.append(row)
                targets.append(this[1] - AVERAGE)
                weights.append((this[3] if len(this) == 4 else 24) / 24)
    size = len(players)
    ridge = (SESSION_SD / PRIOR_SD) ** 2
    matrix = [
        [
            sum(w * row[i] * row[j] for row, w in zip(rows, weights, strict=True)) + (ridge if i == j else 0)
            for j in range(size)
        ]
        for i in range(size)
    ]
    weighted = list(zip(rows, weights, targets, strict=True))
    right = [sum(w * row[i] * t for row, w, t in weighted) for i in range(size)]
    solved = gauss(matrix, right)
    ratings = rate_sessions(nights)
    assert [ratings[player] for player in players] == pytest.approx(
        [AVERAGE + value for value in solved], abs=1e-7
    )


def gauss(matrix: list[list[float]], right: list[float]) -> list[float]:
    """Solve ``matrix x = right`` by elimination with partial pivoting."""
    size = len(right)
    rows = [[*matrix[i], right[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def club_nights(rng: random.Random, count: int) -> list[list[tuple]]:
    """Random nights of a 20-member club: pairs drawn afresh, a Mitchell's two fields, random results."""
    nights = []
    for _ in range(count):
        members = rng.sample([f"m{n}" for n in range(20)], 12)
        pairs = [tuple(members[n : n + 2]) for n in range(0, 12, 2)]
        nights.append(
            [(pair, round(rng.uniform(35, 65), 2), "NS" if n % 2 else "EW") for n, pair in enumerate(pairs)]
        )
    return nights
