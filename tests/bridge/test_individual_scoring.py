"""Individual standings: a hand-scored round, the field's mean, missing results, refusals."""

from __future__ import annotations

import random

import pytest

from tournaments.bridge.individual import MovementError, individual
from tournaments.bridge.individual_scoring import individual_standings


def test_one_round_scored_by_hand() -> None:
    """3 tables, round 1, one shared board: T1 N12 E1 S9 W11, T2 N2 E7 S8 W4, T3 N3 E6 S5 W10.

    NS 420, 170, -50: NS 100%, 50%, 0%; EW 0%, 50%, 100%. Each player takes his side's."""
    m = individual(3, 1, rounds=1)
    standings = individual_standings(m, {(1, 1, 1): 420, (1, 2, 1): 170, (1, 3, 1): -50})
    by_player = {line.player: line for line in standings}
    assert {p for p, line in by_player.items() if line.percentage == 100.0} == {12, 9, 6, 10}
    assert {p for p, line in by_player.items() if line.percentage == 50.0} == {2, 8, 7, 4}
    assert {p for p, line in by_player.items() if line.percentage == 0.0} == {1, 11, 3, 5}
    assert [(line.player, line.place, line.tied) for line in standings[:5]] == [
        (6, 1, True), (9, 1, True), (10, 1, True), (12, 1, True), (2, 5, True),
    ]  # fmt: skip
    assert (by_player[12].matchpoints, by_player[12].top, by_player[12].boards) == (2.0, 2.0, 1)


@pytest.mark.parametrize("tables", range(3, 9))
def test_the_field_averages_fifty(tables: int) -> None:
    """Every board's two sides share 100%, and everyone plays the same number of boards."""
    m = individual(tables, 1, rounds=3)
    rng = random.Random(tables)
    scores = {
        (s.round, s.table, b): rng.choice([-100, 110, 140, 420, 620]) for s in m.seatings for b in s.boards
    }
    standings = individual_standings(m, scores)
    assert len(standings) == m.players and {line.boards for line in standings} == {3}
    mean = sum(line.percentage or 0 for line in standings) / m.players
    assert mean == pytest.approx(50.0)
    assert [line.place for line in standings] == sorted(line.place for line in standings)


def test_a_missing_result_and_a_player_without_boards() -> None:
    m = individual(5, 1, rounds=1)  # Rainbow: each table its own board, so one result a board
    standings = individual_standings(m, {(1, 1, 1): 100})
    by_player = {line.player: line for line in standings}
    assert by_player[1].percentage == 50.0 and by_player[6].percentage == 50.0  # alone on board 1
    assert by_player[2].percentage is None and by_player[2].boards == 0
    assert standings[-1].percentage is None


def test_a_score_where_the_board_is_not_played_is_refused() -> None:
    m = individual(5, 1, rounds=1)
    with pytest.raises(MovementError, match="round 1 table 2 does not play board 1"):
        individual_standings(m, {(1, 2, 1): 100})


def test_a_board_with_a_table_unscored_is_scaled_to_the_full_board_by_neuberg() -> None:
    """Round 1's shared board, table 3 adjusted (no score): NS 420 beats 170 among two results,
    1 matchpoint of 1; on the board of three it weighs (1 + 0.5) * 3 / 2 - 0.5 = 1.75 of 2,
    87.5%, and the loser's 0 weighs 0.25, 12.5% (EBU/WBF Neuberg, as a pairs night's)."""
    m = individual(3, 1, rounds=1)
    by_player = {line.player: line for line in individual_standings(m, {(1, 1, 1): 420, (1, 2, 1): 170})}
    assert {p: by_player[p].percentage for p in (12, 9, 1, 11)} == {12: 87.5, 9: 87.5, 1: 12.5, 11: 12.5}
    assert {p: by_player[p].percentage for p in (2, 8, 7, 4)} == {2: 12.5, 8: 12.5, 7: 87.5, 4: 87.5}
    assert (by_player[12].matchpoints, by_player[12].top) == (1.75, 2.0)
    assert by_player[3].boards == 0 and by_player[3].percentage is None  # table 3 unscored
