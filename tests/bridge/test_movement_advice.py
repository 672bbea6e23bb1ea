"""The movement suggested for a night's pairs: one every pair plays in, as the builders make it."""

from __future__ import annotations

import pytest

from tournaments.bridge.movement_advice import advice_movement, movement_advice


@pytest.mark.parametrize(
    ("pairs", "kind", "tables", "rounds", "boards_per_round", "sit_out"),
    [
        (4, "howell", 2, 3, 8, False),
        (5, "howell", 3, 5, 5, True),
        (7, "howell", 4, 7, 3, True),
        (8, "howell", 4, 7, 3, False),
        (9, "mitchell", 5, 5, 5, True),
        (12, "mitchell", 6, 6, 4, False),
        (15, "mitchell", 8, 8, 3, True),
    ],
)
def test_the_advice_for_a_number_of_pairs(pairs, kind, tables, rounds, boards_per_round, sit_out):
    advice = movement_advice(pairs)
    assert advice is not None
    assert (advice.kind, advice.tables, advice.rounds, advice.boards_per_round, advice.sit_out) == (
        kind,
        tables,
        rounds,
        boards_per_round,
        sit_out,
    )


@pytest.mark.parametrize("pairs", range(4, 31))
def test_every_advice_is_a_movement_every_booked_pair_plays_in(pairs):
    advice = movement_advice(pairs)
    assert advice is not None
    movement = advice_movement(advice)
    assert (movement.tables, movement.rounds) == (advice.tables, advice.rounds)
    playing = [pair for pair in movement.pair_numbers() if pair != movement.phantom]
    assert len(playing) == pairs
    for pair in playing:  # every real pair sits somewhere in round 1 unless its opponent is the phantom
        encounter = movement.position(pair, 1)
        assert encounter is not None


@pytest.mark.parametrize("pairs", [0, 1, 3])
def test_fewer_than_four_pairs_have_no_movement(pairs):
    assert movement_advice(pairs) is None
