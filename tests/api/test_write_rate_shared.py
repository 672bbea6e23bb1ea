"""Two app servers count a token's writes together when they share a Redis cache (CACHE_URL).

Each "server" is a fresh Python process with the production settings, counting the same
token's writes in the same minute: with CACHE_URL they refuse past the rate between
them; without it each allows the whole rate (the per-process default, shown for contrast).
"""

from __future__ import annotations

import secrets
import socket

import pytest

from tests.clubscore.test_settings import _run

REDIS = ("127.0.0.1", 6379)
RATE, TRIES = 10, 8

# One "server": TRIES writes of token PK in one minute; prints how many were allowed.
_SERVER = (
    "import django; django.setup()\n"
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


def _two_servers(env: dict[str, str]) -> list[int]:
    pk, minute = secrets.randbelow(10**9) + 10**9, secrets.randbelow(10**6)
    script = _SERVER.format(tries=TRIES, pk=pk, minute=minute)
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


def test_without_one_each_server_counts_on_its_own():
    assert _two_servers({}) == [TRIES, TRIES]


def test_a_cache_url_that_is_not_redis_is_refused_with_its_name():
    completed = _run(
        "-c", "import django; django.setup()", env={"SECRET_KEY": "x" * 50, "CACHE_URL": "memcached://x"}
    )
    assert completed.returncode != 0
    assert "CACHE_URL must be a redis://" in completed.stderr
