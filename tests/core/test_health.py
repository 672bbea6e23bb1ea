"""``/healthz`` for a process supervisor: 200 when the database answers with every migration
applied, 503 with the reason otherwise; no login, nothing written, two queries."""

from __future__ import annotations

import random

import pytest
from django.db import OperationalError
from django.db.migrations.recorder import MigrationRecorder

from tournaments.core.selectors import health as health_selector
from tournaments.night.models import Board

pytestmark = pytest.mark.django_db


def test_a_healthy_site_answers_200_in_two_queries_without_a_cookie(client, django_assert_num_queries):
    health_selector.migrations_planned()  # read once a process, from disk: not a query
    with django_assert_num_queries(2):  # the applied migrations, the analyses' queue
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"status": "ok", "pending_migrations": 0, "analysis_queue": 0}
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


def test_it_takes_no_writes(client):
    assert client.post("/healthz").status_code == 405
