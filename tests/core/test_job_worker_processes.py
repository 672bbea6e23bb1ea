"""The queue's workers as the site runs them: processes of their own (``manage.py run_jobs``), killed with -9.

A site of its own, on a SQLite file the workers and this test share (``migrate`` once for
the module, copied for each test): the jobs are enqueued by a ``manage.py shell`` process,
as a web process would, and the test reads the queue's rows from the file. Each wait is
for a state of the database or of a file, bounded; none is a pause for a moment.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bench.bench_evening import _send_headers
from bench.table_entry_server import free_port

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120.0  # seconds: a bound on each wait for a state, never a pause
HOLD_JOB = "tests.core.queue_jobs.hold_then_record"
ANALYSIS_JOB = "tournaments.night.services.deal_analysis.session_boards_analyse"
SETTLE_JOB = "tournaments.night.services.settle_soon.session_settle"


def _environment(database: Path) -> dict[str, str]:
    return os.environ | {
        "DJANGO_SETTINGS_MODULE": "clubscore.settings",
        "DATABASE_URL": f"sqlite:///{database}",
        "SECRET_KEY": "a-key-for-the-queue-tests",
        "DEBUG": "0",
        "SECURE_COOKIES": "0",
        "BACKUP_AT": "",
        "JOBS_POLL_SECONDS": "0.02",
        "PYTHONPATH": str(ROOT),
    }


@pytest.fixture(scope="module")
def migrated(tmp_path_factory) -> Path:
    """A migrated site database, made once for the module's tests."""
    database = tmp_path_factory.mktemp("queue-site") / "db.sqlite3"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=_environment(database),
        check=True,
        timeout=300,
    )
    return database


@dataclass
class Site:
    """A copy of the migrated site: its database, its worker processes, and a shell to enqueue with."""

    database: Path
    workers: list[subprocess.Popen] = field(default_factory=list)

    def shell(self, code: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
            cwd=ROOT,
            env=_environment(self.database),
            capture_output=True,
            text=True,
            timeout=WAIT,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    def start_web(self, port: int) -> subprocess.Popen:
        """The site's web process alone (Django's server, one process, no reloader), no worker beside it."""
        web = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=_environment(self.database) | {"TABLE_SETTLE_DELAY": "0.2"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.workers.append(web)
        return web

    def start_worker(self) -> subprocess.Popen:
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "run_jobs"],
            cwd=ROOT,
            env=_environment(self.database),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.workers.append(worker)
        return worker

    def rows(self, task_path: str) -> list[dict]:
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=WAIT) as db:
            db.row_factory = sqlite3.Row
            found = db.execute(
                "SELECT status, worker_ids, exception_class_path FROM django_tasks_database_dbtaskresult"
                " WHERE task_path = ? ORDER BY enqueued_at",
                (task_path,),
            ).fetchall()
        return [dict(row) | {"worker_ids": json.loads(row["worker_ids"])} for row in found]

    def count(self, sql: str) -> int:
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=WAIT) as db:
            return db.execute(sql).fetchone()[0]

    def stop(self) -> None:
        """Stop the workers still running (a job held for the test's go would hold a SIGTERM)."""
        for worker in self.workers:
            if worker.poll() is None:
                worker.kill()
            worker.wait(WAIT)


def wait_for(state: Callable[[], bool], what: str) -> None:
    """Poll ``state`` until it holds, for at most ``WAIT`` seconds."""
    deadline = time.monotonic() + WAIT
    while not state():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.02)


@pytest.fixture
def site(migrated, tmp_path) -> Iterator[Site]:
    database = tmp_path / "db.sqlite3"
    shutil.copy(migrated, database)
    made = Site(database)
    yield made
    made.stop()


def test_a_worker_killed_mid_job_leaves_it_to_the_next_worker_which_does_it_once(site, tmp_path):
    folder = tmp_path / "job"
    folder.mkdir()
    site.shell(
        "from tests.core.queue_jobs import hold_then_record\n"
        "from tournaments.core.services.jobs import enqueue\n"
        f"enqueue(hold_then_record, {str(folder)!r})"
    )
    log = folder / "log"
    first = site.start_worker()
    wait_for(lambda: log.exists() and log.read_text() == "started\n", "the first worker to start the job")
    assert site.rows(HOLD_JOB)[0]["status"] == "RUNNING"

    first.send_signal(signal.SIGKILL)
    first.wait(WAIT)
    assert site.rows(HOLD_JOB)[0]["status"] == "RUNNING"  # as the dead worker left it

    site.start_worker()
    wait_for(lambda: log.read_text() == "started\nstarted\n", "the second worker to take the job up")
    (folder / "go").touch()
    wait_for(lambda: site.rows(HOLD_JOB)[0]["status"] == "SUCCESSFUL", "the job to end")

    assert log.read_text() == "started\nstarted\ndone\n"  # begun twice, done once
    (row,) = site.rows(HOLD_JOB)
    assert len(row["worker_ids"]) == 2 and str(first.pid) in row["worker_ids"][0].split(":")


def test_an_analysis_whose_worker_was_killed_is_finished_by_another_and_every_board_analysed(site):
    session_id = site.shell(
        "import datetime, random\n"
        "from tournaments.core.models import Club\n"
        "from tournaments.night.services.boards import boards_deal\n"
        "from tournaments.night.services.sessions import session_create\n"
        "club = Club.objects.create(name='Riverside', slug='riverside')\n"
        "day = datetime.date(2026, 11, 24)\n"
        "session = session_create(club=club, date=day, name='Long', movement='howell')\n"
        "boards_deal(session=session, count=24, rng=random.Random(1))\n"
        "print(session.pk)"
    )
    boards = f"SELECT count(*) FROM tournaments_board WHERE session_id = {int(session_id)}"
    analysed = f"{boards} AND dd_tricks IS NOT NULL"
    assert site.count(analysed) == 0 and site.rows(ANALYSIS_JOB)[0]["status"] == "READY"

    first = site.start_worker()
    wait_for(lambda: site.count(analysed) >= 2, "the first worker to analyse some boards")
    first.send_signal(signal.SIGKILL)
    first.wait(WAIT)
    left = 24 - site.count(analysed)
    assert left > 0, "the job ended before the kill: the test proved nothing"

    site.start_worker()
    wait_for(lambda: site.rows(ANALYSIS_JOB)[0]["status"] == "SUCCESSFUL", "the job to end")

    assert site.count(analysed) == 24
    (row,) = site.rows(ANALYSIS_JOB)
    assert len(row["worker_ids"]) == 2


def _post(port: int, path: str, body: dict) -> int:
    """Send a table's entry as its phone does, with the CSRF cookie of the table's page (also its token)."""
    headers = _send_headers(port, path.split("/")[2])
    headers |= {"X-CSRFToken": headers["Cookie"].partition("=")[2], "Content-Type": "application/json"}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        connection.request("POST", path, json.dumps(body), headers)
        return connection.getresponse().status
    finally:
        connection.close()


def _up(port: int) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/healthz")
        return connection.getresponse().status in (200, 503)
    except OSError:
        return False


def test_a_web_process_killed_after_the_tables_sends_leaves_their_rescoring_to_a_worker(site):
    """The sends commit with their rescoring's job: the web process holds nothing to lose.

    Every table sends its round-1 boards; the web process is killed with -9 as soon as the
    last answer is in, before any rescoring (no worker runs yet). A worker started after it
    rescores, once, and the standings equal a recomputation from the results.
    """
    world = json.loads(
        site.shell(
            "import json\n"
            "from tests.conftest import seated_mitchell\n"
            "from tournaments.core.models import Club\n"
            "from tournaments.night.models import TableAccess\n"
            "from tournaments.night.selectors.movements import session_movement\n"
            "club = Club.objects.create(name='Riverside', slug='riverside')\n"
            "session = seated_mitchell(club, start=True)\n"
            "movement = session_movement(session)\n"
            "links = {a.token: list(movement.encounter(1, a.table).boards)"
            " for a in TableAccess.objects.filter(session=session)}\n"
            "print(json.dumps({'session': session.pk, 'links': links}))"
        )
    )
    port = free_port()
    web = site.start_web(port)
    wait_for(lambda: _up(port), "the web process to answer")

    sent = [
        _post(
            port,
            f"/table/{token}/results/",
            {
                "key": f"kill-{token[:6]}-{board}",
                "round": 1,
                "board": board,
                "contract": "3NT",
                "declarer": "N",
                "tricks": "9",
                "lead": "",
            },
        )
        for token, boards in world["links"].items()
        for board in boards
    ]
    web.send_signal(signal.SIGKILL)
    web.wait(WAIT)

    assert sent == [201] * 6
    marked = f"SELECT count(*) FROM tournaments_board WHERE session_id = {world['session']} AND needs_scoring"
    assert site.count(marked) == 6  # stored, not rescored: the web process died first
    assert [row["status"] for row in site.rows(SETTLE_JOB)] == ["READY"]  # one job for the burst

    site.start_worker()
    wait_for(lambda: site.rows(SETTLE_JOB)[-1]["status"] == "SUCCESSFUL", "the rescoring job to end")

    assert site.count(marked) == 0
    mismatches = site.shell(
        "from bench.table_entry_session import standings_mismatches\n"
        "from tournaments.night.models import Session\n"
        f"print(standings_mismatches(Session.objects.get(pk={world['session']})))"
    )
    assert mismatches == "[]"
    played = f"SELECT boards_played FROM tournaments_standing WHERE session_id = {world['session']}"
    with sqlite3.connect(f"file:{site.database}?mode=ro", uri=True) as db:
        assert sorted(row[0] for row in db.execute(played)) == [2] * 6
