"""The Redis backend of ``CACHE_URL`` keeps its client between calls, and stores and reads as Django's."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.cache import cache

from tests.night.live.conftest import cache_in


def test_the_redis_backend_keeps_one_client_and_reads_what_it_stored(settings):
    prefix = cache_in("redis", settings)
    try:
        client = cache._cache.get_client(write=True)
        cache.set("kept", ("a stamp", False), 5)
        assert cache.get("kept") == ("a stamp", False)
        assert cache.get_many(["kept", "absent"]) == {"kept": ("a stamp", False)}
        assert cache._cache.get_client(write=True) is client
        cache.delete_many(["kept"])
        assert cache.get("kept") is None
    finally:
        cache.delete_many(["kept"])
        assert prefix


@pytest.mark.parametrize(("url", "shared"), [("redis://127.0.0.1:6379/0", "True"), ("", "False")])
def test_cache_url_names_the_backend_that_keeps_its_clients_and_shares_the_stamps(url, shared):
    script = (
        "from django.conf import settings; "
        "print(settings.CACHES['default']['BACKEND'], settings.CLUBSCORE_SHARED_CACHE)"
    )
    env = {k: v for k, v in os.environ.items() if k != "CACHE_URL"} | {"SECRET_KEY": "x" * 50}
    env |= {"DJANGO_SETTINGS_MODULE": "clubscore.settings"} | ({"CACHE_URL": url} if url else {})
    completed = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    backend = (
        "tournaments.night.live.backend.RedisCacheKeepingClients"
        if url
        else "django.core.cache.backends.locmem.LocMemCache"
    )
    assert completed.stdout.split() == [backend, shared]
