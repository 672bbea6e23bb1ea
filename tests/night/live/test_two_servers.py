"""Two app servers, one Redis: a result sent through one is seen at once by a poll through the other.

Each server (granian, as in production) keeps nothing the other can see but the database and
the shared cache: the first server keeps the session's stamp in Redis while its readers
poll, the second stores a table's result and has Redis forget it, and the first server's
next poll, holding the old stamp, gets the new standings; the table's refresh its new state.
Without a shared cache the same holds, each poll reading the stamp from the database.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import uuid
from pathlib import Path

import pytest
from django.db import connection

from bench.table_entry_server import DEFAULT_SERVER, free_port, serve, stop, wait_until_up
from tests.conftest import seated_mitchell
from tests.night.live.conftest import REDIS_URL, _forget_prefix, _redis_answers
from tests.night.test_two_app_servers import _database_url, _post
from tournaments.night.models import TableAccess
from tournaments.night.selectors import movements as movement_selectors

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="two servers share one PostgreSQL database"),
    pytest.mark.django_db(transaction=True),
]

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(params=["redis", "no shared cache"])
def two_servers(request, tmp_path):
    """Two servers against the test database, with (or without) one Redis under a prefix of their own."""
    prefix = f"test-two-servers-{uuid.uuid4().hex[:12]}"
    lines = ["from clubscore.settings_test import *  # noqa: F403"]
    env = os.environ | {
        "DATABASE_URL": _database_url(),
        "DJANGO_SETTINGS_MODULE": "two_servers_cached_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
        "CONN_MAX_AGE": "60",
        "LOG_LEVEL": "WARNING",
    }
    env.pop("CACHE_URL", None)
    if request.param == "redis":
        if not _redis_answers():
            pytest.skip("no Redis at 127.0.0.1:6379")
        env["CACHE_URL"] = REDIS_URL
        lines.append(f'CACHES["default"]["KEY_PREFIX"] = {prefix!r}  # noqa: F405')
        lines.append("CLUBSCORE_SHARED_CACHE = True")
    (tmp_path / "two_servers_cached_settings.py").write_text("\n".join(lines) + "\n")
    servers = []
    try:
        for index in range(2):
            port, log = free_port(), tmp_path / f"server-{index}.log"
            servers.append((serve(port, 1, 2, log, env=env, kind=DEFAULT_SERVER), port, log))
        for process, port, log in servers:
            wait_until_up(process, port, log)
        yield [port for _, port, _ in servers], prefix if request.param == "redis" else None
    finally:
        for process, _, _ in servers:
            stop(process)
        if request.param == "redis":
            _forget_prefix(prefix)


def _get(port: int, path: str) -> tuple[int, str]:
    connection_ = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection_.request("GET", path)
    response = connection_.getresponse()
    answer = response.status, response.read().decode()
    connection_.close()
    return answer


def test_a_result_sent_through_one_server_is_seen_by_a_poll_through_the_other(club, two_servers):
    (first, second), prefix = two_servers
    session = seated_mitchell(club, start=True)
    token = TableAccess.objects.get(session=session, table=1).token
    standings, state = f"/session/{session.pk}/standings/", f"/table/{token}/state/"
    status, body = _get(first, standings)
    stamp = re.search(r'data-stamp="([0-9a-f]+)"', body).group(1)
    status, state_body = _get(first, state)
    state_stamp = json.loads(state_body)["stamp"]
    assert _get(first, f"{standings}?since={stamp}")[0] == 204
    assert _get(first, f"{state}?since={state_stamp}")[0] == 204
    if prefix:  # the stamp the second server's write must have Redis forget
        import redis

        assert redis.Redis.from_url(REDIS_URL).keys(f"{prefix}:*:clubscore:stamp:default:{session.pk}")

    board = min(movement_selectors.session_movement(session).encounter(1, 1).boards)
    body = {"key": "two-servers-cached", "round": 1, "board": board, "contract": "4S", "declarer": "N"}
    status, answer = _post(second, f"/table/{token}/", body | {"tricks": "10", "lead": ""})
    assert status == 201, answer

    status, fresh = _get(first, f"{standings}?since={stamp}")
    assert status == 200 and re.search(r'data-stamp="([0-9a-f]+)"', fresh).group(1) != stamp
    status, moved = _get(first, f"{state}?since={state_stamp}")
    assert status == 200
    entered = [b["entered"] for b in json.loads(moved)["round"]["boards"] if b["number"] == board]
    assert entered and entered[0] is not None
