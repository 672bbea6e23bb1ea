"""``db.ratings.rated_rows`` reads what the ORM reads: every standing with a board played, by session."""

from __future__ import annotations

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
