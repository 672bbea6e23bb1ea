"""Shared fixtures: a club, its director, and sessions built through the services.

Fixtures go through the same services the site uses, so a test's data obeys the same
rules a director's does. Database access stays opt-in (``db`` only where asked).
"""

from __future__ import annotations

import datetime
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.flush import flush_by_delete
from tests.queue import job_queue  # noqa: F401 - the task queue's fixture, for every test
from tournaments.core.models import Club
from tournaments.night.models import Movement, Session


def pytest_configure(config: pytest.Config) -> None:
    """Build the translations' ``.mo`` from the committed ``.po`` where missing or older.

    ``make test`` builds them first (``make messages``); this covers ``pytest`` run alone,
    so a page is never tested in English for want of a catalogue. The controller builds
    them once, before the xdist workers start; each is written whole (``os.replace``).
    Every process (the controller and each worker) also has PostgreSQL's flush delete
    rather than truncate (``tests/flush.py``).
    """
    flush_by_delete()
    if hasattr(config, "workerinput"):
        return
    for source in sorted(Path(__file__).resolve().parent.parent.glob("locale/*/LC_MESSAGES/django.po")):
        target = source.with_suffix(".mo")
        if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
            continue
        msgfmt = shutil.which("msgfmt")
        if msgfmt is None:
            raise pytest.UsageError(
                f"{target} is missing and msgfmt is not installed: apt-get install gettext"
            )
        partial = target.with_suffix(".mo.partial")
        subprocess.run([msgfmt, "--check", "-o", str(partial), str(source)], check=True)
        os.replace(partial, target)


# Files whose tests take seconds each (a browser, a program started, migrations walked back
# and forth, a world built), in the order a run of the whole suite measured them longest.
# With ``-n``, xdist sends files to the workers in the collection's order
# (``--no-loadscope-reorder``); its default order, most tests first, left these few-test
# files to the end, where one worker ran them for minutes while the other stood idle. First,
# the many short files fill the gaps. The browser files come first and together: spread
# among the others (tried), each waited on a Chromium the other worker's CPU-bound files
# starved, and the suite took 8:06 against 7:20.
RUN_FIRST = (
    *(
        f"tests/e2e/test_{name}_browser.py"  # over 30 s of a worker each, longest first
        for name in ("handicaps_strata", "rounds", "table_entry", "sections", "teams")
    ),
    "tests/e2e/test_browser.py",
    "tests/e2e/",
    "tests/walk/test_walk.py",  # 36 whole evenings, about a minute and a half of one worker
    "tests/core/test_backup_in_use.py",
    "tests/core/test_director_routes.py",
    "tests/management/test_load_demo.py",
    "tests/management/test_load_demo_analysis.py",
    "tests/test_translations.py",
    "tests/api/test_fuzz.py",
    "tests/exchange/test_simpscore_entry.py",
    "tests/exchange/test_bws_real_file.py",
    "tests/exchange/test_bws_command.py",
    "tests/api/test_write_rate_shared.py",
    "tests/clubscore/test_deployment.py",
    "tests/clubscore/test_settings.py",
)


def _path(item: pytest.Item) -> str:
    path = item.nodeid.split("::", 1)[0]
    return path if path.startswith("tests/") else f"tests/{path}"


def _long_first(item: pytest.Item) -> int:
    path = _path(item)
    return next((place for place, start in enumerate(RUN_FIRST) if path.startswith(start)), len(RUN_FIRST))


def _refuse_browser_tests_unmarked(items: list[pytest.Item]) -> None:
    """Every test of tests/e2e/, and only they, carry the ``e2e`` mark.

    CI's PostgreSQL run leaves the browser tests out by that mark (.ci/run: they ran on
    SQLite): an unmarked browser test would run twice, a marked database test never on
    PostgreSQL.
    """
    for item in items:
        if _path(item).startswith("tests/e2e/") != (item.get_closest_marker("e2e") is not None):
            raise pytest.UsageError(f"{item.nodeid}: the e2e mark is for tests/e2e/, every test of it")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the long files first (``RUN_FIRST``), each file's tests in their own order."""
    _refuse_browser_tests_unmarked(items)
    items.sort(key=_long_first)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory) -> None:
    """SQLite's test database is a file in WAL mode, as production's is (``settings.py``).

    Django's default for SQLite, one in-memory database shared between connections, is
    not what the site runs on: another connection (the live server's request threads,
    the settle and analysis threads) meeting a write was refused at once ("database table
    is locked"), so the browser tests saw 500s that production never gives. A file in
    this run's (this worker's) temporary folder needs no suffix per xdist worker.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    test = database.setdefault("TEST", {})
    if database["ENGINE"] == "django.db.backends.sqlite3" and not test.get("NAME"):
        test["NAME"] = str(tmp_path_factory.mktemp("database") / "test.sqlite3")


@pytest.fixture
def client():
    """Django's test client, naming its language as every browser does (``Accept-Language``):
    a request naming none reads its club's language too (``core/language.py``), a query the
    pages' query counts would otherwise include. A test of that case sends an empty header."""
    from django.test import Client

    return Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")


@pytest.fixture
def director(django_user_model):
    return a_director()


@pytest.fixture
def club(db, director) -> Club:
    return riverside_club(director)


def a_director():
    """The ``director`` fixture's user, for a module's world (tests/module_world.py)."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username="director", password="bridge-director-pw")


def riverside_club(director) -> Club:
    """The ``club`` fixture's club, directed by ``director``, for a module's world too."""
    club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
    club.directors.add(director)
    return club


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


def _seat_pairs(session: Session, names: list[tuple[str, str]], direction: str) -> list:
    from tournaments.night.services.sessions import pair_add

    return [pair_add(session=session, player_names=pair, direction=direction) for pair in names]


def seated_mitchell(
    club: Club,
    *,
    name: str = "Monday",
    tables: int = 3,
    boards_per_round: int = 2,
    rounds: int | None = 3,
    arrow_switch_rounds: tuple[int, ...] = (),
    start: bool = False,
) -> Session:
    """A Mitchell set up as a director does it: the movement, a pair at each table's NS and
    EW ('North 3 - South 3', 'East 3 - West 3'), the movement's boards (not dealt) and the
    tables' entry links; play started when ``start``."""
    from tournaments.night.services.movement import (
        movement_boards_ensure,
        session_create_with_movement,
        session_start,
    )
    from tournaments.night.services.sessions import pair_add
    from tournaments.night.services.table_entry import table_accesses_ensure

    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 11, 23),
        name=name,
        movement=Movement.MITCHELL,
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=rounds,
        arrow_switch_rounds=arrow_switch_rounds,
    )
    for number in range(1, tables + 1):
        pair_add(session=session, player_names=(f"North {number}", f"South {number}"), direction="NS")
        pair_add(session=session, player_names=(f"East {number}", f"West {number}"), direction="EW")
    movement_boards_ensure(session=session)
    table_accesses_ensure(session)
    return session_start(session=session) if start else session


def rounds_night(
    club: Club, kind: str, pairs: int, *, rounds: int, scoring: str = "mp", name: str = ""
) -> Session:
    """A barometer or a Swiss pairs of ``pairs`` pairs ('Player 1a - Player 1b'), 2 boards a round,
    the boards made (not dealt), the tables' entry links, play started."""
    from tournaments.night.services.movement import (
        movement_boards_ensure,
        session_create_with_movement,
        session_start,
    )
    from tournaments.night.services.sessions import pair_add
    from tournaments.night.services.table_entry import table_accesses_ensure

    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 11, 27),
        name=name or f"{kind} {pairs}",
        movement=kind,
        scoring=scoring,
        tables=(pairs + 1) // 2,
        boards_per_round=2,
        rounds=rounds,
    )
    for number in range(1, pairs + 1):
        pair_add(session=session, player_names=(f"Player {number}a", f"Player {number}b"))
    movement_boards_ensure(session=session)
    table_accesses_ensure(session)
    return session_start(session=session)


def mitchell_3nt(session: Session, ns: int, ew: int, tricks: str = "9"):
    """3NT by North between Mitchell pairs ``ns`` (NS) and ``ew`` (EW): a director's ResultEntry."""
    from tournaments.night.services.results import ResultEntry

    return ResultEntry(
        session.pairs.get(direction="NS", number=ns),
        session.pairs.get(direction="EW", number=ew),
        "3NT",
        "N",
        tricks,
    )


NS_NAMES = [("Ann North", "Bob North"), ("Cat North", "Dan North"), ("Eve North", "Fay North")]
EW_NAMES = [("Gus East", "Hal East"), ("Ida East", "Jon East"), ("Kim East", "Lou East")]


@pytest.fixture
def mitchell_session(club) -> Session:
    """Three NS pairs and three EW pairs, boards 1-3 dealt from a seeded shuffle, play started
    (results are taken in play only, issue 28, point 7)."""
    return friday_mitchell(club)


def friday_mitchell(club: Club) -> Session:
    """The ``mitchell_session`` fixture's night, for a module's world (tests/module_world.py)."""
    from tournaments.night.services.boards import boards_deal
    from tournaments.night.services.movement import session_start
    from tournaments.night.services.sessions import session_create

    session = session_create(
        club=club, date=datetime.date(2026, 11, 20), name="Friday evening", movement=Movement.MITCHELL
    )
    _seat_pairs(session, NS_NAMES, "NS")
    _seat_pairs(session, EW_NAMES, "EW")
    boards_deal(session=session, count=3, rng=random.Random(2026))
    return session_start(session=session)


@pytest.fixture
def howell_session(club) -> Session:
    """Four pairs in one field, boards 1-2 not dealt, play started."""
    from tournaments.night.services.boards import boards_ensure
    from tournaments.night.services.movement import session_start
    from tournaments.night.services.sessions import session_create

    session = session_create(
        club=club, date=datetime.date(2026, 11, 21), name="Saturday", movement=Movement.HOWELL
    )
    _seat_pairs(session, NS_NAMES[:2] + EW_NAMES[:2], "")
    boards_ensure(session=session, count=2)
    return session_start(session=session)
