"""The install is reproducible: the venv installs pip-tools' pinned, hashed locks of the edited lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ("requirements.txt", "requirements-dev.txt")
EDITED_AND_LOCKED = [("requirements.in", LOCKS[0]), ("requirements-dev.in", LOCKS[1])]
REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?")


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(lock: str) -> dict[str, str]:
    """Each locked package's version, checking that every one is pinned and hashed."""
    entries = re.split(r"\n(?=\S)", (ROOT / lock).read_text())
    pins = {}
    for entry in entries:
        if not entry.strip() or entry.startswith("#"):
            continue
        match = re.match(r"([A-Za-z0-9._-]+)==(\S+) \\\n", entry)
        assert match, f"{lock}: not pinned with hashes: {entry.splitlines()[0]}"
        assert "--hash=sha256:" in entry, f"{lock}: {match.group(1)} has no hash"
        pins[_canonical(match.group(1))] = match.group(2)
    return pins


def _named(edited: str) -> set[str]:
    """The packages an edited list names, itself and the lists it reads with -r."""
    names = set()
    for line in (ROOT / edited).read_text().splitlines():
        line = line.split("#")[0].strip()
        if line.startswith("-r "):
            names |= _named(line[3:].strip())
        elif (match := REQUIREMENT.match(line)) is not None:
            names.add(_canonical(match.group(1)))
    return names


@pytest.mark.parametrize("lock", LOCKS)
def test_every_locked_package_is_pinned_and_hashed(lock):
    assert _pins(lock)


@pytest.mark.parametrize(("edited", "lock"), EDITED_AND_LOCKED)
def test_each_lock_holds_everything_its_edited_list_names(edited, lock):
    assert _named(edited) - set(_pins(lock)) == set(), f"run make lock: {lock} is behind {edited}"


def test_the_dev_lock_pins_the_runtime_at_the_runtimes_versions():
    runtime, dev = _pins(LOCKS[0]), _pins(LOCKS[1])

    assert {name: dev.get(name) for name in runtime} == runtime


def test_the_venv_installs_the_dev_lock_checking_hashes():
    makefile = (ROOT / "Makefile").read_text()

    assert "pip install --quiet --require-hashes -r requirements-dev.txt" in makefile
    assert "\nlock:" in makefile
