"""Production settings: the served site needs a real SECRET_KEY, command-line tools do not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in {"SECRET_KEY", "DEBUG"}}
    env.pop("CLUBSCORE_EPHEMERAL_SECRET_KEY", None)
    env["DJANGO_SETTINGS_MODULE"] = "clubscore.settings"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_the_served_site_refuses_to_start_without_a_secret_key():
    completed = _run("-c", "import clubscore.wsgi")

    assert completed.returncode != 0
    assert "Set SECRET_KEY in the environment" in completed.stderr


def test_a_command_that_serves_nothing_runs_without_a_secret_key(tmp_path):
    score_file = tmp_path / "two.txt"
    score_file.write_text("1 Ann - Bob\n2 Cat - Dan\nSCORES\n100 -50\n")

    completed = _run("manage.py", "simpscore", str(score_file))

    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines()[0].split()[:2] == ["100", "100.00"]
