"""Two app servers count a token's writes together: in the database by default, in Redis with CACHE_URL.

Each "server" is a fresh Python process with the production settings, counting the same
token's writes in the same minute. Without CACHE_URL the count is a row of the database
both use (issue 28: each process counted its own, and 472 of 480 writes passed a rate of
120); the two send at once, so a count that two processes could both read as 5 and
both write back as 6 would let more through than the rate. With CACHE_URL, Redis counts.
"""

from __future__ import annotations

import secrets
import socket
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests.clubscore.test_settings import _run
from tests.night.test_two_app_servers import _database_url
from tournaments.core.models import Club
from tournaments.core.services.api_tokens import api_token_create

REDIS = ("127.0.0.1", 6379)
RATE, TRIES = 10, 8
RATE_AT_ONCE, AT_ONCE = 40, 30  # each server sends 30 at once with the other: 40 of the 60 pass

# One "server": TRIES writes of token PK in one minute; prints how many were allowed.
_SERVER = (
    "import django; django.setup()\n"
    "{barrier}"
    "from types import SimpleNamespace\n"
    "from tournaments.api.auth import Refused, count_write\n"
    "allowed = 0\n"
    "for _ in range({tries}):\n"
    "    try:\n"
    "        count_write(SimpleNamespace(pk={pk}), now=60.0 * {minute})\n"
    "        allowed += 1\n"
    "    except Refused:\n"
    "        pass\n"
    "print(allowed)\n"
)


def _redis_answers() -> bool:
    try:
        with socket.create_connection(REDIS, timeout=1):
            return True
    except OSError:
        return False


# Wait until both servers are ready, so their writes overlap: each leaves a file, then waits for two.
_BARRIER = (
    "import os, pathlib, time\n"
    "meeting = pathlib.Path({folder!r})\n"
    "(meeting / f'ready-{{os.getpid()}}').touch()\n"
    "while len(list(meeting.glob('ready-*'))) < 2:\n"
    "    time.sleep(0.005)\n"
)


def _two_servers(env: dict[str, str]) -> list[int]:
    pk, minute = secrets.randbelow(10**9) + 10**9, secrets.randbelow(10**6)
    script = _SERVER.format(barrier="", tries=TRIES, pk=pk, minute=minute)
    env = {"SECRET_KEY": "x" * 50, "API_WRITE_RATE": str(RATE), **env}
    allowed = []
    for _ in range(2):
        completed = _run("-c", script, env=env)
        assert completed.returncode == 0, completed.stderr
        allowed.append(int(completed.stdout.strip()))
    return allowed


@pytest.mark.skipif(not _redis_answers(), reason="no Redis server at 127.0.0.1:6379")
def test_with_a_shared_cache_two_servers_allow_the_rate_between_them():
    first, second = _two_servers({"CACHE_URL": f"redis://{REDIS[0]}:{REDIS[1]}/0"})
    assert (first, second) == (TRIES, RATE - TRIES)


# A fresh SQLite database, migrated as a deployment's is, holding one club's token: prints its id.
_SETUP = (
    "import django; django.setup()\n"
    "from django.core.management import call_command\n"
    "call_command('migrate', verbosity=0)\n"
    "from tournaments.models import Club\n"
    "from tournaments.core.services.api_tokens import api_token_create\n"
    "club = Club.objects.create(name='Riverside', slug='riverside')\n"
    "print(api_token_create(club=club, name='site').token.pk)\n"
)


@pytest.fixture
def shared_database(tmp_path) -> tuple[str, int]:
    """A database two fresh processes can reach, with one club's token: (its URL, the token's id).

    On PostgreSQL the test database itself (the test commits, so the servers see the token);
    on SQLite a file migrated by ``migrate`` alone, as ``make run`` and a deployment do.
    """
    if connection.vendor == "postgresql":
        club = Club.objects.create(name="Riverside", slug="riverside")
        return _database_url(), api_token_create(club=club, name="site").token.pk
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    completed = _run("-c", _SETUP, env={"SECRET_KEY": "x" * 50, "DATABASE_URL": url})
    assert completed.returncode == 0, completed.stderr
    return url, int(completed.stdout.strip())


@pytest.mark.django_db(transaction=True)
def test_without_one_two_servers_sending_at_once_allow_the_rate_between_them(shared_database, tmp_path):
    url, token_pk = shared_database
    barrier = _BARRIER.format(folder=str(tmp_path))
    script = _SERVER.format(barrier=barrier, tries=AT_ONCE, pk=token_pk, minute=secrets.randbelow(10**6))
    env = {"SECRET_KEY": "x" * 50, "API_WRITE_RATE": str(RATE_AT_ONCE), "DATABASE_URL": url}
    with ThreadPoolExecutor(2) as pool:
        servers = list(pool.map(lambda _: _run("-c", script, env=env), range(2)))
    assert [server.returncode for server in servers] == [0, 0], [server.stderr for server in servers]
    allowed = [int(server.stdout.strip()) for server in servers]
    assert sum(allowed) == RATE_AT_ONCE, allowed


def test_a_cache_url_that_is_not_redis_is_refused_with_its_name():
    completed = _run(
        "-c", "import django; django.setup()", env={"SECRET_KEY": "x" * 50, "CACHE_URL": "memcached://x"}
    )
    assert completed.returncode != 0
    assert "CACHE_URL must be a redis://" in completed.stderr
