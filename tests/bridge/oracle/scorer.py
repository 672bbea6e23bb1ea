"""Run the npm ``bridge-scorer`` oracle (``bridge_scorer.js``) from any test: its matchpoints of boards.

Installed once into ``~/.cache/clubscore-node`` (or ``$CLUBSCORE_NODE_CACHE``), as
tests/bridge/test_imps_oracle.py does; without Node.js the test asking is skipped, with it
a failed install fails it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

BRIDGE_SCORER = "bridge-scorer@2.4.0"
SCRIPT = Path(__file__).parent / "bridge_scorer.js"


def _cache() -> Path:
    return Path(os.environ.get("CLUBSCORE_NODE_CACHE", Path.home() / ".cache" / "clubscore-node"))


def _ensure_installed(cache: Path) -> None:
    package = cache / "node_modules" / "bridge-scorer" / "package.json"
    if package.exists() and json.loads(package.read_text())["version"] == BRIDGE_SCORER.split("@")[1]:
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("node is installed but npm is not: cannot install the bridge-scorer oracle")
    cache.mkdir(parents=True, exist_ok=True)
    install = subprocess.run(
        [npm, "install", "--prefix", str(cache), "--no-save", "--no-audit", "--no-fund", BRIDGE_SCORER],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if install.returncode != 0:
        pytest.fail(f"npm install {BRIDGE_SCORER} into {cache} failed:\n{install.stderr}")


def oracle_boards(boards: list[list[int]]) -> list[dict]:
    """The library's figures of each board (``mp_ns``, ``mp_ew``: 2 a pair beaten), its NS scores given."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the bridge-scorer oracle runs under Node.js")
    cache = _cache()
    _ensure_installed(cache)
    run = subprocess.run(
        [node, str(SCRIPT), str(cache)],
        input=json.dumps({"boards": boards, "differences": []}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)["boards"]
