"""The settles' timers: due jobs run in time order, survive a failing job, and reuse connections.

Reuse is the point (a connection costs PostgreSQL ~4 ms of CPU to open): a burst of
jobs opens at most one connection per timer thread, and a thread idle for longer than
``IDLE_SECONDS`` has closed its own.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection
from django.db.backends.signals import connection_created

from tournaments.services import settle_timers as timers

pytestmark = pytest.mark.django_db(transaction=True)


class Jobs:
    """What the jobs did, and a way to wait until ``count`` of them have run."""

    def __init__(self) -> None:
        self.ran: list[str] = []
        self.lock = threading.Lock()
        self.all_done = threading.Event()
        self.expected = 0

    def job(self, name: str, query: bool = True) -> None:
        if query:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        with self.lock:
            self.ran.append(name)
            if len(self.ran) == self.expected:
                self.all_done.set()

    def wait(self, count: int) -> None:
        with self.lock:
            self.expected = count
            if len(self.ran) >= count:
                self.all_done.set()
        assert self.all_done.wait(10), f"only {self.ran} ran"
        self.all_done.clear()


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
    for name, after in (("third", 0.3), ("first", 0.05), ("second", 0.15)):
        timers.run_later(after, jobs.job, name, False)
    started = time.monotonic()
    jobs.wait(3)
    assert jobs.ran == ["first", "second", "third"]
    assert time.monotonic() - started >= 0.25


def test_a_failing_job_does_not_stop_the_ones_after_it(caplog):
    jobs = Jobs()

    def fails() -> None:
        raise RuntimeError("lost connection")

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
    jobs = Jobs()
    timers.run_later(0, jobs.job, "before")
    jobs.wait(1)
    time.sleep(0.5)  # idle: every thread has closed its connection
    before = len(opened)
    timers.run_later(0, jobs.job, "after the pause")
    jobs.wait(2)
    assert len(opened) == before + 1
