"""The finish benchmark's history and its two finishes, small: what it times is what it says.

Its history must be finished nights the ratings count; the old finish must leave nothing
behind (it is rolled back after timing); the new one must only owe the refit.
"""

from __future__ import annotations

import pytest

from bench.bench_finish import RESULTS_A_NIGHT, History, new_finish, old_finish
from tests.queue import DATABASE_BACKEND
from tournaments.night.models import Session, SessionState, Standing
from tournaments.season.models import PlayerRating, RatingDue
from tournaments.season.services.rating_refit import ratings_refit_owed

pytestmark = pytest.mark.django_db


def test_the_history_is_finished_nights_and_the_two_finishes_do_what_they_time(settings):
    history = History(seed=1)
    history.grow_to(3 * RESULTS_A_NIGHT)
    assert Standing.objects.filter(session__state=SessionState.FINISHED).count() == history.results == 72
    ratings_refit_owed(everything=True)
    before = sorted(PlayerRating.objects.values_list("player_id", "rating"))
    night = history.night_in_play()
    assert old_finish(night) > 0
    assert Session.objects.get(pk=night).state == SessionState.PLAY  # rolled back
    assert sorted(PlayerRating.objects.values_list("player_id", "rating")) == before
    settings.TASKS = DATABASE_BACKEND  # the refit a job that waits, as on the site
    elapsed, statements = new_finish(night)
    assert elapsed > 0 and statements > 0
    assert Session.objects.get(pk=night).state == SessionState.FINISHED
    assert RatingDue.objects.filter(session_id=night).exists()
