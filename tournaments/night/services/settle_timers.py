"""Run the settles' timers on a few long-lived threads, each keeping its database connection.

A ``threading.Timer`` a wait started a thread whose first query opened a connection,
closed again after the settle. With 200 clubs' tables sending at once that was some
hundred connections a second, and each costs PostgreSQL about 4 ms of CPU to start: most
of the database's share of the two cores in ``bench/bench_national.py``. These threads
keep their connection while there is work (a broken one is replaced, and one older than
a ``CONN_MAX_AGE`` retired), and close it once nothing is due for ``IDLE_SECONDS``, so
an idle worker holds none (nor does a test's database when the test ends).

Several threads, so one slow settle (a congress's) does not hold up the other clubs';
settles of one session still queue on its row lock, as they did.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable

from django.db import connections

logger = logging.getLogger(__name__)

THREADS = 4
IDLE_SECONDS = 5.0

_condition = threading.Condition()
_due: list[tuple[float, int, Callable[..., None], tuple]] = []
_order = itertools.count()  # equal times run in the order asked
_threads: list[threading.Thread] = []


def run_later(after: float, function: Callable[..., None], *args: object) -> None:
    """Call ``function(*args)`` on one of the timer threads ``after`` seconds from now."""
    with _condition:
        heapq.heappush(_due, (time.monotonic() + after, next(_order), function, args))
        _start_threads()
        _condition.notify()


def _start_threads() -> None:
    """Start the threads not running (the first call, or in a process forked after it)."""
    _threads[:] = [thread for thread in _threads if thread.is_alive()]
    while len(_threads) < THREADS:
        thread = threading.Thread(target=_serve, name=f"settle-timer-{len(_threads) + 1}", daemon=True)
        _threads.append(thread)
        thread.start()


def _serve() -> None:
    while True:
        function, args = _next_due()
        _drop_broken_connections()
        try:
            function(*args)
        except Exception:  # noqa: BLE001 - a job's failure must not stop the thread serving the others
            name = getattr(function, "__name__", function)
            logger.exception("A settle timer's job %s%s failed", name, args)


def _drop_broken_connections() -> None:
    """Close this thread's connection if the last job broke it, or it is past ``CONN_MAX_AGE``.

    Unlike a request's end, a ``CONN_MAX_AGE`` of 0 does not close it after every job: the
    thread is one long-lived client, and closes its connection when idle instead.
    """
    for alias in connections:
        handler = connections[alias]
        if handler.connection is None:
            continue
        if handler.settings_dict["CONN_MAX_AGE"]:
            handler.close_if_unusable_or_obsolete()
        elif handler.errors_occurred and not handler.is_usable():
            handler.close()


def _next_due() -> tuple[Callable[..., None], tuple]:
    """Wait for the earliest job to come due and take it; close this thread's connection while idle."""
    with _condition:
        while True:
            now = time.monotonic()
            if _due and _due[0][0] <= now:
                _, _, function, args = heapq.heappop(_due)
                return function, args
            wait = _due[0][0] - now if _due else None
            if wait is None or wait > IDLE_SECONDS:
                connections.close_all()
            _condition.wait(wait)
