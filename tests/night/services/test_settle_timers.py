"""The settles' timers: due jobs run in time order, survive a failing job, and reuse connections.

Reuse is the point (a connection costs PostgreSQL ~4 ms of CPU to open): a burst of
jobs opens at most one connection per timer thread, and a thread idle for longer than
``IDLE_SECONDS`` has closed its own.

The tests wait for what the threads did (a job run, a connection closed), never for a
moment: where the order of jobs is the point, all threads but one are held busy, so the
jobs run one after another on the free one and finish in the order they were taken.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection
from django.db.backends.signals import connection_created

from tournaments.night.services import settle_timers as timers

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 60  # seconds: a bound for a loaded machine; each wait ends as soon as its state comes


class Jobs:
    """What the jobs did, and a way to wait until ``count`` of them have run."""

    def __init__(self) -> None:
        self.ran: list[str] = []
        self.threads: dict[str, str] = {}  # job -> the timer thread that ran it
        self.lock = threading.Lock()
        self.all_done = threading.Event()
        self.expected = 0

    def job(self, name: str, query: bool = True) -> None:
        if query:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        with self.lock:
            self.ran.append(name)
            self.threads[name] = threading.current_thread().name
            if len(self.ran) == self.expected:
                self.all_done.set()

    def wait(self, count: int) -> None:
        with self.lock:
            self.expected = count
            if len(self.ran) >= count:
                self.all_done.set()
        assert self.all_done.wait(WAIT), f"only {self.ran} ran"
        self.all_done.clear()


@contextmanager
def one_free_thread() -> Iterator[None]:
    """Hold every timer thread but one in a job of its own until the block ends."""
    held = threading.Semaphore(0)
    release = threading.Event()

    def hold() -> None:
        held.release()
        release.wait(WAIT)

    for _ in range(timers.THREADS - 1):
        timers.run_later(0, hold)
    try:
        for _ in range(timers.THREADS - 1):
            assert held.acquire(timeout=WAIT), "the timer threads were not free to hold"
        yield
    finally:
        release.set()


class Closings:
    """``connections`` for the timer threads, noting each thread that closes its connections."""

    def __init__(self, real) -> None:
        self._real = real
        self.closed: set[str] = set()
        self._changed = threading.Condition()

    def close_all(self) -> None:
        self._real.close_all()
        with self._changed:
            self.closed.add(threading.current_thread().name)
            self._changed.notify_all()

    def wait_closed_by(self, thread: str) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: thread in self.closed, WAIT), (
                f"{thread} kept its connection"
            )

    def __iter__(self):
        return iter(self._real)

    def __getitem__(self, alias: str):
        return self._real[alias]


@pytest.fixture
def opened():
    """The connections opened meanwhile, by the timer threads."""
    names: list[str] = []

    def count(sender, connection, **kwargs) -> None:
        if threading.current_thread().name.startswith("settle-timer-"):
            names.append(threading.current_thread().name)

    connection_created.connect(count)
    yield names
    connection_created.disconnect(count)


def test_jobs_run_when_due_earliest_first():
    jobs = Jobs()
    with one_free_thread():
        started = time.monotonic()
        for name, after in (("third", 0.3), ("first", 0.05), ("second", 0.15)):
            timers.run_later(after, jobs.job, name, False)
        jobs.wait(3)
    assert jobs.ran == ["first", "second", "third"]
    assert time.monotonic() - started >= 0.3  # none ran before it was due


def test_a_failing_job_does_not_stop_the_ones_after_it(caplog):
    jobs = Jobs()

    def fails() -> None:
        raise RuntimeError("lost connection")

    with one_free_thread():  # the failure is logged before the job after it runs
        timers.run_later(0.01, fails)
        timers.run_later(0.05, jobs.job, "after", False)
        jobs.wait(1)
    assert jobs.ran == ["after"]
    assert "lost connection" in caplog.text or "fails" in caplog.text


def test_a_burst_of_jobs_opens_at_most_one_connection_a_thread(opened):
    jobs = Jobs()
    for number in range(24):
        timers.run_later(0.01 * number, jobs.job, f"burst {number}")
    jobs.wait(24)
    assert 1 <= len(opened) <= timers.THREADS  # a Timer a job opened 24


def test_a_thread_idle_for_a_while_has_closed_its_connection(monkeypatch, opened):
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("Django keeps an in-memory SQLite database open: closing would drop it")
    monkeypatch.setattr(timers, "IDLE_SECONDS", 0.2)
    closings = Closings(timers.connections)
    monkeypatch.setattr(timers, "connections", closings)
    jobs = Jobs()
    timers.run_later(0, jobs.job, "before")
    jobs.wait(1)
    closings.wait_closed_by(jobs.threads["before"])  # idle: the thread has closed its connection
    before = len(opened)
    timers.run_later(0, jobs.job, "after the pause")
    jobs.wait(2)
    assert len(opened) == before + 1
