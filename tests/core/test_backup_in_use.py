"""A backup taken while a club plays restores, into a fresh database, equal to the original.

The club plays in its own process (tests/core/backup_world.py) and prints a digest of
every table after each write. The test waits for a night to be played (states, not
moments), runs ``manage.py backup`` while the play goes on, waits for more writes, stops
the play, restores the backup into a fresh database with ``manage.py restore`` and
digests it: it must equal one of the states the original went through, one at or after
the backup began. Restored over the original, which played on, it gives the same. Every
club, session, result, standing, audit entry and rating is in the digest. The SQLite
path runs with the SQLite suite, the PostgreSQL one with the PostgreSQL suite (CI runs
both, .ci/run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
# A bound for a loaded machine: each wait is for a state, and gives up after this long.
WAIT = 300
# The club and its director, then a night of 12 writes (the session, 4 pairs, the deal, the
# start, 4 results, the finish): the backup begins after one night is played and finished.
FIRST_NIGHT_PLAYED = 2 + 12
COMPARED = (
    "tournaments_club",
    "tournaments_session",
    "tournaments_result",
    "tournaments_standing",
    "tournaments_resultchange",
    "tournaments_playerrating",
    "tournaments_ratingsnapshot",
)


def _environment(database_url: str, tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "clubscore.settings_test",
        "BACKUP_DIR": str(tmp_path / "backups"),
    }


def _run(arguments: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, *arguments], cwd=ROOT, env=env, capture_output=True, text=True, timeout=WAIT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


class Play:
    """The club playing in its own process; ``states`` are the digests it printed, in order."""

    def __init__(self, env: dict[str, str], stop: Path) -> None:
        self.stop = stop
        self.states: list[dict[str, list[object]]] = []
        self.changed = threading.Condition()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.core.backup_world", "play", str(stop)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("state "):
                with self.changed:
                    self.states.append(json.loads(line[len("state ") :]))
                    self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    def wait_for(self, states: int) -> int:
        """Wait until the play has printed ``states`` states; return how many it has now."""
        with self.changed:
            done = self.changed.wait_for(
                lambda: len(self.states) >= states or self.process.poll() is not None, timeout=WAIT
            )
            assert done and len(self.states) >= states, self._stderr()
            return len(self.states)

    def finish(self) -> None:
        self.stop.touch()
        assert self.process.wait(timeout=WAIT) == 0, self._stderr()
        self.reader.join(timeout=WAIT)

    def _stderr(self) -> str:
        if self.process.poll() is None:
            return "the play is still running"
        assert self.process.stderr is not None
        return self.process.stderr.read()[-3000:]


def _backup_restored_equal(live_url: str, fresh_url: str, tmp_path: Path) -> None:
    live, fresh = _environment(live_url, tmp_path), _environment(fresh_url, tmp_path)
    _run(["manage.py", "migrate", "-v0"], live)
    play = Play(live, tmp_path / "stop")
    try:
        started = play.wait_for(FIRST_NIGHT_PLAYED + 3)
        _run(["manage.py", "backup"], live)  # the play goes on meanwhile
        play.wait_for(play.wait_for(started) + 2)
    finally:
        play.finish()
    (backup,) = (tmp_path / "backups").iterdir()
    _run(["manage.py", "restore", "--noinput", str(backup)], fresh)
    restored = json.loads(_run(["-m", "tests.core.backup_world", "digest"], fresh))

    for table in COMPARED:
        assert restored[table][0] > 0, f"{table} is empty in the restored database"
    matches = [index for index, state in enumerate(play.states) if state == restored]
    assert matches, _nearest_difference(play.states[started - 1 :], restored)
    assert matches[-1] >= started - 1, "the backup is older than the writes before it began"
    assert matches[-1] < len(play.states) - 1, "the play wrote nothing after the backup"

    # Restored over the original, which played on since: the original is the backup again.
    _run(["manage.py", "restore", "--noinput", str(backup)], live)
    assert json.loads(_run(["-m", "tests.core.backup_world", "digest"], live)) == restored


def _nearest_difference(states: list[dict[str, list[object]]], restored: dict[str, list[object]]) -> str:
    """For a failure: the tables that differ from the closest state the original went through."""
    differing: Callable[[dict[str, list[object]]], list[str]] = lambda state: sorted(  # noqa: E731
        table for table in state if state[table] != restored.get(table)
    )
    return f"no state equals the restored database; closest differs in {min(map(differing, states), key=len)}"


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite path runs with the SQLite suite")
def test_a_sqlite_backup_taken_during_play_restores_equal(tmp_path):
    _backup_restored_equal(
        f"sqlite:///{tmp_path / 'live.sqlite3'}", f"sqlite:///{tmp_path / 'fresh.sqlite3'}", tmp_path
    )


def _postgres_url(name: str, role: str | None = None) -> str:
    database = settings.DATABASES["default"]
    user = quote(role or str(database["USER"] or ""), safe="")
    password = quote(str(database["PASSWORD"] or ""), safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    return f"postgres://{credentials}{database['HOST'] or ''}:{database['PORT'] or 5432}/{name}"


@pytest.fixture
def postgres_databases() -> Iterator[tuple[str, str]]:
    """Two new databases beside the test database, the club's live one and the fresh one, each
    owned by a role of the site's own (no superuser), as production's README sets it up: the
    URLs connect as that role, so the restore runs as it."""
    base = f"{connection.settings_dict['NAME']}_backup"
    names, role = (f"{base}_live", f"{base}_fresh"), f"{base}_app"
    maintenance = _postgres_url("postgres")

    def psql(statement: str) -> None:
        subprocess.run(["psql", maintenance, "-q", "-c", statement], check=True, capture_output=True)

    def drop() -> None:
        for name in names:
            psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        psql(f'DROP ROLE IF EXISTS "{role}"')

    drop()
    psql(f'CREATE ROLE "{role}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE')
    for name in names:
        psql(f'CREATE DATABASE "{name}" OWNER "{role}"')
    yield _postgres_url(names[0], role), _postgres_url(names[1], role)
    drop()


@pytest.mark.postgres
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the PostgreSQL path runs with the PostgreSQL suite"
)
def test_a_postgres_backup_taken_during_play_restores_equal(tmp_path, postgres_databases):
    live, fresh = postgres_databases
    _backup_restored_equal(live, fresh, tmp_path)
