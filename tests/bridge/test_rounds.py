"""The rules of nights played round by round: the barometer's seating, the Swiss pairs' draw and VPs,
and the order rounds are published in."""

from __future__ import annotations

import itertools

import pytest

from tournaments.bridge.movements import MovementError
from tournaments.bridge.rounds import (
    BYE_VP,
    barometer,
    match_vps,
    published_rounds,
    round_boards,
    swiss_movement,
    swiss_pairs_draw,
)
from tournaments.bridge.teams.scoring import victory_points


@pytest.mark.parametrize("pairs", range(4, 25))
def test_a_full_barometer_meets_every_pair_once_and_plays_each_rounds_boards_everywhere(pairs):
    movement = barometer(pairs, 3)
    field = pairs + pairs % 2
    assert movement.rounds == field - 1 and movement.tables == field // 2
    met = [frozenset(encounter.pairs) for encounter in movement.encounters]
    assert len(set(met)) == len(met) == field * (field - 1) // 2
    for round_ in range(1, movement.rounds + 1):
        tables = movement.encounters_in_round(round_)
        seated = [pair for encounter in tables for pair in encounter.pairs]
        assert sorted(seated) == list(range(1, field + 1))  # everyone once a round
        assert {encounter.boards for encounter in tables} == {round_boards(round_, 3)}
    assert movement.boards_total() == 3 * (field - 1)
    assert movement.phantom == (field if pairs % 2 else None)


def test_a_short_barometer_plays_its_first_rounds():
    movement = barometer(10, 2, rounds=4)
    assert (movement.rounds, movement.board_sets, movement.boards_total()) == (4, 4, 8)
    assert movement.encounters == barometer(10, 2).encounters[: 4 * 5]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((3, 2), "pairs must be from 4 to 60, not 3"),
        ((62, 2), "pairs must be from 4 to 60, not 62"),
        ((8, 0), "boards a round must be from 1 up, not 0"),
        ((8, True), "boards a round must be a whole number, not True"),
    ],
)
def test_a_barometer_that_cannot_be_played_is_refused_by_name(arguments, message):
    with pytest.raises(MovementError, match=message):
        barometer(*arguments)
    with pytest.raises(MovementError, match="rounds must be from 1 to 7, not 8"):
        barometer(8, 2, rounds=8)


def test_a_swiss_movement_holds_the_rounds_drawn_and_counts_every_rounds_boards():
    draw = (((1, 2), (3, 4)), ((1, 3), (2, 4)))
    movement = swiss_movement(2, 2, 3, draw)
    assert (movement.rounds, movement.board_sets, movement.boards_total()) == (2, 3, 6)
    assert movement.encounter(2, 1).pairs == (1, 3) and movement.encounter(2, 1).boards == (3, 4)
    with pytest.raises(MovementError, match="round 3 is beyond"):
        movement.encounter(3, 1)
    with pytest.raises(MovementError, match="3 rounds are drawn of the movement's 2"):
        swiss_movement(2, 2, 2, (*draw, draw[0]))
    with pytest.raises(MovementError, match="round 1 is drawn at 1 tables, not 2"):
        swiss_movement(2, 2, 3, (((1, 2),),))


def test_the_first_swiss_round_follows_the_seeding():
    assert swiss_pairs_draw(3, [1, 2, 3, 4, 5, 6], {}, ()) == ((1, 2), (3, 4), (5, 6))


def test_the_swiss_draw_ranks_by_vps_and_avoids_a_rematch():
    first = ((1, 2), (3, 4), (5, 6))
    scores = {1: 8.0, 2: 12.0, 3: 15.0, 4: 5.0, 5: 10.0, 6: 10.0}
    second = swiss_pairs_draw(3, [1, 2, 3, 4, 5, 6], scores, (first,))
    # Ranked 3, 2, 5, 6, 1, 4: 3 meets 2, then 5 (who met 6) meets 1... top down, no rematch.
    assert second[0] == (3, 2)
    assert not {frozenset(table) for table in second} & {frozenset(table) for table in first}


def test_an_odd_swiss_gives_one_bye_a_pair_and_it_plays_the_phantom():
    pairs = [1, 2, 3, 4, 5]
    draw: list = []
    byes = []
    for _ in range(5):
        tables = swiss_pairs_draw(3, pairs, {}, tuple(draw))
        assert tables[-1][1] == 6  # the phantom, the number no pair is seated under
        byes.append(tables[-1][0])
        draw.append(tables)
    assert sorted(byes) == pairs  # no second bye while some pair had none


def test_a_swiss_pairs_for_the_wrong_number_of_pairs_is_refused():
    with pytest.raises(MovementError, match="3 tables seat 5 or 6 pairs, not 4"):
        swiss_pairs_draw(3, [1, 2, 3, 4], {}, ())


def test_no_swiss_round_of_a_full_field_repeats_a_match_while_it_can_be_avoided():
    pairs = list(range(1, 9))
    draw: list = []
    for round_ in range(7):
        scores = {pair: float((pair * 7 + round_ * 3) % 11) for pair in pairs}
        draw.append(swiss_pairs_draw(4, pairs, scores, tuple(draw)))
    met = [frozenset(table) for tables in draw for table in tables]
    assert len(met) == len(set(met)) == 28


@pytest.mark.parametrize(
    ("percentage", "vps"),
    [
        (50.0, (10.0, 10.0)),
        (60.0, (12.0, 8.0)),
        (100.0, (20.0, 0.0)),
        (0.0, (0.0, 20.0)),
        (62.345, (12.47, 7.53)),
    ],
)
def test_a_matchpoint_match_gives_each_pair_its_share_of_20_vps(percentage, vps):
    assert match_vps(percentage=percentage, boards=3) == vps
    assert sum(match_vps(percentage=percentage, boards=3)) == 20.0


@pytest.mark.parametrize(("imps", "boards"), list(itertools.product([0, 1, -3, 7.5, 30, -45], [2, 3, 4, 8])))
def test_an_imp_match_uses_the_wbf_scale_for_its_boards(imps, boards):
    assert match_vps(imps=imps, boards=boards) == victory_points(imps, boards)


@pytest.mark.parametrize(
    "arguments",
    [
        {"boards": 2},
        {"imps": 1, "percentage": 50, "boards": 2},
        {"percentage": 101, "boards": 2},
        {"imps": 1, "boards": 0},
    ],
)
def test_a_match_that_cannot_be_converted_is_refused(arguments):
    with pytest.raises(ValueError):
        match_vps(**arguments)


@pytest.mark.parametrize(
    ("complete", "published"),
    [
        ((), 0),
        ((False,), 0),
        ((True,), 1),
        ((True, False, True), 1),
        ((False, True, True), 0),
        ((True,) * 4, 4),
    ],
)
def test_rounds_are_published_in_order_a_late_round_holding_back_the_ones_after_it(complete, published):
    assert published_rounds(complete) == published


def test_a_bye_is_worth_12_vps_of_20():
    assert BYE_VP == 12.0


def test_an_odd_barometer_sits_out_at_the_last_table():
    movement = barometer(7, 2)
    for round_ in range(1, movement.rounds + 1):
        tables = movement.encounters_in_round(round_)
        assert 8 in tables[-1].pairs and all(8 not in encounter.pairs for encounter in tables[:-1])
