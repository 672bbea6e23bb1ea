"""Two app servers, each its own host, take the tables' sends of one session on one PostgreSQL.

Each server (granian, as in production) has its own processes; the rescoring is a job of the
task queue that each send asks for in its own transaction (night/services/settle_soon.py),
run by a worker process of its own: no memory is shared, only the database. The tables of
a round send to both servers alternately (table 1 to the first, table 2 to the second,
...), all at once, and each table then sends its first board again through the other
server, as a phone retrying behind a load balancer would. Nothing may be lost or doubled,
and once the worker has settled, the stored standings must equal a recomputation from the
results.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import connection

from bench.table_entry_server import DEFAULT_SERVER, free_port, serve, stop, wait_until_up
from bench.table_entry_session import standings_mismatches
from tests.conftest import seated_mitchell
from tests.queue import DATABASE_BACKEND
from tournaments.night.models import Board, Result, TableSubmission
from tournaments.night.selectors import movements as movement_selectors

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="two servers share one PostgreSQL database"),
    pytest.mark.django_db(transaction=True),
]

ROOT = Path(__file__).resolve().parents[2]
SERVER = DEFAULT_SERVER  # the production server (granian): its threads run the settles after each answer
_CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
TABLES, BOARDS_PER_ROUND, ROUNDS = 6, 2, 2


def _database_url() -> str:
    settings = connection.settings_dict
    user, host, port = (
        settings["USER"] or "postgres",
        settings["HOST"] or "127.0.0.1",
        settings["PORT"] or 5432,
    )
    password = f":{settings['PASSWORD']}" if settings["PASSWORD"] else ""
    return f"postgres://{user}{password}@{host}:{port}/{settings['NAME']}"


@pytest.fixture
def two_servers(tmp_path):
    """Two servers on two ports against the test database, and a worker settling after 0.2 s of quiet."""
    (tmp_path / "two_servers_settings.py").write_text(
        "from clubscore.settings_test import *  # noqa: F403\n\nTABLE_SETTLE_DELAY = 0.2\n"
        f"TASKS = {DATABASE_BACKEND!r}\n"
    )
    env = os.environ | {
        "DATABASE_URL": _database_url(),
        "DJANGO_SETTINGS_MODULE": "two_servers_settings",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
        "CONN_MAX_AGE": "60",
        "LOG_LEVEL": "WARNING",
    }
    servers = []
    try:
        for index in range(2):
            port, log = free_port(), tmp_path / f"server-{index}.log"
            servers.append((serve(port, 1, 4, log, env=env, kind=SERVER), port, log))
        for process, port, log in servers:
            wait_until_up(process, port, log)
        worker = subprocess.Popen([sys.executable, "manage.py", "run_jobs"], cwd=ROOT, env=env)
        servers.append((worker, 0, tmp_path / "worker.log"))
        yield [port for _, port, _ in servers[:2]]
    finally:
        for process, _, _ in servers:
            stop(process)


def _post(port: int, path: str, body: dict) -> tuple[int, dict]:
    """Send one entry as the table's page does: open the page for its CSRF token, then POST."""
    connection_ = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection_.request("GET", path)
    response = connection_.getresponse()
    page = response.read().decode()
    cookie = next(
        c.split(";", 1)[0] for c in response.headers.get_all("Set-Cookie") if c.startswith("csrftoken=")
    )
    headers = {"Content-Type": "application/json", "Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
    headers["X-CSRFToken"] = _CSRF_INPUT.search(page).group(1)
    connection_.request("POST", path + "results/", body=json.dumps(body), headers=headers)
    response = connection_.getresponse()
    answer = response.status, json.loads(response.read())
    connection_.close()
    return answer


def _round_sends(session, round_: int) -> dict[int, tuple[str, list[dict]]]:
    """Each table's token and its bodies for ``round_`` (4S by North, 10 or 9 tricks)."""
    tokens = {access.table: access.token for access in session.table_accesses.all()}
    movement = movement_selectors.session_movement(session)
    seatings = movement_selectors.movement_rounds(session, movement, list(session.pairs.all()))[round_ - 1]
    return {
        seating.table: (
            tokens[seating.table],
            [
                {"key": f"two-servers-{seating.table}-{number}", "round": round_, "board": number}
                | {
                    "contract": "4S",
                    "declarer": "N",
                    "tricks": str(9 + (number + seating.table) % 2),
                    "lead": "",
                }
                for number in seating.boards
            ],
        )
        for seating in seatings
    }


def _wait_until_settled(session, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not Board.objects.filter(session=session, needs_scoring=True).exists():
            return True
        time.sleep(0.05)
    return False


def test_two_servers_lose_nothing_double_nothing_and_keep_the_standings_right(club, two_servers):
    session = seated_mitchell(
        club, tables=TABLES, boards_per_round=BOARDS_PER_ROUND, rounds=ROUNDS, start=True
    )
    answers: list[tuple[int, int, dict]] = []

    def table(number: int, token: str, bodies: list[dict]) -> None:
        port = two_servers[number % 2]
        for body in bodies:
            answers.append((number, *_post(port, f"/table/{token}/", body)))
        # The phone retries its first board through the other server: answered, not stored again.
        answers.append((number, *_post(two_servers[(number + 1) % 2], f"/table/{token}/", bodies[0])))

    for round_ in range(1, ROUNDS + 1):
        threads = [
            threading.Thread(target=table, args=(number, token, bodies))
            for number, (token, bodies) in _round_sends(session, round_).items()
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)

    stored = [status for _, status, _ in answers if status == 201]
    repeated = [answer for _, status, answer in answers if status == 200]
    assert len(stored) == TABLES * BOARDS_PER_ROUND * ROUNDS, answers
    assert len(repeated) == TABLES * ROUNDS and all(answer["repeated"] for answer in repeated)
    assert _wait_until_settled(session), "the servers did not rescore the session"
    assert Result.objects.filter(board__session=session).count() == len(stored)
    assert TableSubmission.objects.filter(session=session).count() == len(stored)
    assert session.standings.count() == 2 * TABLES
    assert standings_mismatches(session) == []
