"""``/healthz`` for a process supervisor: 200 when the database answers with every migration
applied and the task queue moves, 503 with the reason otherwise; no login, nothing written,
three queries."""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import OperationalError
from django.db.migrations.recorder import MigrationRecorder
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tournaments.core.selectors import health as health_selector
from tournaments.night.models import Board
from tournaments.night.services.settle_soon import session_settle

pytestmark = pytest.mark.django_db


def test_a_healthy_site_answers_200_in_two_queries_without_a_cookie(client, django_assert_num_queries):
    health_selector.migrations_planned()  # read once a process, from disk: not a query
    with django_assert_num_queries(3):  # the applied migrations, the task queue, the analyses' queue
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "status": "ok",
        "pending_migrations": 0,
        "jobs_oldest_waiting_seconds": 0,
        "jobs_failed_last_day": 0,
        "analysis_queue": 0,
    }
    assert not response.cookies
    assert "no-cache" in response["Cache-Control"]


def test_the_analysis_queue_counts_the_dealt_boards_still_waiting(client, mitchell_session):
    from tournaments.night.services.boards import boards_deal

    dealt = boards_deal(session=mitchell_session, count=6, rng=random.Random(7), background=False)
    Board.objects.filter(pk__in=[board.pk for board in dealt[:2]]).update(dd_tricks=None)
    Board.objects.create(session=mitchell_session, number=40)  # not dealt: nothing to analyse
    assert client.get("/healthz").json()["analysis_queue"] == 2


def test_a_migration_not_applied_answers_503_naming_it(client):
    latest = MigrationRecorder.Migration.objects.filter(app="tournaments").order_by("-name").first()
    latest.delete()
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["pending_migrations"] == 1
    assert f"tournaments.{latest.name}" in body["reason"]
    assert "manage.py migrate" in body["reason"]


def test_a_database_that_does_not_answer_is_503_naming_nothing_of_it_and_logs_the_detail(
    client, monkeypatch, caplog
):
    detail = 'connection to server at "db.internal" (10.0.0.7), port 5433 failed: role "clubscore_app"'

    def refuse() -> set[tuple[str, str]]:
        raise OperationalError(detail)

    monkeypatch.setattr(health_selector, "migrations_applied", refuse)
    with caplog.at_level("ERROR", logger="tournaments.core.views.health"):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "unavailable", "reason": "the database does not answer"}
    for secret in ("db.internal", "10.0.0.7", "5433", "clubscore_app"):
        assert secret not in response.content.decode()
    assert detail in caplog.text


def _job_waiting_since(seconds: float, *, status: str = "READY") -> DBTaskResult:
    """A job due ``seconds`` ago that no worker took (``status`` as given, finished then if failed)."""
    when = timezone.now() - datetime.timedelta(seconds=seconds)
    return DBTaskResult.objects.create(
        args_kwargs={"args": [1], "kwargs": {}},
        task_path=session_settle.module_path,
        backend_name="default",
        run_after=when,
        status=status,
        finished_at=when if status == "FAILED" else None,
    )


def test_the_queue_s_oldest_due_job_and_its_failures_are_reported(client, settings):
    settings.JOBS_STUCK_AFTER_SECONDS = 300
    _job_waiting_since(40)
    _job_waiting_since(-60)  # due in a minute: not waiting yet
    _job_waiting_since(3600, status="FAILED")
    _job_waiting_since(3 * 86400, status="FAILED")  # failed days ago: not today's news

    response = client.get("/healthz")

    assert response.status_code == 200
    body = response.json()
    assert 40 <= body["jobs_oldest_waiting_seconds"] < 300 and body["jobs_failed_last_day"] == 1


def test_a_queue_no_worker_takes_jobs_from_answers_503_saying_so(client, settings):
    settings.JOBS_STUCK_AFTER_SECONDS = 300
    _job_waiting_since(301)

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable" and body["jobs_oldest_waiting_seconds"] >= 301
    assert "task queue is stuck" in body["reason"] and "run_jobs" in body["reason"]


def test_it_takes_no_writes(client):
    assert client.post("/healthz").status_code == 405
