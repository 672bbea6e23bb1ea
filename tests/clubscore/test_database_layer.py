"""The database layer is Django's alone, and the README says why where the requirements are read."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_sqlalchemy_or_alembic_in_the_requirements_or_the_code():
    # The edited lists and pip-tools' locks, so nothing brings them in as a dependency either.
    names = ("requirements.in", "requirements-dev.in", "requirements.txt", "requirements-dev.txt")
    requirements = "".join((ROOT / name).read_text() for name in names)
    code = "".join(path.read_text() for path in (ROOT / "tournaments").rglob("*.py"))

    assert not re.search(r"(?im)^\s*(sqlalchemy|alembic)\b", requirements)
    assert not re.search(r"(?m)^\s*(from|import) (sqlalchemy|alembic)\b", code)


def test_the_readme_explains_the_choice_next_to_the_layout():
    readme = (ROOT / "README.md").read_text()
    layout = readme.index("## Layout")
    section = readme.index("### The database layer", layout)
    following = readme.find("\n## ", layout + 1)

    assert following == -1 or section < following
    text = readme[section:following]
    for reason in ("SQLAlchemy", "Alembic", "One schema", "One migration history", "pytest-django"):
        assert reason in text
