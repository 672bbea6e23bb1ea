"""Run an npm package's oracle script under Node.js: the suite's one way to ask one.

A package is installed once into ``~/.cache/clubscore-node`` (or ``$CLUBSCORE_NODE_CACHE``),
in a folder of its own when asked (``folder``), at the pinned version. Without Node.js the
test asking is skipped; with it, a failed install or a script that fails fails the test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest


def _cache(folder: str) -> Path:
    root = Path(os.environ.get("CLUBSCORE_NODE_CACHE", Path.home() / ".cache" / "clubscore-node"))
    return root / folder if folder else root


def _installed_version(cache: Path, name: str) -> str | None:
    package = cache / "node_modules" / name / "package.json"
    return json.loads(package.read_text())["version"] if package.exists() else None


def _install(cache: Path, package: str) -> None:
    """Install ``package`` (``name@version``) into ``cache`` unless that version is there."""
    name, version = package.rsplit("@", 1)
    if _installed_version(cache, name) == version:
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail(f"node is installed but npm is not: cannot install the {name} oracle")
    cache.mkdir(parents=True, exist_ok=True)
    install = subprocess.run(
        [npm, "install", "--prefix", str(cache), "--no-save", "--no-audit", "--no-fund", package],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if install.returncode != 0:
        pytest.fail(f"npm install {package} into {cache} failed:\n{install.stderr}")


def ask_oracle(package: str, script: Path, request: dict[str, Any], *, folder: str = "") -> Any:
    """Send ``request`` as JSON to ``script`` (given the package's folder) and return its JSON answer."""
    node = shutil.which("node")
    if node is None:
        pytest.skip(f"node is not installed: the {package} oracle runs under Node.js")
    cache = _cache(folder)
    _install(cache, package)
    run = subprocess.run(
        [node, str(script), str(cache)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)
