"""Movements: invariants over every supported size, plus hand-checked club charts."""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments.bridge import Movement, MovementError, format_movement_chart, howell, mitchell

MITCHELLS = [
    pytest.param(n, even, rounds, phantom, id=f"{n}t-{even}-r{rounds}-{phantom}")
    for n in range(3, 21)
    for even in ("relay", "skip")
    for rounds in (None, 2, n // 2 + 1)
    for phantom in (None, ("EW", n), ("NS", 1))
    if not (n % 2 and even == "skip")
]

HOWELLS = [
    pytest.param(p, rounds, id=f"{p}p-r{rounds}")
    for p in range(4, 17)
    for rounds in (None, 1, 3 * (p + p % 2 - 1) // 4)
]


def check_common(m: Movement) -> None:
    """Invariants every movement keeps."""
    assert [(e.round, e.table) for e in m.encounters] == [
        (r, t) for r in range(1, m.rounds + 1) for t in range(1, m.tables + 1)
    ]
    pairs = m.pair_numbers()
    assert len(set(pairs)) == len(pairs) == 2 * m.tables
    played: Counter = Counter()
    met: Counter = Counter()
    for r in range(1, m.rounds + 1):
        in_round = m.encounters_in_round(r)
        seated = [p for e in in_round for p in e.pairs]
        assert sorted(map(str, seated)) == sorted(map(str, pairs)), "each pair sits exactly once a round"
        sets = Counter(e.board_set for e in in_round)
        shared = {s for s, c in sets.items() if c > 1}
        if m.relay:
            assert shared <= {m.encounter(r, 1).board_set}
            assert m.encounter(r, 1).board_set == m.encounter(r, m.tables).board_set
        elif not m.shares:
            assert not shared, f"round {r}: sets {shared} at two tables"
        for e in in_round:
            assert 1 <= e.board_set <= m.board_sets
            bpr = m.boards_per_round
            assert e.boards == tuple(range((e.board_set - 1) * bpr + 1, e.board_set * bpr + 1))
            assert e.arrow_switched == (r in m.arrow_switch_rounds)
            assert {e.home_ns, e.home_ew} == {e.ns, e.ew}
            met[frozenset((e.home_ns, e.home_ew))] += 1
            for p in e.pairs:
                played[(p, e.board_set)] += 1
                assert m.position(p, r) == (None if p == m.phantom else e)
    assert max(played.values()) == 1, "a pair plays a board set at most once"
    assert max(met.values()) == 1, "two pairs meet at most once"
    for p in pairs:
        boards = sum(m.boards_per_round for (q, _s) in played if q == p)
        assert boards == m.rounds * m.boards_per_round
    assert m.boards_total() == m.board_sets * m.boards_per_round
    all_boards = {b for e in m.encounters for b in e.boards}
    assert all_boards <= set(range(1, m.boards_total() + 1))


@pytest.mark.parametrize(("n", "even", "rounds", "phantom"), MITCHELLS)
def test_mitchell_invariants(n, even, rounds, phantom):
    m = mitchell(n, rounds, 3, even=even, phantom=phantom, arrow_switch_rounds={1})
    check_common(m)
    full = n - 1 if n % 2 == 0 and even == "skip" else n
    assert m.rounds == (full if rounds is None else rounds)
    assert m.relay == (n % 2 == 0 and even == "relay")
    assert m.phantom == phantom
    for e in m.encounters:
        assert e.home_ns == ("NS", e.table), "NS pairs stay at their table"
        assert e.home_ew[0] == "EW"
    if rounds is None:
        # A complete Mitchell: every set in play, every pair plays every set but the skipped one.
        assert {e.board_set for e in m.encounters} == set(range(1, m.board_sets + 1))
        assert m.board_sets == n


@pytest.mark.parametrize(("p", "rounds"), HOWELLS)
def test_howell_invariants(p, rounds):
    m = howell(p, 2, rounds=rounds, arrow_switch_rounds={1})
    check_common(m)
    n = p + p % 2
    assert m.tables == n // 2
    assert m.rounds == (n - 1 if rounds is None else rounds)
    assert m.phantom == (n if p % 2 else None)
    if rounds is None:
        met = {frozenset(e.pairs) for e in m.encounters}
        assert len(met) == n * (n - 1) // 2, "a complete Howell: everybody meets everybody"
    # From 8 pairs a Room square: one set per table, no sharing; 4 and 6 pairs share boards.
    assert m.shares == (n < 8)
    assert m.board_sets == (m.rounds if n < 8 else n - 1)
    if rounds is None and n >= 8:
        for pair in set(m.pair_numbers()) - {m.phantom}:
            sets = sorted(m.position(pair, r).board_set for r in range(1, m.rounds + 1))
            assert sets == list(range(1, n)), "every pair plays every set once"


def test_eight_pair_howell_by_hand():
    assert format_movement_chart(howell(8)) == (
        "Table     R1     R2     R3     R4     R5     R6     R7\n"
        "    1  8-1/1  8-2/2  8-3/3  8-4/4  8-5/5  8-6/6  8-7/7\n"
        "    2  2-4/5  3-5/6  4-6/7  5-7/1  6-1/2  7-2/3  1-3/4\n"
        "    3  3-7/2  4-1/3  5-2/4  6-3/5  7-4/6  1-5/7  2-6/1\n"
        "    4  5-6/3  6-7/4  7-1/5  1-2/6  2-3/7  3-4/1  4-5/2\n"
    )


def test_three_table_mitchell_by_hand():
    # EW move to the next higher table, boards to the next lower: table 1 gets table 2's set.
    m = mitchell(3)
    e = m.encounter(2, 1)
    assert (e.ns, e.ew, e.board_set, e.boards) == (("NS", 1), ("EW", 3), 2, (4, 5, 6))
    assert m.encounter(3, 3).ew == ("EW", 1)
    assert m.encounter(3, 3).board_set == 2
    assert m.position(("EW", 1), 2).table == 2
    assert format_movement_chart(m) == (
        "Table     R1     R2     R3\n"
        "    1  1-1/1  1-3/2  1-2/3\n"
        "    2  2-2/2  2-1/3  2-3/1\n"
        "    3  3-3/3  3-2/1  3-1/2\n"
    )


def test_four_table_relay_and_bye_stand_by_hand():
    # Relay between tables 1 and 4, bye stand between 2 and 3 (set 3 rests there in round 1).
    m = mitchell(4, boards_per_round=2)
    assert [e.board_set for e in m.encounters_in_round(1)] == [1, 2, 4, 1]
    # Round 2: table 2 takes the bye-stand set, table 3 the relay set, the relay takes table 2's.
    assert [e.board_set for e in m.encounters_in_round(2)] == [2, 3, 1, 2]
    assert m.relay and m.boards_total() == 8


def test_six_table_skip_by_hand():
    m = mitchell(6, even="skip")
    assert m.rounds == 5
    # Round 4 (after half the rounds) EW move up two: EW 1 goes from table 3 to table 5.
    assert m.position(("EW", 1), 3).table == 3
    assert m.position(("EW", 1), 4).table == 5


def test_arrow_switch_swaps_seats_not_home_directions():
    m = mitchell(5, arrow_switch_rounds=[5])
    e = m.encounter(5, 2)
    assert e.arrow_switched
    assert (e.ns, e.ew) == (("EW", 3), ("NS", 2))
    assert (e.home_ns, e.home_ew) == (("NS", 2), ("EW", 3))
    assert m.position(("EW", 3), 5) is e


def test_phantom_sits_out():
    m = mitchell(5, phantom=("EW", 5))
    assert m.position(("EW", 5), 1) is None
    assert m.opponent(("NS", 5), 1) == ("EW", 5)
    h = howell(7)
    assert h.phantom == 8 and h.position(8, 3) is None


def test_howell_four_pairs_by_hand():
    m = howell(4)
    assert [(e.round, e.table, e.ns, e.ew, e.board_set) for e in m.encounters] == [
        (1, 1, 4, 1, 1),
        (1, 2, 2, 3, 1),
        (2, 1, 4, 2, 2),
        (2, 2, 3, 1, 2),
        (3, 1, 4, 3, 3),
        (3, 2, 1, 2, 3),
    ]


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: mitchell(2), "tables must be from 3 up, not 2"),
        (lambda: mitchell(3.0), "tables"),
        (lambda: mitchell(True), "tables"),
        (lambda: mitchell(5, 6), "rounds"),
        (lambda: mitchell(6, 6, even="skip"), "rounds"),
        (lambda: mitchell(5, boards_per_round=0), "boards a round"),
        (lambda: mitchell(6, even="both"), "even"),
        (lambda: mitchell(5, arrow_switch_rounds=[6]), "arrow switch's rounds must be from 1 to 5, not 6"),
        (lambda: mitchell(5, arrow_switch_rounds=3), "arrow_switch_rounds"),
        (lambda: mitchell(5, phantom=("NS", 6)), "phantom"),
        (lambda: howell(17), "pairs"),
        (lambda: howell(3), "pairs"),
        (lambda: howell("8"), "pairs"),
        (lambda: howell(8, 0), "boards a round"),
        (lambda: howell(8, rounds=8), "rounds"),
        (lambda: mitchell(3).encounter(4, 1), "round"),
        (lambda: mitchell(3).encounter(1, 4), "table"),
        (lambda: mitchell(3).position(("EW", 4), 1), "pair"),
        (lambda: howell(6).encounters_in_round(0), "round"),
    ],
)
def test_invalid_arguments_name_the_argument(call, named):
    with pytest.raises(MovementError, match=named):
        call()
