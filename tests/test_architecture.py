"""The house's layout, counted from the code: module sizes and the imports between modules.

Every ``.py`` file of ``tournaments/``, ``clubscore/`` and ``bench/`` (migrations aside) is
read with ``ast``; an import anywhere in a module counts, inside a function too, since a
lazy import only hides a circle until the function runs. The floors (docs/decisions.md,
STYLE.md): views -> forms/services/selectors -> db/models -> bridge; imports go down.
The graph builder is itself tested on a small tree with a circle and an upward import,
so these checks cannot pass by finding nothing.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tournaments", "clubscore", "bench")
MAX_LINES = 400


@dataclass
class Module:
    """One module as its source says: its size, and what it imports."""

    name: str
    path: Path
    lines: int
    imports: set[str] = field(default_factory=set)  # project modules
    external: set[str] = field(default_factory=set)  # other top-level packages (django, ...)
    privates: set[tuple[str, str]] = field(default_factory=set)  # (project module, _name) used


class Graph(dict[str, Module]):
    """Modules by dotted name; printed short, so a failing check shows its finding, not the house."""

    def __repr__(self) -> str:
        return f"<{len(self)} modules>"


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _package_of(module: Module) -> str:
    return module.name if module.path.name == "__init__.py" else module.name.rpartition(".")[0]


def import_graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> Graph:
    """Read every module under ``root/<package>`` (migrations aside) and resolve its imports."""
    modules = Graph()
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.relative_to(root).parts:
                continue
            name = _module_name(root, path)
            modules[name] = Module(name, path, len(path.read_text(encoding="utf-8").splitlines()))
    for module in modules.values():
        _read_imports(module, modules, packages)
    return modules


def _known(name: str, modules: dict[str, Module]) -> str | None:
    """The longest project module that ``name`` (a dotted path) is or lies inside."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _read_imports(module: Module, modules: dict[str, Module], packages: tuple[str, ...]) -> None:
    tree = ast.parse(module.path.read_text(encoding="utf-8"), filename=str(module.path))
    aliases: dict[str, str] = {}  # a local name bound to a project module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known(alias.name, modules)
                if target is None:
                    module.external.add(alias.name.partition(".")[0])
                    continue
                module.imports.add(target)
                if alias.asname:
                    aliases[alias.asname] = target
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package_of(module).split(".")
                anchor = package[: len(package) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            if base.partition(".")[0] not in packages:
                module.external.add(base.partition(".")[0])
                continue
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in modules:
                    module.imports.add(submodule)
                    aliases[alias.asname or alias.name] = submodule
                    continue
                target = _known(base, modules)
                if target is not None:
                    module.imports.add(target)
                    if _is_private(alias.name):
                        module.privates.add((target, alias.name))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            owner = aliases.get(node.value.id) if isinstance(node.value, ast.Name) else None
            if owner is not None:
                module.privates.add((owner, node.attr))
    module.imports.discard(module.name)


def circles(modules: dict[str, Module]) -> list[list[str]]:
    """Every set of modules that import each other round a loop (Tarjan's components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for target in sorted(modules[name].imports):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == name:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(modules):
        if name not in index:
            visit(name)
    return sorted(found)


def in_room(name: str, room: str) -> bool:
    """``tournaments.views`` holds ``tournaments.night.views.public``; ``tournaments.urls*`` globs."""
    if room.endswith("*"):
        return fnmatch(name, room)
    return name == room or name.startswith(room + ".")


@dataclass(frozen=True)
class Floor:
    """What the modules of some rooms may import: only ``may`` rooms, or none of ``may_not``."""

    rule: str
    rooms: tuple[str, ...]
    may: tuple[str, ...] | None = None
    may_not: tuple[str, ...] = ()
    no_external: tuple[str, ...] = ()
    except_rooms: tuple[str, ...] = ()

    def governs(self, name: str) -> bool:
        inside = any(in_room(name, room) for room in self.rooms)
        return inside and not any(in_room(name, room) for room in self.except_rooms)

    def allows(self, target: str) -> bool:
        if self.may is not None and not any(in_room(target, room) for room in self.may):
            return False
        return not any(in_room(target, room) for room in self.may_not)


PROJECT = ("tournaments", "clubscore", "bench")
# The live evening's one room (issue 52) and its own SQL; its parts other than the interface.
LIVE = "tournaments.night.live"
LIVE_SQL = "tournaments.night.live.sql"
LIVE_PARTS = ("backend", "pages", "phones", "sql", "stamps", "store", "tables", "unchanged")
# The capabilities, each standing on those before it: a capability imports the core, the
# rules (bridge), the persistence room (db), itself and the capabilities before it; the
# core imports none of them; the JSON API stands on them all.
CAPABILITIES = ("core", "night", "teams", "season", "mail", "federation", "exchange", "members", "api")
MODELS = tuple(f"tournaments.{name}.models" for name in CAPABILITIES[:-1])
# The app's root: what Django loads by name (the models hub, the admin, the routes, the
# template tags, the commands) gathers every capability.
APP_ROOT = (
    "tournaments",
    "tournaments.apps",
    "tournaments.admin",
    "tournaments.urls",
    "tournaments.models",
    "tournaments.templatetags",
    "tournaments.management",
)


def _capability_floor(index: int, name: str) -> Floor:
    below = CAPABILITIES[:index]
    return Floor(
        f"{name} imports " + (", ".join(below) if below else "no capability") + ", the rules, db and itself",
        rooms=(f"tournaments.{name}",),
        may=("tournaments.bridge", "tournaments.db", *(f"tournaments.{other}" for other in (*below, name))),
    )


FLOORS = [
    Floor(
        "bridge is plain Python: nothing else of the project, no Django",
        rooms=("tournaments.bridge",),
        may=("tournaments.bridge",),
        no_external=("django",),
    ),
    Floor(
        "db (persistence) imports only the core's and the night's models, bridge and db",
        rooms=("tournaments.db",),
        may=("tournaments.db", "tournaments.core.models", "tournaments.night.models", "tournaments.bridge"),
    ),
    *(_capability_floor(index, name) for index, name in enumerate(CAPABILITIES)),
    Floor(
        "models import only models and bridge",
        rooms=MODELS,
        may=(*MODELS, "tournaments.bridge"),
    ),
    Floor(
        "a board's figures in memory (night.figures) import only bridge, db, the night's SQL and models",
        rooms=("tournaments.night.figures",),
        may=("tournaments.bridge", "tournaments.db", LIVE_SQL, *MODELS),
    ),
    Floor(
        "the live evening's SQL (night.live.sql) imports only models, bridge, db and itself, as db",
        rooms=(LIVE_SQL,),
        may=(
            LIVE_SQL,
            "tournaments.db",
            "tournaments.core.models",
            "tournaments.night.models",
            "tournaments.bridge",
        ),
    ),
    Floor(
        "the live evening (night.live) is below the selectors, services, views and forms: they call it,"
        " never it them (it reads a table's page through a hook)",
        rooms=(LIVE,),
        may_not=(
            *(f"tournaments.{name}.selectors" for name in CAPABILITIES),
            *(f"tournaments.{name}.services" for name in CAPABILITIES if name != "core"),
            *(f"tournaments.{name}.views" for name in CAPABILITIES),
            *(f"tournaments.{name}.forms" for name in CAPABILITIES),
        ),
    ),
    Floor(
        "outside the night, the live evening is reached by its interface (night.live) alone",
        rooms=PROJECT,
        except_rooms=("tournaments.night", "clubscore.settings", "bench", "tests"),
        may_not=tuple(f"{LIVE}.{part}" for part in LIVE_PARTS),
    ),
    Floor(
        "selectors never import services, views or forms",
        rooms=tuple(f"tournaments.{name}.selectors" for name in CAPABILITIES),
        may_not=(
            *(f"tournaments.{name}.services" for name in CAPABILITIES),
            *(f"tournaments.{name}.views" for name in CAPABILITIES),
            *(f"tournaments.{name}.forms" for name in CAPABILITIES),
        ),
    ),
    Floor(
        "services never import views or forms",
        rooms=tuple(f"tournaments.{name}.services" for name in CAPABILITIES),
        may_not=(
            *(f"tournaments.{name}.views" for name in CAPABILITIES),
            *(f"tournaments.{name}.forms" for name in CAPABILITIES),
        ),
    ),
    Floor(
        "only views and urls import views",
        rooms=PROJECT,
        except_rooms=(
            *(f"tournaments.{name}.views" for name in CAPABILITIES),
            *(f"tournaments.{name}.urls" for name in CAPABILITIES),
            "tournaments.urls",
            "clubscore.urls",
        ),
        may_not=tuple(f"tournaments.{name}.views" for name in CAPABILITIES),
    ),
    Floor(
        "only the site's routes import the JSON API (a views floor)",
        rooms=PROJECT,
        except_rooms=("tournaments.api", "clubscore.urls"),
        may_not=("tournaments.api",),
    ),
    Floor(
        "the capabilities import their models' packages, not the hub that gathers them for Django",
        rooms=tuple(f"tournaments.{name}" for name in CAPABILITIES) + ("tournaments.db",),
        may_not=("tournaments.models",),
    ),
]


def capability_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "tournaments" and parts[1] in CAPABILITIES else None


def private_names_across_capabilities(modules: dict[str, Module]) -> list[str]:
    """Each private name a capability's module takes from another capability."""
    found = []
    for name, module in sorted(modules.items()):
        own = capability_of(name)
        if own is None:
            continue
        for source, private in sorted(module.privates):
            other = capability_of(source)
            if other is not None and other != own:
                found.append(f"{name} uses {source}.{private}")
    return found


RAW_SQL_CALLS = frozenset({"cursor", "raw", "extra"})


SQL_ROOMS = ("tournaments.db", "tournaments.night.live.sql")


def raw_sql_outside_db(modules: dict[str, Module]) -> list[str]:
    """Each module outside ``tournaments.db`` and the live evening's own SQL that opens a database
    cursor or hands the ORM raw SQL."""
    found = []
    for name, module in sorted(modules.items()):
        if not name.startswith("tournaments.") or any(in_room(name, room) for room in SQL_ROOMS):
            continue
        tree = ast.parse(module.path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            called = node.func if isinstance(node, ast.Call) else None
            if isinstance(called, ast.Attribute) and called.attr in RAW_SQL_CALLS:
                found.append(f"{name}:{node.lineno} .{called.attr}()")
            elif isinstance(node, ast.Name) and node.id == "RawSQL":
                found.append(f"{name}:{node.lineno} RawSQL")
    return found


def upward_imports(modules: dict[str, Module], floor: Floor) -> list[str]:
    """Each import by a module the floor governs that the floor does not allow."""
    found = []
    for name, module in sorted(modules.items()):
        if not floor.governs(name):
            continue
        found += [f"{name} -> {target}" for target in sorted(module.imports) if not floor.allows(target)]
        found += [
            f"{name} -> {package}" for package in sorted(module.external) if package in floor.no_external
        ]
    return found


# --- The house ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def house() -> Graph:
    return import_graph(ROOT)


def test_the_house_is_read_whole(house):
    for expected in ("tournaments.bridge.scoring", "tournaments.models", "clubscore.settings", "bench.run"):
        assert expected in house
    assert not any(".migrations" in name or name.startswith("migrations") for name in house)
    assert "tournaments.night.models" in house["tournaments.night.views.director"].imports


def test_every_capability_is_a_package_of_the_app(house):
    for name in CAPABILITIES:
        assert f"tournaments.{name}" in house


def test_no_module_is_past_400_lines(house):
    long = {name: module.lines for name, module in house.items() if module.lines > MAX_LINES}
    assert long == {}


def test_no_modules_import_each_other_round_a_circle(house):
    assert circles(house) == []


@pytest.mark.parametrize("floor", FLOORS, ids=lambda floor: floor.rule)
def test_imports_go_down_the_floors(house, floor):
    assert upward_imports(house, floor) == []


@pytest.mark.parametrize("floor", FLOORS, ids=lambda floor: floor.rule)
def test_every_floor_governs_modules_that_exist(house, floor):
    """A rule whose room was renamed or moved would pass by governing nothing."""
    assert any(floor.governs(name) for name in house), f"no module in {floor.rooms}"


def test_no_capability_takes_a_private_name_of_another(house):
    assert private_names_across_capabilities(house) == []


def test_raw_sql_lives_only_in_the_persistence_room(house):
    assert raw_sql_outside_db(house) == []


# --- The checks themselves, on a tree made to break them ------------------------------------


def _tree(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@pytest.fixture
def broken(tmp_path) -> Graph:
    """Two modules in a circle (one side lazy, taking a private), bridge importing up, a migration."""
    _tree(
        tmp_path,
        {
            "tournaments/__init__.py": "",
            "tournaments/bridge/__init__.py": "",
            "tournaments/bridge/cards.py": "import django\nfrom tournaments.models import Deal\n",
            "tournaments/models/__init__.py": "from .deals import Deal\n",
            "tournaments/models/deals.py": "from ..bridge import cards\n\nDeal = cards\n",
            "tournaments/views/__init__.py": "",
            "tournaments/views/a.py": "from tournaments.views.b import page\n",
            "tournaments/views/b.py": (
                "from tournaments import models\n\n\ndef page():\n"
                "    from tournaments.views import a\n    return a._helper(models)\n"
            ),
            "tournaments/services/__init__.py": "from tournaments.views.a import page\n",
            "tournaments/migrations/0001_initial.py": "from tournaments.views import a\n",
        },
    )
    return import_graph(tmp_path, packages=("tournaments",))


def test_the_graph_resolves_absolute_relative_and_lazy_imports(broken):
    assert "tournaments.migrations.0001_initial" not in broken
    assert broken["tournaments.models"].imports == {"tournaments.models.deals"}
    assert broken["tournaments.models.deals"].imports == {"tournaments.bridge.cards"}
    assert broken["tournaments.views.b"].imports == {"tournaments.models", "tournaments.views.a"}
    assert broken["tournaments.bridge.cards"].external == {"django"}


def test_the_circle_check_finds_a_circle_through_a_lazy_import(broken):
    assert circles(broken) == [
        ["tournaments.bridge.cards", "tournaments.models", "tournaments.models.deals"],
        ["tournaments.views.a", "tournaments.views.b"],
    ]


def _floor(rule_start: str) -> Floor:
    (floor,) = [floor for floor in FLOORS if floor.rule.startswith(rule_start)]
    return floor


@pytest.fixture
def crossed(tmp_path) -> Graph:
    """Capabilities that break every rule once: up the order, into the hub, a private, raw SQL."""
    _tree(
        tmp_path,
        {
            "tournaments/__init__.py": "",
            "tournaments/models/__init__.py": "from tournaments.night.models import SESSION\n",
            "tournaments/bridge/__init__.py": "",
            "tournaments/bridge/cards.py": "import django\nfrom tournaments.core.models import CLUB\n",
            "tournaments/core/__init__.py": "",
            "tournaments/core/models.py": "CLUB = 1\n",
            "tournaments/core/pages.py": "from tournaments.night.selectors import sessions\n",
            "tournaments/night/__init__.py": "",
            "tournaments/night/models.py": "from tournaments.core.models import CLUB\n\nSESSION = CLUB\n",
            "tournaments/night/selectors.py": "from tournaments.night.services import _lock\n\nsessions = 1",
            "tournaments/night/services.py": "from tournaments.teams.services import draw\n\n_lock = draw",
            "tournaments/night/views.py": "from tournaments import models\n",
            "tournaments/teams/__init__.py": "",
            "tournaments/teams/models.py": "from tournaments.night.services import _lock\n",
            "tournaments/teams/services.py": (
                "from django.db import connection\n\nfrom tournaments.night import services\n\n\n"
                "def draw():\n    return services._lock, connection.cursor()\n"
            ),
        },
    )
    return import_graph(tmp_path, packages=("tournaments",))


def test_the_floor_checks_find_imports_back_up(crossed):
    assert upward_imports(crossed, _floor("bridge")) == [
        "tournaments.bridge.cards -> tournaments.core.models",
        "tournaments.bridge.cards -> django",
    ]
    assert upward_imports(crossed, _floor("core imports")) == [
        "tournaments.core.pages -> tournaments.night.selectors"
    ]
    assert upward_imports(crossed, _floor("night imports")) == [
        "tournaments.night.services -> tournaments.teams.services",
        "tournaments.night.views -> tournaments.models",
    ]
    assert upward_imports(crossed, _floor("teams imports")) == []
    assert upward_imports(crossed, _floor("models import")) == [
        "tournaments.teams.models -> tournaments.night.services"
    ]
    assert upward_imports(crossed, _floor("selectors never")) == [
        "tournaments.night.selectors -> tournaments.night.services"
    ]
    assert upward_imports(crossed, _floor("the capabilities import their models")) == [
        "tournaments.night.views -> tournaments.models"
    ]


def test_the_private_check_finds_a_capability_taking_another_s_private(crossed):
    assert private_names_across_capabilities(crossed) == [
        "tournaments.teams.models uses tournaments.night.services._lock",
        "tournaments.teams.services uses tournaments.night.services._lock",
    ]


def test_the_raw_sql_check_finds_a_cursor_outside_db(crossed):
    assert raw_sql_outside_db(crossed) == ["tournaments.teams.services:7 .cursor()"]


def test_a_module_past_the_limit_is_counted_to_its_last_line(tmp_path):
    _tree(tmp_path, {"bench/long.py": "x = 1\n" * (MAX_LINES + 1), "bench/short.py": "x = 1\n" * MAX_LINES})
    modules = import_graph(tmp_path, packages=("bench",))
    assert {name: module.lines for name, module in modules.items()} == {
        "bench.long": MAX_LINES + 1,
        "bench.short": MAX_LINES,
    }
