"""The ratings after finishes: owed by the finish, refitted after it, equal to a full refit.

The suite runs jobs inline, so it refits inside the finish; the tests of the queue
(``job_queue``) leave the refit a job that waits, and run it when they say, as a worker
would a moment later.
"""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import call_command
from django.db import DatabaseError

from tournaments.bridge.season.rating import rate_players
from tournaments.core.models import Club
from tournaments.night.models import Result, ScoringMethod, Standing
from tournaments.night.services.movement import session_finish, session_reopen
from tournaments.night.services.results import ResultEntry, result_correct
from tournaments.season.models import PlayerRating, RatedSession, RatingDue, RatingSnapshot, RatingState
from tournaments.season.services import rating_queue, rating_refit

from .conftest import played_night

pytestmark = pytest.mark.django_db

# How close the refitted ratings are to a full refit, in rating points (docs/decisions.md).
TOLERANCE = 1e-3


def full_refit() -> dict[int, float]:
    """Every finished matchpoint session's standings, fitted at once by the plain reference."""
    from tournaments.season.services.ratings import rated_sessions

    return {
        player: rated.rating for player, rated in rate_players([rows for _, rows in rated_sessions()]).items()
    }


def assert_ratings_are_the_full_refit() -> None:
    stored = dict(PlayerRating.objects.values_list("player_id", "rating"))
    assert stored == pytest.approx(full_refit(), abs=TOLERANCE)


REFIT_JOB = rating_queue.ratings_refit.module_path


def test_ratings_after_a_season_of_finishes_equal_a_full_refit(nights, club):
    for day in (23, 24, 25):
        played_night(club, day, [("Ann", "Dan"), ("Bob", "Eve"), ("Cat", "Gus"), ("Fay", "Hal")], [8, 12])
    assert_ratings_are_the_full_refit()
    assert RatedSession.objects.count() == 6 and not RatingDue.objects.exists()


def test_the_finish_only_owes_the_refit_and_a_job_does_it_after_the_delay(nights, club, job_queue):
    before = dict(PlayerRating.objects.values_list("player_id", "rating"))
    session_finish(session=nights[3])
    assert RatingDue.objects.filter(session_id=nights[3].pk).exists()
    (waiting,) = job_queue.rows(REFIT_JOB)
    assert (waiting.run_after - waiting.enqueued_at).total_seconds() == pytest.approx(2.0, abs=0.5)
    job_queue.run_due()  # what is due at once runs (the leads' analysis, decision 0079)
    (waiting,) = job_queue.rows(REFIT_JOB)
    assert waiting.status == "READY"  # the refit is not due before its delay
    assert dict(PlayerRating.objects.values_list("player_id", "rating")) == before  # not yet
    job_queue.run_waiting()
    assert not RatingDue.objects.exists()
    assert_ratings_are_the_full_refit()
    assert RatingSnapshot.objects.filter(session=nights[3]).count() == 4


def test_many_finishes_in_a_short_time_share_one_refit(club, job_queue):
    names = [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")]
    nights = [played_night(club, day, names, [9, 10], finish=False) for day in (1, 8, 15)]
    for night in nights:
        session_finish(session=night)
    assert len(job_queue.rows(REFIT_JOB)) == 1
    assert RatingDue.objects.filter(session_id__in=[n.pk for n in nights]).count() >= 3
    job_queue.run_waiting()
    assert not RatingDue.objects.exists()
    assert_ratings_are_the_full_refit()
    # Each night's snapshot is the fit up to it: the refit counted them one after another, in date order.
    first = dict(RatingSnapshot.objects.filter(session=nights[0]).values_list("player_id", "rating"))
    from tournaments.season.services.ratings import rated_sessions

    alone = rate_players([rows for session, rows in rated_sessions() if session.pk == nights[0].pk])
    assert first == pytest.approx({player: rated.rating for player, rated in alone.items()}, abs=TOLERANCE)


def test_the_refit_job_run_twice_refits_once(nights, club, job_queue):
    """Run again (a retry, a worker that died after the refit), the job finds nothing owed."""
    session_finish(session=nights[3])
    job_queue.run_waiting()
    (row,) = job_queue.rows(REFIT_JOB)
    assert row.status == "SUCCESSFUL" and row.return_value >= 1
    ratings = dict(PlayerRating.objects.values_list("player_id", "rating"))

    assert rating_queue.ratings_refit.call() == 0

    assert dict(PlayerRating.objects.values_list("player_id", "rating")) == ratings
    assert_ratings_are_the_full_refit()


def test_a_refit_that_fails_is_retried_by_the_queue_and_its_rows_stay_owed(
    nights,
    club,
    job_queue,
    monkeypatch,
):
    failures = []
    original = rating_queue.ratings_refit_owed

    def fails_once():
        if not failures:
            failures.append("statement timeout")
            raise DatabaseError("canceling statement due to statement timeout")
        return original()

    monkeypatch.setattr(rating_queue, "ratings_refit_owed", fails_once)
    session_finish(session=nights[3])
    (row,) = job_queue.rows(REFIT_JOB)
    row.run_after = row.enqueued_at
    row.save(update_fields=["run_after"])
    job_queue.run_due()
    row.refresh_from_db()
    assert row.status == "READY" and "statement timeout" in row.traceback  # the admin shows why
    assert (row.run_after - row.started_at).total_seconds() >= rating_queue.RETRY_AFTER[0]
    assert RatingDue.objects.filter(session_id=nights[3].pk).exists()

    job_queue.run_waiting()
    row.refresh_from_db()
    assert row.status == "SUCCESSFUL" and len(row.worker_ids) == 2
    assert not RatingDue.objects.exists()
    assert_ratings_are_the_full_refit()


def test_a_correction_after_the_finish_refits_again(nights):
    result = Result.objects.filter(board__session=nights[0]).order_by("pk").first()
    before = PlayerRating.objects.get(player=result.ns_pair.player1).rating
    result_correct(result=result, entry=ResultEntry(result.ns_pair, result.ew_pair, "4S", "N", "7"))
    assert PlayerRating.objects.get(player=result.ns_pair.player1).rating < before
    assert_ratings_are_the_full_refit()


def test_a_reopened_session_leaves_the_ratings_until_it_finishes_again(nights):
    session_reopen(session=nights[2])
    assert not RatedSession.objects.filter(session_id=nights[2].pk).exists()
    assert_ratings_are_the_full_refit()
    session_finish(session=nights[2])
    assert_ratings_are_the_full_refit()


def test_another_clubs_history_is_counted_as_before(nights, club):
    """Ann plays at Hillside too (one person: the pair names her row); both clubs' nights count."""
    ann = nights[0].pairs.get(number=1).player1
    other = Club.objects.create(name="Hillside", slug="hillside")
    night = played_night(
        other, 2, [("Ike", "Jo"), ("Kim", "Lu"), ("Mo", "Ned"), ("Oz", "Pat")], [11, 7], finish=False
    )
    night.pairs.filter(number=1).update(player1=ann)
    session_finish(session=night)
    assert PlayerRating.objects.get(player=ann).sessions == 4  # three here, one there
    assert_ratings_are_the_full_refit()


def test_an_imp_session_owes_nothing(club):
    night = played_night(club, 1, [("Ann", "Bob"), ("Cat", "Dan")], [10], finish=False)
    night.scoring = ScoringMethod.CROSS_IMPS
    night.save(update_fields=["scoring"])
    session_finish(session=night)
    assert not RatingDue.objects.exists() and not PlayerRating.objects.exists()


def test_a_refit_that_finds_another_stored_meanwhile_starts_again(nights, club, monkeypatch):
    original = rating_refit._work
    calls = []

    def another_process_stores_first(plan):
        calls.append(plan.version)
        if len(calls) == 1:
            RatingState.objects.filter(pk=1).update(version=plan.version + 1)
        return original(plan)

    monkeypatch.setattr(rating_refit, "_work", another_process_stores_first)
    played_night(club, 23, [("Ann", "Gus"), ("Bob", "Hal")], [12])
    assert len(calls) == 2 and calls[1] == calls[0] + 1
    assert not RatingDue.objects.exists()
    assert_ratings_are_the_full_refit()


def test_the_command_does_the_refits_owed(nights, club, job_queue):
    session_finish(session=nights[3])  # no worker: the refit is only owed
    out = io.StringIO()
    call_command("rate_players", "--owed", stdout=out)
    assert out.getvalue().startswith("Did ")
    assert not RatingDue.objects.exists()
    assert_ratings_are_the_full_refit()


def test_a_session_counted_after_a_later_one_gets_the_fit_up_to_its_date(nights, club):
    early = played_night(club, 2, [("Ann", "Bob"), ("Cat", "Dan")], [10], finish=False)
    early.date = datetime.date(2026, 8, 1)
    early.save(update_fields=["date"])
    session_finish(session=early)
    snapshot = dict(RatingSnapshot.objects.filter(session=early).values_list("player_id", "rating"))
    rows = [
        (r[0], r[1], r[2], r[3])
        for r in Standing.objects.filter(session=early).values_list(
            "pair__player1_id", "pair__player2_id", "percentage", "boards_played"
        )
    ]
    alone = rate_players([[((a, b), pct, "", boards) for a, b, pct, boards in rows]])
    assert snapshot == pytest.approx({player: rated.rating for player, rated in alone.items()}, abs=TOLERANCE)
    assert_ratings_are_the_full_refit()
