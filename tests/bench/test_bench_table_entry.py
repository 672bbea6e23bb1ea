"""The table-entry benchmark's set-up and check, at 3 tables through the test client (no gunicorn).

The benchmark is only worth its figures if its sends are ones the site accepts and its
standings check catches standings that disagree with the results; both are checked here.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from tournaments.night.models import Result, Standing, TableSubmission

pytestmark = pytest.mark.django_db

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "bench_table_entry.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_table_entry", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


@pytest.fixture
def played(bench, client):
    """A 3-table session whose last round the tables have sent as the benchmark does."""
    setup = bench.bench_session(tables=3, rounds=3, boards_per_round=2)
    before = Result.objects.filter(board__session=setup.session).count()
    for table in setup.tables:
        for body in table.bodies:
            response = client.post(
                reverse("table_submit", args=[table.token]),
                data=json.dumps(body),
                content_type="application/json",
            )
            assert response.status_code == 201, response.content
    return setup, before


def test_the_benchmark_sends_the_last_round_of_a_session_with_the_others_in(played):
    setup, before = played
    assert setup.round == 3
    assert before == 3 * 2 * 2  # two rounds of 3 tables with 2 boards, entered at set-up
    assert len(setup.tables) == 3 and all(len(table.bodies) == 2 for table in setup.tables)
    assert Result.objects.filter(board__session=setup.session).count() == before + 6
    assert TableSubmission.objects.filter(session=setup.session).count() == 6


def test_the_standings_check_passes_after_the_sends_and_catches_a_wrong_standing(bench, played):
    setup, _ = played
    assert bench.standings_mismatches(setup.session) == []
    standing = Standing.objects.filter(session=setup.session).order_by("pk").first()
    Standing.objects.filter(pk=standing.pk).update(percentage=standing.percentage + 1)
    problems = bench.standings_mismatches(setup.session)
    assert len(problems) == 1 and f"pair {standing.pair_id}" in problems[0]


def test_the_standings_check_catches_a_result_whose_matchpoints_are_stale(bench, played):
    setup, _ = played
    result = Result.objects.filter(board__session=setup.session).order_by("pk").first()
    Result.objects.filter(pk=result.pk).update(ns_matchpoints=result.ns_matchpoints + 1)
    assert any(f"result {result.pk}" in problem for problem in bench.standings_mismatches(setup.session))
