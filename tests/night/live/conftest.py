"""The pages' cache three ways: each process its own (no ``CACHE_URL``), one shared cache in
memory, and Redis (``CACHE_URL``; skipped if none answers at 127.0.0.1:6379)."""

from __future__ import annotations

import os
import socket
import uuid

import pytest
from django.core.cache import cache

from tournaments.night.live import store

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/9")
MODES = ("own", "shared", "redis")


def _redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


def _forget_prefix(prefix: str) -> None:
    """Delete this test's keys only: the Redis is shared with other suites (never a FLUSHDB)."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
    if keys:
        client.delete(*keys)


def cache_in(mode: str, settings) -> str | None:
    """Point Django's cache at ``mode``'s; return the Redis key prefix to clean up, if any."""
    store._resting_until = 0.0  # a test before may have left the cache resting after a failure
    if mode == "redis":
        if not _redis_answers():
            pytest.skip("no Redis at 127.0.0.1:6379")
        prefix = f"test-cached-{uuid.uuid4().hex[:12]}"
        settings.CACHES = {
            "default": {
                "BACKEND": "tournaments.night.live.backend.RedisCacheKeepingClients",
                "LOCATION": REDIS_URL,
                "KEY_PREFIX": prefix,
                "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
            }
        }
        settings.CLUBSCORE_SHARED_CACHE = True
        return prefix
    location = f"cached-tests-{uuid.uuid4().hex[:12]}"  # a cache no other test has filled
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": location}
    }
    settings.CLUBSCORE_SHARED_CACHE = mode == "shared"
    return None


@pytest.fixture(params=MODES)
def cache_mode(request, settings):
    """Each test three times: its own cache per process, a shared one, Redis."""
    prefix = cache_in(request.param, settings)
    yield request.param
    if prefix:
        _forget_prefix(prefix)
    else:
        cache.clear()  # this test's own in-memory cache
    store._resting_until = 0.0


@pytest.fixture
def shared_cache(settings):
    """A shared cache in memory (as Redis behaves, in one process)."""
    cache_in("shared", settings)
    yield
    cache.clear()
    store._resting_until = 0.0
