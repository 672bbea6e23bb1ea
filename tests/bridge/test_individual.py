"""Individual movements: the invariants a director relies on, for every size from 3 to 8 tables.

Each check counts from the seatings themselves (not from how they were built): who partners
whom, who meets whom, which boards each player and each table plays.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.bridge.individual import TABLES, MovementError, individual, player_card

SIZES = [
    pytest.param(n, bpr, rounds, id=f"{n}t-b{bpr}-r{rounds}")
    for n in TABLES
    for bpr in (1, 2, 3)
    for rounds in (None, 2, 5)
]


def partnerships(m):  # type: ignore[no-untyped-def]
    return Counter(frozenset(pair) for s in m.seatings for pair in ((s.north, s.south), (s.east, s.west)))


def oppositions(m):  # type: ignore[no-untyped-def]
    return Counter(
        frozenset((a, b)) for s in m.seatings for a in (s.north, s.south) for b in (s.east, s.west)
    )


@pytest.mark.parametrize(("tables", "bpr", "rounds"), SIZES)
def test_invariants(tables: int, bpr: int, rounds: int | None) -> None:
    m = individual(tables, bpr, rounds=rounds)
    assert m.tables == tables and m.players == 4 * tables
    assert [(s.round, s.table) for s in m.seatings] == [
        (r, t) for r in range(1, m.rounds + 1) for t in range(1, tables + 1)
    ]
    played: Counter = Counter()
    for r in range(1, m.rounds + 1):
        in_round = m.seatings_in_round(r)
        seated = [p for s in in_round for p in s.players]
        assert sorted(seated) == list(range(1, m.players + 1)), "every player in exactly one seat a round"
        sets = [s.board_set for s in in_round]
        if m.shares:
            assert set(sets) == {r}, "a shared round plays one set at every table"
        else:
            assert len(set(sets)) == tables, "no set at two tables in a round"
        for s in in_round:
            assert len(set(s.boards)) == len(s.boards) == bpr
            assert s.boards == tuple(range((s.board_set - 1) * bpr + 1, s.board_set * bpr + 1))
            for p in s.players:
                for b in s.boards:
                    played[(p, b)] += 1
    assert max(played.values()) == 1, "a player plays a board at most once"
    times = Counter(b for (_, b) in played.elements())
    assert len(set(times.values())) == 1, "every board played the same number of times"
    assert times[1] == 4 * (tables if m.shares else m.rounds), (
        "a shared set at every table, else a set every round"
    )
    assert max(partnerships(m).values()) == 1, "nobody partners the same player twice"
    assert max(oppositions(m).values()) <= (2 if m.kind == "whist" else 1)


@pytest.mark.parametrize("tables", [n for n in TABLES if individual(n).kind == "whist"])
def test_complete_whist_is_the_ideal_individual(tables: int) -> None:
    """4n - 1 rounds: everyone partners everyone once and meets everyone twice as opponent."""
    m = individual(tables)
    everyone = {frozenset(p) for p in combinations(range(1, m.players + 1), 2)}
    assert m.rounds == m.players - 1
    assert set(partnerships(m)) == everyone and set(partnerships(m).values()) == {1}
    assert set(oppositions(m)) == everyone and set(oppositions(m).values()) == {2}


@pytest.mark.parametrize("tables", [n for n in TABLES if individual(n).kind == "rainbow"])
def test_complete_rainbow_meets_every_other_line_once(tables: int) -> None:
    """Lines N 1..q, E q+1..2q, S, W: two players of different lines meet exactly once."""
    m = individual(tables)
    q = tables
    line = {p: (p - 1) // q for p in range(1, 4 * q + 1)}
    met = partnerships(m) + oppositions(m)
    for a, b in combinations(range(1, 4 * q + 1), 2):
        assert met[frozenset((a, b))] == (0 if line[a] == line[b] else 1)
    for p in range(1, 4 * q + 1):
        assert sorted(m.position(p, r).board_set for r in range(1, q + 1)) == list(range(1, q + 1))  # type: ignore[union-attr]


def test_rainbow_moves_as_published() -> None:
    """5 tables: boards stay, North up one, East down one, South up two, West down two."""
    m = individual(5)
    first = m.seatings_in_round(1)
    assert [(s.north, s.east, s.south, s.west) for s in first] == [
        (t, 5 + t, 10 + t, 15 + t) for t in range(1, 6)
    ]
    second = {s.table: s for s in m.seatings_in_round(2)}
    assert second[2].north == 1 and second[5].east == 6 and second[3].south == 11 and second[4].west == 16
    assert second[1].board_set == 1


def test_three_tables_is_eleven_rounds_of_twelve_players() -> None:
    m = individual(3)
    assert (m.players, m.rounds, m.boards_total()) == (12, 11, 22)
    s = m.position(12, 1)
    assert s is not None and s.seat_of(12) == "N" and s.partner_of(12) == s.south


def test_json_shape() -> None:
    data = individual(3, 2, rounds=1).as_json()
    assert data["players"] == 12
    assert data["rounds"][0]["round"] == 1  # type: ignore[index]
    table = data["rounds"][0]["tables"][0]  # type: ignore[index]
    assert set(table) == {"table", "N", "E", "S", "W", "boards"} and table["boards"] == [1, 2]


@pytest.mark.parametrize(
    ("args", "kwargs", "word"),
    [
        ((2,), {}, "tables"),
        ((9,), {}, "tables"),
        (("3",), {}, "tables"),
        ((3, 0), {}, "boards a round"),
        ((3,), {"rounds": 12}, "rounds"),
        ((5,), {"rounds": 6}, "rounds"),
        ((True,), {}, "tables"),
    ],
)
def test_refusals_name_the_argument(args: tuple, kwargs: dict, word: str) -> None:
    with pytest.raises(MovementError, match=word):
        individual(*args, **kwargs)


@pytest.mark.parametrize("tables", TABLES)
def test_every_players_card_agrees_with_the_seatings(tables: int) -> None:
    """A card names the partner across the table and the opponents to the left and right."""
    m = individual(tables, rounds=3)
    for player in range(1, m.players + 1):
        card = player_card(m, player)
        assert [line.round for line in card] == [1, 2, 3]
        for line in card:
            s = m.position(player, line.round)
            assert s is not None and line.table == s.table and line.boards == s.boards
            seats = dict(zip("NESW", s.players, strict=True))
            across, left, right = {"N": "SEW", "E": "WSN", "S": "NWE", "W": "ENS"}[line.seat]
            assert seats[line.seat] == player
            assert (line.partner, line.left, line.right) == (seats[across], seats[left], seats[right])
