"""``db.ratings.rated_rows`` reads what the ORM reads: every standing with a board played, by session."""

from __future__ import annotations

import numpy as np
import pytest

from tests.season.conftest import played_night
from tournaments.db.ratings import rated_rows
from tournaments.night.models import Movement, Standing

pytestmark = pytest.mark.django_db


def test_the_rows_are_the_standings_that_played_with_their_pairs_and_fields(club):
    howell = played_night(club, 1, [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")], [10, 8])
    mitchell = played_night(club, 8, [("Ann", "Cat"), ("Bob", "Dan")], [9], finish=False)
    mitchell.movement = Movement.MITCHELL
    mitchell.save(update_fields=["movement"])
    mitchell.pairs.filter(number=2).update(direction="EW", player2=None)
    in_play = played_night(club, 15, [("Ann", "Dan"), ("Bob", "Cat")], [11], finish=False)
    Standing.objects.filter(session=in_play).update(boards_played=0)  # a pair that played nothing
    expected = sorted(
        (
            session,
            1 if movement == Movement.MITCHELL and direction == "EW" else 0,
            first,
            second,
            percentage,
            boards,
        )
        for session, movement, direction, first, second, percentage, boards in Standing.objects.filter(
            session__in=[howell, mitchell], boards_played__gt=0
        ).values_list(
            "session_id",
            "session__movement",
            "pair__direction",
            "pair__player1_id",
            "pair__player2_id",
            "percentage",
            "boards_played",
        )
    )
    assert sorted(rated_rows([howell.pk, mitchell.pk, in_play.pk])) == expected
    assert any(row[3] is None for row in expected) and any(row[1] == 1 for row in expected)
    assert sorted(rated_rows()) == [row for row in expected if row[0] == howell.pk]  # finished only


def test_the_columns_are_the_finished_rows_a_lone_player_named_twice(club):
    from tournaments.db.ratings import rated_columns

    howell = played_night(club, 1, [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")], [10, 8])
    mitchell = played_night(club, 8, [("Ann", "Cat"), ("Bob", "Dan")], [9])
    mitchell.movement = Movement.MITCHELL
    mitchell.save(update_fields=["movement"])
    mitchell.pairs.filter(number=2).update(direction="EW", player2=None)
    played_night(club, 15, [("Ann", "Dan"), ("Bob", "Cat")], [11], finish=False)  # not counted
    columns = rated_columns()
    names = ("session", "field", "first", "second", "percentage", "boards")
    got = sorted(zip(*(columns[name].tolist() for name in names), strict=True))
    expected = sorted(
        (session, field, first, first if second is None else second, percentage, float(boards))
        for session, field, first, second, percentage, boards in rated_rows()
    )
    assert got == expected and {row[0] for row in got} == {howell.pk, mitchell.pk}
    assert any(row[2] == row[3] for row in got) and any(row[1] == 1 for row in got)
    assert columns["session"].dtype == np.int64 and columns["percentage"].dtype == np.float64


def test_no_counted_result_is_empty_columns(club):
    from tournaments.db.ratings import rated_columns

    assert all(len(column) == 0 for column in rated_columns().values())
