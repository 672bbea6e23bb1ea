"""The rules package stays pure: no module of ``tournaments.bridge`` imports Django.

Two checks, because each catches what the other misses: the source scan sees an import
hidden in a function body that never runs at import time; the fresh interpreter, with
Django made unimportable, sees an import that arrives indirectly through another module.
"""

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import tournaments.bridge

PACKAGE_DIR = Path(tournaments.bridge.__file__).parent
MODULES = sorted(f"tournaments.bridge.{info.name}" for info in pkgutil.iter_modules([str(PACKAGE_DIR)]))
FORBIDDEN = ("django",)


def imported_names(source: str) -> set[str]:
    """Every module name an ``import`` or ``from ... import`` in ``source`` names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_package_has_the_rules_modules():
    for expected in (
        "cards",
        "seats",
        "deck",
        "evaluation",
        "calls",
        "auction",
        "opening",
        "play",
        "scoring",
    ):
        assert f"tournaments.bridge.{expected}" in MODULES


@pytest.mark.parametrize("path", sorted(PACKAGE_DIR.glob("*.py")), ids=lambda path: path.name)
def test_no_module_source_imports_django(path):
    django_imports = sorted(
        name for name in imported_names(path.read_text()) if name.split(".")[0] in FORBIDDEN
    )
    assert not django_imports, f"{path.name} imports {', '.join(django_imports)}"


_BLOCK_DJANGO_AND_IMPORT = """
import importlib
import sys


class BlockDjango:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "django":
            raise ImportError(f"the rules package imported {name}")
        return None


sys.meta_path.insert(0, BlockDjango())
for module in sys.argv[1:]:
    importlib.import_module(module)
leaked = sorted(name for name in sys.modules if name.split(".")[0] == "django")
assert not leaked, leaked
"""


def test_every_module_imports_in_a_fresh_interpreter_without_django():
    completed = subprocess.run(
        [sys.executable, "-c", _BLOCK_DJANGO_AND_IMPORT, "tournaments.bridge", *MODULES],
        capture_output=True,
        text=True,
        cwd=PACKAGE_DIR.parents[1],
        timeout=60,
    )
    assert completed.returncode == 0, completed.stderr


def test_the_block_would_catch_a_django_import():
    completed = subprocess.run(
        [sys.executable, "-c", _BLOCK_DJANGO_AND_IMPORT, "django.conf"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert completed.returncode != 0
    assert "the rules package imported django" in completed.stderr
