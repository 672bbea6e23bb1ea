"""Every write goes one way in (issue 29, point 2): ``core.services.writes``.

Read from the code, as tests/test_architecture.py reads the imports: no module of the app
but the protocol's two takes a row lock (``select_for_update``), the write gate
(``serialised_writes``, ``serialised_writes_if_free``) or a transaction
(``transaction.atomic``) itself. The check is tested on a tree made to break it once in
each way, so it cannot pass by finding nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTOCOL = frozenset({"tournaments.core.services.writes", "tournaments.core.services.write_gate"})
FORBIDDEN = frozenset({"select_for_update", "serialised_writes", "serialised_writes_if_free", "atomic"})


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _named(node: ast.AST) -> str | None:
    """The forbidden name ``node`` uses: an attribute (``qs.select_for_update``), a name, an import."""
    if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN:
        return node.attr
    if isinstance(node, ast.Name) and node.id in FORBIDDEN:
        return node.id
    if isinstance(node, ast.ImportFrom):
        taken = [alias.name for alias in node.names if alias.name in FORBIDDEN]
        return taken[0] if taken else None
    return None


def writes_outside_the_protocol(root: Path) -> list[str]:
    """Each place in ``root/tournaments`` (migrations aside) that locks, gates or opens a
    transaction by hand, as ``module:line name``."""
    found = []
    for path in sorted((root / "tournaments").rglob("*.py")):
        if "migrations" in path.relative_to(root).parts:
            continue
        name = _module_name(root, path)
        if name in PROTOCOL:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            used = _named(node)
            if used is not None:
                found.append(f"{name}:{node.lineno} {used}")
    return found


def test_only_the_protocol_locks_gates_or_opens_a_transaction():
    assert writes_outside_the_protocol(ROOT) == []


def test_the_check_reads_the_house():
    """The protocol itself uses every forbidden name: a check that read nothing would pass too."""
    text = (ROOT / "tournaments/core/services/writes.py").read_text(encoding="utf-8")
    assert all(name in text for name in ("select_for_update", "serialised_writes", "atomic"))


def test_the_check_finds_each_way_round_the_protocol(tmp_path):
    files = {
        "tournaments/__init__.py": "",
        "tournaments/core/services/writes.py": (
            "from django.db import transaction\n\n\n"
            "def locked(rows):\n    with transaction.atomic():\n        return rows.select_for_update()\n"
        ),
        "tournaments/night/services/pairs.py": (
            "from django.db import transaction\n\n\n@transaction.atomic\n"
            "def pair_add(session):\n    return Session.objects.select_for_update().get(pk=session.pk)\n"
        ),
        "tournaments/teams/services/events.py": (
            "from django.db.transaction import atomic\n"
            "from tournaments.core.services.write_gate import serialised_writes_if_free as free\n"
        ),
        "tournaments/season/views.py": (
            "from tournaments.core.services import write_gate\n\n\n"
            "def page():\n    with write_gate.serialised_writes():\n        pass\n"
        ),
        "tournaments/migrations/0001_initial.py": "rows.select_for_update()\n",
    }
    for relative, text in files.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    assert writes_outside_the_protocol(tmp_path) == [
        "tournaments.night.services.pairs:4 atomic",
        "tournaments.night.services.pairs:6 select_for_update",
        "tournaments.season.views:5 serialised_writes",
        "tournaments.teams.services.events:1 atomic",
        "tournaments.teams.services.events:2 serialised_writes_if_free",
    ]
