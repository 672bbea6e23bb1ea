"""Production settings: the served site needs a real SECRET_KEY, command-line tools do not."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run Python in a fresh process with the production defaults plus ``env``."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"SECRET_KEY", "DEBUG", "LOG_LEVEL"} and not key.startswith("SECURE_")
    }
    environment.pop("CLUBSCORE_EPHEMERAL_SECRET_KEY", None)
    environment["DJANGO_SETTINGS_MODULE"] = "clubscore.settings"
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60
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


_RAISE_IN_A_VIEW = """
import sys, types
import django
django.setup()
from django.test import Client
from django.test.utils import override_settings
from django.urls import path

def boom(request):
    raise RuntimeError("kaboom for the log")

urls = types.ModuleType("boom_urls")
urls.urlpatterns = [path("boom/", boom)]
sys.modules["boom_urls"] = urls
with override_settings(ROOT_URLCONF="boom_urls"):
    response = Client(raise_request_exception=False).get("/boom/")
print(response.status_code)
"""


def test_a_500_in_production_writes_its_traceback_to_stderr():
    completed = _run("-c", _RAISE_IN_A_VIEW, env={"SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "testserver"})

    assert completed.stdout.strip() == "500", completed.stderr
    assert "Internal Server Error: /boom/" in completed.stderr
    assert "Traceback (most recent call last)" in completed.stderr
    assert "RuntimeError: kaboom for the log" in completed.stderr


def test_log_level_comes_from_the_environment():
    script = "import django; django.setup(); import logging; print(logging.getLogger('tournaments').level)"

    assert _run("-c", script, env={"LOG_LEVEL": "DEBUG", "DEBUG": "1"}).stdout.strip() == str(logging.DEBUG)
    assert _run("-c", script, env={"DEBUG": "1"}).stdout.strip() == str(logging.INFO)
