"""Movements: the invariants every movement must keep, for every size, and hand-checked rounds."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from tournaments.bridge.movements import (
    HOWELL,
    MITCHELL,
    Movement,
    MovementError,
    howell,
    howell_default_rounds,
    mitchell,
)

MITCHELL_SIZES = range(3, 21)
HOWELL_SIZES = range(4, 17)


def _all_mitchells():
    for tables in MITCHELL_SIZES:
        for even in ("skip", "relay"):
            full = mitchell(tables, even=even, boards_per_round=2)
            yield full
            yield mitchell(tables, rounds=max(1, full.rounds - 2), even=even, arrow_switch_rounds=(1,))


def _all_howells():
    for pairs in HOWELL_SIZES:
        yield howell(pairs)
        complete = pairs + pairs % 2 - 1
        yield howell(pairs, boards_per_round=3, rounds=complete, arrow_switch_rounds=(complete,))


ALL = [*_all_mitchells(), *_all_howells()]
IDS = [f"{m.kind}-{m.tables}t-{m.rounds}r-{m.even or 'odd'}-{sorted(m.arrow_switch_rounds)}" for m in ALL]


def _by_pair(movement: Movement) -> dict[tuple[str, int], list]:
    seen = defaultdict(list)
    for encounter in movement.encounters:
        ns, ew = movement.sides(encounter)
        seen[ns].append((encounter, ew))
        seen[ew].append((encounter, ns))
    return seen


@pytest.mark.parametrize("movement", ALL, ids=IDS)
def test_every_pair_plays_each_board_set_at_most_once(movement):
    for pair, plays in _by_pair(movement).items():
        sets = [encounter.board_set for encounter, _ in plays]
        assert len(sets) == len(set(sets)), (pair, sets)


@pytest.mark.parametrize("movement", ALL, ids=IDS)
def test_every_pair_meets_each_opponent_at_most_once(movement):
    for pair, plays in _by_pair(movement).items():
        opponents = [opponent for _, opponent in plays]
        assert len(opponents) == len(set(opponents)), (pair, opponents)
        if movement.kind == MITCHELL:
            # A Mitchell pair only ever meets the other field.
            assert {direction for direction, _ in opponents} == {"EW" if pair[0] == "NS" else "NS"}


@pytest.mark.parametrize("movement", ALL, ids=IDS)
def test_a_board_set_is_at_two_tables_in_a_round_only_where_declared(movement):
    for round_ in range(1, movement.rounds + 1):
        counts = Counter(encounter.board_set for encounter in movement.encounters_in_round(round_))
        undeclared = {s for s, count in counts.items() if count > 1 and (round_, s) not in movement.shares}
        assert not undeclared
    for round_, board_set in movement.shares:
        sets = [encounter.board_set for encounter in movement.encounters_in_round(round_)]
        assert sets.count(board_set) > 1


@pytest.mark.parametrize("movement", ALL, ids=IDS)
def test_every_pair_plays_every_round_and_the_promised_boards(movement):
    for plays in _by_pair(movement).values():
        assert len(plays) == movement.rounds
        boards = [board for encounter, _ in plays for board in encounter.boards]
        assert len(boards) == len(set(boards)) == movement.rounds * movement.boards_per_round
    assert len(movement.encounters) == movement.rounds * movement.tables
    assert {(e.round, e.table) for e in movement.encounters} == {
        (r, t) for r in range(1, movement.rounds + 1) for t in range(1, movement.tables + 1)
    }
    every_board = {board for encounter in movement.encounters for board in encounter.boards}
    assert every_board <= set(range(1, movement.boards_total() + 1))


@pytest.mark.parametrize("movement", ALL, ids=IDS)
def test_position_finds_each_pair_where_the_encounters_put_it(movement):
    for round_ in range(1, movement.rounds + 1):
        for encounter in movement.encounters_in_round(round_):
            for key in movement.sides(encounter):
                assert movement.position(key, round_) == encounter


@pytest.mark.parametrize("tables", [t for t in MITCHELL_SIZES if t % 2])
def test_an_odd_mitchell_is_complete(tables):
    movement = mitchell(tables)
    assert movement.rounds == tables and not movement.shares
    for plays in _by_pair(movement).values():
        assert {encounter.board_set for encounter, _ in plays} == set(range(1, tables + 1))


@pytest.mark.parametrize("tables", [t for t in MITCHELL_SIZES if t % 2 == 0])
def test_an_even_mitchell_skips_or_relays(tables):
    skip = mitchell(tables)
    assert skip.even == "skip" and skip.rounds == tables - 1 and not skip.shares
    relay = mitchell(tables, even="relay")
    assert relay.rounds == tables
    # Tables 1 and n share a set every round; the bye stand's set is played by nobody.
    for round_ in range(1, tables + 1):
        first, last = relay.encounter(round_, 1), relay.encounter(round_, tables)
        assert first.board_set == last.board_set
        assert (round_, first.board_set) in relay.shares
        assert len({e.board_set for e in relay.encounters_in_round(round_)}) == tables - 1
    with pytest.raises(MovementError, match="rounds must be 1..7"):
        mitchell(8, rounds=8, even="skip")


def test_a_three_table_mitchell_as_the_table_cards_print_it():
    movement = mitchell(3, boards_per_round=2)
    # Round 2: EW pairs have moved up a table and the boards down one.
    assert [(e.table, e.ns, e.ew, e.boards) for e in movement.encounters_in_round(2)] == [
        (1, 1, 3, (3, 4)),
        (2, 2, 1, (5, 6)),
        (3, 3, 2, (1, 2)),
    ]
    assert movement.position(("EW", 1), 3) == movement.encounter(3, 3)


def test_a_four_table_skip_mitchell_skips_after_half_the_rounds():
    movement = mitchell(4, boards_per_round=1)
    assert [movement.encounter(r, 1).ew for r in (1, 2, 3)] == [1, 4, 2]
    assert [movement.encounter(r, 1).board_set for r in (1, 2, 3)] == [1, 2, 3]


def test_an_arrow_switch_turns_the_ew_field_north_south_on_its_rounds():
    movement = mitchell(5, arrow_switch_rounds=(5,))
    encounter = movement.encounter(5, 2)
    assert encounter.arrow_switched
    assert movement.sides(encounter) == (("EW", encounter.ew), ("NS", 2))
    assert not movement.encounter(4, 2).arrow_switched


def test_a_half_table_names_its_phantom_and_its_opponents_sit_out():
    movement = mitchell(5, phantom=("EW", 5))
    sitting_out = [e for e in movement.encounters if movement.sits_out(e)]
    assert len(sitting_out) == movement.rounds
    assert all(e.ew == 5 for e in sitting_out)


def test_an_odd_howell_plays_with_a_phantom_pair():
    movement = howell(7)
    assert movement.phantom == ("", 8)
    assert sum(movement.sits_out(e) for e in movement.encounters) == movement.rounds


@pytest.mark.parametrize("pairs", [p for p in HOWELL_SIZES if p % 2 == 0 and p < 12])
def test_a_howell_up_to_ten_pairs_is_complete(pairs):
    movement = howell(pairs)
    assert movement.kind == HOWELL and movement.rounds == pairs - 1
    for plays in _by_pair(movement).values():
        assert len({opponent for _, opponent in plays}) == pairs - 1
        assert {encounter.board_set for encounter, _ in plays} == set(range(1, pairs))


@pytest.mark.parametrize(("pairs", "rounds"), [(12, 9), (14, 10), (16, 12)])
def test_from_twelve_pairs_the_default_is_the_three_quarter_howell(pairs, rounds):
    assert howell_default_rounds(pairs) == rounds
    assert howell(pairs).rounds == rounds


@pytest.mark.parametrize("pairs", [8, 12, 14, 16])
def test_howells_that_need_no_relay_have_none(pairs):
    assert not howell(pairs).shares


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mitchell(2), "tables must be 3..30, not 2"),
        (lambda: mitchell(5, rounds=6), "rounds must be 1..5, not 6"),
        (lambda: mitchell(5, boards_per_round=0), "boards_per_round must be 1..8, not 0"),
        (lambda: mitchell("5"), "tables must be a whole number, not '5'"),
        (lambda: mitchell(6, even="bye"), "even must be one of skip, relay"),
        (lambda: mitchell(5, arrow_switch_rounds=(9,)), "an arrow-switch round must be 1..5, not 9"),
        (lambda: mitchell(5, phantom=("EW", 6)), "pair \\('EW', 6\\) is not in this movement"),
        (lambda: howell(17), "pairs must be 4..16, not 17"),
        (lambda: howell(3), "pairs must be 4..16, not 3"),
        (lambda: howell(8, rounds=8), "rounds must be 1..7, not 8"),
        (lambda: mitchell(5).encounter(6, 1), "round must be 1..5, not 6"),
        (lambda: mitchell(5).encounter(1, 0), "table must be 1..5, not 0"),
        (lambda: howell(8).position(9, 1), "pair 9 is not in this movement"),
    ],
)
def test_impossible_movements_and_questions_name_the_argument(call, message):
    with pytest.raises(MovementError, match=message):
        call()


def test_a_movement_is_the_same_every_time_it_is_built():
    assert mitchell(7, boards_per_round=3) == mitchell(7, boards_per_round=3)
    assert howell(10) == howell(10)
