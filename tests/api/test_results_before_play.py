"""The API refuses a result before play starts, as the desk and the tables' links do (issue 28, point 7)."""

from __future__ import annotations

import pytest

from tests.conftest import seated_mitchell
from tournaments.night.models import Result, SessionState

API = "/api/v1"
NOT_STARTED = "Play has not started yet: start play on the session page (4. Play) before entering results."


@pytest.mark.django_db
def test_a_result_sent_before_play_is_refused_until_play_is_started(api, club):
    session = seated_mitchell(club, tables=3)
    pairs = {(pair.direction, pair.number): pair.pk for pair in session.pairs.all()}
    body = {"board": 1, "ns_pair": pairs[("NS", 1)], "ew_pair": pairs[("EW", 1)], "contract": "3NT"}
    body.update(declarer="N", result="=")
    url = f"{API}/sessions/{session.pk}/results"

    refused = api.post(url, body, content_type="application/json")

    assert refused.status_code == 400
    assert refused.json() == {"detail": NOT_STARTED, "field": "session"}
    assert not Result.objects.exists()
    session.refresh_from_db()
    assert session.state == SessionState.PREPARATION
    started = api.post(f"{API}/sessions/{session.pk}/start")
    assert started.status_code == 200
    assert api.post(url, body, content_type="application/json").status_code == 201
