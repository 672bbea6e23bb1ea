"""Django's cache, asked so that a cache that fails never fails a page.

A Redis that stops answering (restarted, full, unreachable) raises from every call; a
page must then read the database as it did before there was a cache. Each call here
answers "not found" (or "not stored") instead, and after a failure this process leaves
the cache alone for ``RESTING_SECONDS``, so a dead Redis costs one timed-out call
(0.5 s at most, ``CACHE_URL``'s socket timeouts) per process and pause, not one per
request. Deleting is the exception a caller may need to know about: ``forget`` says
whether the keys are gone.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, BaseCache, cache, caches

logger = logging.getLogger(__name__)

RESTING_SECONDS = 5.0

_resting_until = 0.0
_lock = threading.Lock()


def shared() -> bool:
    """Whether every process and server sees the same cache (``CACHE_URL``), so a write in one
    can tell the readers in all the others."""
    return bool(getattr(settings, "CLUBSCORE_SHARED_CACHE", False))


def _resting() -> bool:
    return time.monotonic() < _resting_until


def _failed(doing: str, error: Exception) -> None:
    global _resting_until
    with _lock:
        first = not _resting()
        _resting_until = time.monotonic() + RESTING_SECONDS
    if first:
        logger.warning(
            "The cache failed (%s: %s): the pages read the database for %.0f s", doing, error, RESTING_SECONDS
        )


def recall(key: str) -> Any | None:
    """The value under ``key``, or None if there is none or the cache cannot be asked."""
    if _resting():
        return None
    try:
        return cache.get(key)
    except Exception as error:  # noqa: BLE001 - any failure of the cache is a miss
        _failed("get", error)
        return None


def recall_many(keys: Iterable[str]) -> dict[str, Any]:
    """The values found under ``keys`` (one round trip); none if the cache cannot be asked."""
    if _resting():
        return {}
    try:
        return cache.get_many(list(keys))
    except Exception as error:  # noqa: BLE001 - any failure of the cache is a miss
        _failed("get_many", error)
        return {}


def keep(key: str, value: Any, seconds: float, *, only_if_absent: bool = False) -> None:
    """Store ``value`` under ``key`` for ``seconds`` (``only_if_absent``: unless a value is there)."""
    if _resting():
        return
    try:
        if only_if_absent:
            cache.add(key, value, timeout=seconds)
        else:
            cache.set(key, value, timeout=seconds)
    except Exception as error:  # noqa: BLE001 - a value not stored is read again next time
        _failed("set", error)


def this_cache() -> BaseCache:
    """This thread's cache (Django's are each thread's own), for a later call on another thread."""
    return caches[DEFAULT_CACHE_ALIAS]


def forget(keys: Iterable[str], *, strict: bool = False, using: BaseCache | None = None) -> bool:
    """Delete ``keys`` (from ``using``, else this thread's cache); False if the cache could not
    be told (it may still hold them).

    While the cache rests after a failure it is not asked (a dead Redis would cost every
    write its timeout), unless ``strict``: the caller must know the keys are gone.
    """
    keys = list(keys)
    if not keys:
        return True
    if _resting() and not strict:
        return False
    try:
        (using or cache).delete_many(keys)
    except Exception as error:  # noqa: BLE001 - the caller decides what a failed delete means
        _failed("delete", error)
        return False
    return True
