"""``board_figures`` stays below services and selectors, so the selectors may use it.

tests/test_architecture.py checks the floors of the packages; ``tournaments/night/figures.py``
is a module of its own between them (a board's figures worked out in memory, for the
settle and for a table's traveller). Were it to import a service, a selector using it
would reach a service through it, which no package floor would see.
"""

from __future__ import annotations

from tests.test_architecture import ROOT, Floor, import_graph, upward_imports

FIGURES = Floor(
    "board_figures imports only bridge, db and models",
    rooms=("tournaments.night.figures",),
    may=("tournaments.night.figures", "tournaments.bridge", "tournaments.db", "tournaments.models"),
)


def test_board_figures_imports_only_bridge_db_and_models():
    house = import_graph(ROOT)

    assert any(FIGURES.governs(name) for name in house)
    assert "tournaments.night.figures" in house["tournaments.night.selectors.table_entry.traveller"].imports
    assert upward_imports(house, FIGURES) == []


def test_the_floor_finds_board_figures_importing_a_service(tmp_path):
    (tmp_path / "tournaments" / "services").mkdir(parents=True)
    for name in ("__init__.py", "services/__init__.py", "services/scoring.py"):
        (tmp_path / "tournaments" / name).write_text("")
    (tmp_path / "tournaments" / "night/figures.py").write_text(
        "def f():\n    from tournaments.services import scoring\n"
    )

    house = import_graph(tmp_path, packages=("tournaments",))

    assert upward_imports(house, FIGURES) == [
        "tournaments.night.figures -> tournaments.night.services.scoring"
    ]
