"""The refresh benchmark's night answers as the bench says it does: each kind of request gets
the status it is timed for (a 204 for an unchanged poll or refresh, a fresh 200 after a result)."""

from __future__ import annotations

import pytest

from bench.refresh_child import Night

pytestmark = pytest.mark.django_db


def test_each_kind_of_request_the_bench_times_gets_the_answer_it_is_timed_for():
    night = Night(tables=3, rounds=2)  # the suite settles each send as it is answered; the bench after
    samples: dict = {}
    for _ in range(6):  # round 1 whole, and each table's first board of round 2
        night.play_one(samples)
    statuses = {kind: {row[2] for row in rows} for kind, rows in samples.items()}
    assert statuses == {
        "floor: a 404": {404},
        "a 404 through ASGI (a push channel's server)": {404},
        "a table's send": {201},
        "public session page, changed (first reader)": {200},
        "public session page, unchanged": {200},
        "standings poll, changed (first reader)": {200},
        "standings poll, changed (other readers)": {200},
        "standings poll, unchanged": {204},
        "table refresh, changed": {200},
        "table refresh, unchanged": {204},
        # A table's own stamp: in a round another table's result changes nothing it shows;
        # between rounds it shows the standings, which the result moved.
        "table refresh, another table's result (in a round)": {204},
        "table refresh, another table's result (between rounds)": {200},
    }
