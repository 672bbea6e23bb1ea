"""The production server under its supervisor: granian gives up after a crash loop, systemd starts it again.

granian's ``--respawn-failed-workers`` respawns a worker that dies, but a worker that dies
again within seconds of its respawn makes granian exit ("Worker crash loop detected,
exiting"), and nothing restarts it (issue 46, item 4). The README's systemd unit does:
``Restart=always`` with a pause, and no start limit, so systemd never gives up either.
These tests read the unit out of the README, check it with systemd's own parser, and run
its command as systemd would: killed twice in a row it exits, started again it serves.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT_FOLDER = "/etc/systemd/system/"
WAIT = 60.0  # seconds: a bound on each wait for a state, never a pause for a moment


def readme_unit(name: str) -> str:
    """The unit file ``name`` as the README's production section gives it (its ini block)."""
    readme = (ROOT / "README.md").read_text()
    found = re.search(rf"```ini\n# {re.escape(UNIT_FOLDER + name)}[^\n]*\n(.*?)```", readme, re.DOTALL)
    assert found, f"the README gives no unit {name}"
    return found.group(1)


def unit_settings(unit: str) -> dict[str, str]:
    """The unit's ``Key=value`` lines (a continued line joined), the last of a key winning."""
    settings: dict[str, str] = {}
    for line in unit.replace("\\\n", " ").splitlines():
        key, equals, value = line.partition("=")
        if equals and not line.startswith(("#", "[")):
            settings[key.strip()] = " ".join(value.split())
    return settings


def unit_here(unit: str) -> str:
    """The unit with this checkout for /srv/clubscore and no User= (the suite runs as itself)."""
    here = unit.replace("/srv/clubscore", str(ROOT))
    return "\n".join(line for line in here.splitlines() if not line.startswith(("User=", "EnvironmentFile=")))


@pytest.mark.parametrize("name", ["clubscore-web.service", "clubscore-worker@.service"])
def test_each_unit_restarts_its_process_whatever_its_exit_and_never_gives_up(name):
    settings = unit_settings(readme_unit(name))
    assert settings["Restart"] == "always"  # granian's crash-loop exit is status 1, a stop is 0
    assert float(settings["RestartSec"]) >= 1  # a pause, so a failing database is not hammered
    assert settings["StartLimitIntervalSec"] == "0"  # systemd's own limit would give up after 5 starts


@pytest.mark.parametrize("name", ["clubscore-web.service", "clubscore-worker@.service"])
def test_systemd_reads_each_unit_without_a_warning(name, tmp_path):
    analyze = shutil.which("systemd-analyze")
    assert analyze, "systemd-analyze (Debian's systemd package) checks the units"
    path = tmp_path / name.replace("@", "@1")
    path.write_text(unit_here(readme_unit(name)))
    checked = subprocess.run([analyze, "verify", str(path)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr.strip() == "", checked.stderr


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(state: Callable[[], object], what: str) -> object:
    """Poll ``state`` until it is true (returning it), or fail after WAIT seconds saying ``what``."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = state()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not reached within {WAIT:.0f} s: {what}")


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
            return True
    except urllib.error.HTTPError:
        return True  # an answer all the same (503 while the database is not migrated)
    except OSError:
        return False


def _workers(master: int) -> list[int]:
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    except OSError:
        return []
    return [int(pid) for pid in children]


class WebServer:
    """The web unit's ExecStart, started as systemd starts it (its own process group)."""

    def __init__(self, port: int, database: Path) -> None:
        command = unit_settings(unit_here(readme_unit("clubscore-web.service")))["ExecStart"].split()
        command[command.index("--port") + 1] = str(port)
        command[command.index("--workers") + 1] = "1"
        self.port = port
        self.environment = {
            **os.environ,
            "DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{database}",
            "DJANGO_SETTINGS_MODULE": "clubscore.settings",
        }
        self.command = command
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=self.environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        _wait_for(lambda: _answers(self.port), "the server answers")

    def kill_its_worker(self) -> int:
        assert self.process is not None
        (worker,) = _wait_for(lambda: _workers(self.process.pid), "granian has its worker")  # type: ignore[union-attr, misc]
        os.kill(worker, signal.SIGKILL)
        return worker

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


@pytest.fixture
def web_server(tmp_path) -> Iterator[WebServer]:
    server = WebServer(_free_port(), tmp_path / "site.sqlite3")
    yield server
    server.stop()


def test_granian_exits_after_a_crash_loop_and_its_unit_serves_again_once_restarted(web_server):
    web_server.start()
    process = web_server.process
    assert process is not None

    first = web_server.kill_its_worker()
    _wait_for(lambda: [pid for pid in _workers(process.pid) if pid != first], "granian respawns its worker")
    web_server.kill_its_worker()  # dead again within seconds of its respawn: a crash loop

    _wait_for(lambda: process.poll() is not None, "granian gives up")
    assert process.returncode != 0  # an exit Restart=on-failure would restart too; always covers a 0
    assert not _answers(web_server.port)

    web_server.start()  # what systemd's Restart=always does after RestartSec
    assert _answers(web_server.port)
